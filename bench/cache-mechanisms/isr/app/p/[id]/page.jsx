import { Listing, loadListing } from '../../../../listing';

/** As the shop's /cached twin routes: no page at build time, each kept after its first request. */
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

export default async function Page({ params }) {
  const { id } = await params;
  return <Listing id={id} rows={await loadListing(id)} />;
}
