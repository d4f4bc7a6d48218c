/**
 * One SVG sprite of every product illustration (public/illustrations/<kind>.svg), served at
 * ILLUSTRATION_SPRITE by app/illustrations/sprite.svg/route.ts and drawn with <svg><use href=…#kind>.
 *
 * Why a sprite: a browser builds a whole SVG document for every SVG file shown through <img> (and
 * again for a CSS mask), on the page's main thread; a listing of many kinds spent a noticeable part
 * of a phone's start-up on it. One sprite is one document, and each picture is a light copy of its
 * symbol. The drawings' light fills read the product's tint from the --tint custom property (it
 * inherits into the copies), so the colour needs no mask or blend mode either.
 * Pure: the route handler reads the files, this turns them into the sprite.
 */
import { ILLUSTRATIONS, type Illustration } from '@/lib/catalog/illustrations';

export const ILLUSTRATION_SPRITE = '/illustrations/sprite.svg';

/** The drawings' light fills, which take the product's tint; other colours (lines, white, accents) stay. */
export const TINTED_FILLS = ['#e7efe9', '#f3e7d8'];

/** The kind of an illustration path ("/illustrations/sofa.svg" → "sofa"); "furniture" for anything else. */
export function illustrationKind(src: string | null | undefined): Illustration {
  const kind = /^\/illustrations\/([a-z-]+)\.svg$/.exec(src ?? '')?.[1];
  return (ILLUSTRATIONS as readonly string[]).includes(kind ?? '') ? (kind as Illustration) : 'furniture';
}

/**
 * The sprite: one <symbol id="{kind}"> per drawing, its root's presentation attributes kept on a
 * <g>, its <title> dropped (the page labels the picture). Throws if a file is not a 240 × 180 drawing.
 */
export function buildIllustrationSprite(files: { kind: string; svg: string }[]): string {
  const symbols = files.map(({ kind, svg }) => {
    const root = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(svg);
    if (!root || !/viewBox="0 0 240 180"/.test(root[1])) throw new Error(`illustration ${kind}: not a 240 × 180 SVG drawing`);
    const attributes = root[1].replace(/\s*xmlns="[^"]*"/, '').replace(/\s*viewBox="[^"]*"/, '').trim();
    let body = root[2].replace(/<title>[\s\S]*?<\/title>/, '').trim();
    for (const fill of TINTED_FILLS) body = body.replaceAll(`fill="${fill}"`, `style="fill:var(--tint,${fill})"`);
    return `<symbol id="${kind}" viewBox="0 0 240 180"><g ${attributes}>${body}</g></symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}
