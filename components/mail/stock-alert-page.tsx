/**
 * The page an alert e-mail's link opens (/stock-alerts/confirm, /stock-alerts/unsubscribe): what the
 * link is about — the address and the product — and the one button that acts on it; "This link is
 * not valid" for a token that names no alert. Reading the page changes nothing.
 */
import Link from 'next/link';
import { Container } from '@/components/ui/container';
import { PageHeading } from '@/components/ui/page-heading';
import { Notice } from '@/components/ui/notice';
import { buttonClasses } from '@/components/ui/button';
import { readStockAlertLink } from '@/lib/mail/stock-alerts';
import { StockAlertAction } from './stock-alert-action';

export async function StockAlertPage({ kind, token }: { kind: 'confirm' | 'unsubscribe'; token: string }) {
  const link = token ? await readStockAlertLink(token) : null;
  const title = kind === 'confirm' ? 'Confirm your back-in-stock alert' : 'Unsubscribe from back-in-stock alerts';
  if (!link) {
    return (
      <Container className="py-10 sm:py-14">
        <PageHeading title={title} />
        <Notice tone="error" title="This link is not valid" className="mt-8" testId="stock-alert-invalid">
          Please open the link from the e-mail again, exactly as it was sent.{' '}
          <Link href="/products" className="font-medium text-brand-dark underline underline-offset-4">
            Browse the shop
          </Link>
        </Notice>
      </Container>
    );
  }
  const product = (
    <Link href={`/products/${link.product.id}`} className="font-medium text-brand-dark underline underline-offset-4">
      {link.product.name}
    </Link>
  );
  let body: React.ReactNode;
  if (kind === 'confirm' && link.ended) {
    body = <p className="text-base text-ink">This alert has already ended: there is nothing to confirm.</p>;
  } else if (kind === 'confirm') {
    body = (
      <>
        <p className="text-base text-ink">
          We will send one e-mail to <strong>{link.email}</strong> when {product} is back in stock{link.confirmed ? '. Your alert is already confirmed.' : ', once you confirm.'}
        </p>
        {!link.confirmed && <StockAlertAction kind="confirm" token={token} productId={link.product.id} />}
      </>
    );
  } else {
    body = (
      <>
        <p className="text-base text-ink">
          Stop every back-in-stock alert to <strong>{link.email}</strong>, including the one for {product}. You can ask again on any product page.
        </p>
        <StockAlertAction kind="unsubscribe" token={token} productId={link.product.id} />
      </>
    );
  }
  return (
    <Container className="py-10 sm:py-14">
      <PageHeading title={title} />
      <div className="mt-8 max-w-xl space-y-5 rounded-[var(--radius-card)] bg-surface p-6 ring-1 ring-line">{body}</div>
      {kind === 'confirm' && link.confirmed && !link.ended && (
        <Link href={`/products/${link.product.id}`} className={buttonClasses('secondary', 'md', 'mt-6')}>
          Back to the product
        </Link>
      )}
    </Container>
  );
}
