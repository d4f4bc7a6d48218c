import clsx from 'clsx';
import { Container } from './container';

/** A page's h1 with an optional lead paragraph. */
export function PageHeading({ title, lead, className, children }: { title: string; lead?: React.ReactNode; className?: string; children?: React.ReactNode }) {
  return (
    <header className={clsx('space-y-3', className)}>
      <h1 className="font-display text-3xl leading-tight text-ink sm:text-4xl">{title}</h1>
      {lead && <p className="max-w-2xl text-base text-muted sm:text-lg">{lead}</p>}
      {children}
    </header>
  );
}

/** The frame of the shop's information pages (About, Contact, FAQ, Returns, Shipping): heading and lead, then the content. */
export function InfoPage({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <Container className="py-10 sm:py-14">
      <PageHeading title={title} lead={lead} />
      {children}
    </Container>
  );
}
