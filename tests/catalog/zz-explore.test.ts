import { test } from 'vitest';
import { searchProducts } from '@/lib/catalog/read/queries';
import { importRealCatalogue } from '../support/catalog';
const QS = (process.env.QS ?? '').split('|');
test('explore', async () => {
  await importRealCatalogue();
  for (const q of QS) {
    const r = await searchProducts(q, { limit: 10 });
    console.log(`\n## ${q} (${r.total})\n` + r.products.map((p) => `  ${p.sku} | ${p.name}`).join('\n'));
  }
}, 120000);
