// Weighs shopper pages as a browser receives them: one JSON line per URL with the HTML's size
// uncompressed and as sent with `Accept-Encoding: gzip`, and whether it came from the page cache.
// Usage: node bench/page-sizes.mjs <base-url> <path>...
import { gunzipSync } from 'node:zlib';

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error('usage: node bench/page-sizes.mjs <base-url> <path>...');
  process.exit(2);
}

for (const path of paths) {
  await fetch(base + path); // fill the cache first
  const plain = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  const html = Buffer.from(await plain.arrayBuffer());
  // fetch() would decompress transparently; ask node's http layer for the raw bytes instead.
  const gz = await new Promise((resolve, reject) => {
    import('node:http').then(({ get }) =>
      get(base + path, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'] ?? 'none', body: Buffer.concat(chunks) }));
      }).on('error', reject),
    );
  });
  const sameDocument = gz.encoding === 'gzip' ? gunzipSync(gz.body).length : gz.body.length;
  console.log(
    JSON.stringify({
      name: `size ${path}`,
      url: base + path,
      status: plain.status,
      cache: plain.headers.get('x-nextjs-cache'),
      html_bytes: html.length,
      sent_bytes: gz.body.length,
      encoding: gz.encoding,
      decoded_bytes: sameDocument,
    }),
  );
}
