import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { GET } from '@/app/illustrations/sprite.svg/route';
import { buildIllustrationSprite, illustrationKind } from '@/lib/storefront/illustration-sprite';
import { ILLUSTRATIONS } from '@/lib/catalog/illustrations';

describe('the illustration sprite every product picture is drawn from', () => {
  test('GET /illustrations/sprite.svg serves one symbol per kind, each the drawing of its file', async () => {
    const res = await GET();
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const sprite = await res.text();
    const ids = [...sprite.matchAll(/<symbol id="([a-z-]+)" viewBox="0 0 240 180">/g)].map((m) => m[1]);
    expect(ids).toEqual([...ILLUSTRATIONS]);
    // The sofa symbol holds the sofa file's shapes (its rectangles), not another kind's.
    const sofaFile = await readFile(path.join(process.cwd(), 'public/illustrations/sofa.svg'), 'utf8');
    const sofaSymbol = /<symbol id="sofa"[^>]*>([\s\S]*?)<\/symbol>/.exec(sprite)![1];
    const rects = (text: string) => [...text.matchAll(/<rect x="(\d+)" y="(\d+)"/g)].map((m) => `${m[1]},${m[2]}`);
    expect(rects(sofaSymbol)).toEqual(rects(sofaFile));
    expect(rects(sofaSymbol).length).toBeGreaterThan(0);
  });

  test("light fills take the product's tint, lines keep their colour, titles are dropped", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 180" fill="none" stroke="#2f5d50"><title>Sofa</title><rect fill="#e7efe9"/><rect fill="#f3e7d8"/><rect fill="#fff"/><path stroke="#d8d1c3"/></svg>';
    const sprite = buildIllustrationSprite([{ kind: 'sofa', svg }]);
    expect(sprite).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="sofa" viewBox="0 0 240 180"><g fill="none" stroke="#2f5d50">' +
        '<rect style="fill:var(--tint,#e7efe9)"/><rect style="fill:var(--tint,#f3e7d8)"/><rect fill="#fff"/><path stroke="#d8d1c3"/></g></symbol></svg>',
    );
  });

  test('a file that is not a 240 × 180 drawing is refused rather than drawn out of shape', () => {
    expect(() => buildIllustrationSprite([{ kind: 'bed', svg: '<svg viewBox="0 0 100 100"><rect/></svg>' }])).toThrow(/bed/);
    expect(() => buildIllustrationSprite([{ kind: 'bed', svg: '<png/>' }])).toThrow(/bed/);
  });

  test("a picture's kind comes from its illustration path; anything else is drawn as furniture", () => {
    expect(illustrationKind('/illustrations/sofa-bed.svg')).toBe('sofa-bed');
    expect(illustrationKind('/illustrations/bar-stool.svg')).toBe('bar-stool');
    for (const other of ['/illustrations/unknown.svg', '/api/images/3', '/illustrations/sofa.svg#x', '', null, undefined]) expect(illustrationKind(other)).toBe('furniture');
  });
});
