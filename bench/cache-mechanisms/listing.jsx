/**
 * The page both apps of the cache-mechanism bench render (bench/cache-mechanisms.sh): a listing of
 * 300 products, about 100 kB of HTML like the shop's /products, from a "query" that takes 5 ms.
 */
export async function loadListing(id) {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return Array.from({ length: 300 }, (_, i) => ({ id: i, name: `KIVIK three-seat sofa ${id}-${i}, dark grey`, price: (i * 37.5).toFixed(2) }));
}

export function Listing({ id, rows }) {
  return (
    <main>
      <h1>Listing {id}</h1>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            <a href={`/p/${row.id}`}>{row.name}</a> <span>${row.price}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
