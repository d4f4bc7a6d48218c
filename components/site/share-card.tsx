/**
 * The share pictures' layouts: 1200 × 630 cards drawn by ImageResponse (satori), so only
 * inline styles and flex layout. The product card shows its picture, name and price; the room card
 * the room's drawing and name; the shop card the brand. Pictures come in as PNG data URLs
 * (lib/storefront/share-picture.ts).
 */

const INK = '#1e2420';
const BRAND = '#2f5d50';
const SOFT = '#e7efe9';
const CANVAS = '#faf8f4';
const MUTED = '#5c6660';

/** The leaf mark and the store name, as in the site header. */
function Brand({ name, size = 34 }: { name: string; size?: number }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: size * 0.4 }}>
      <svg width={size * 1.3} height={size * 1.3} viewBox="0 0 32 32">
        <circle cx="16" cy="16" r="16" fill={BRAND} />
        <path d="M16 7c5 3.5 6.5 9 0 18-6.5-9-5-14.5 0-18z" fill={SOFT} />
        <path d="M16 11v14" stroke={BRAND} strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span style={{ fontSize: size, color: INK, letterSpacing: -0.5 }}>{name}</span>
    </div>
  );
}

/** A product: its picture on the left, name, colour and size, and price on the right. */
export function ProductShareCard({ storeName, name, detail, price, wasPrice, picture }: { storeName: string; name: string; detail: string | null; price: string | null; wasPrice: string | null; picture: string }) {
  return (
    <div style={{ display: 'flex', width: '100%', height: '100%', background: CANVAS }}>
      <div style={{ display: 'flex', width: 630, height: 630, background: '#ffffff', alignItems: 'center', justifyContent: 'center' }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- satori draws plain <img> */}
        <img src={picture} width={570} height={428} style={{ objectFit: 'contain' }} alt="" />
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flex: 1, padding: '56px 56px 52px' }}>
        <Brand name={storeName} size={28} />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 18 }}>
          <span style={{ fontSize: name.length > 40 ? 44 : 54, lineHeight: 1.1, color: INK }}>{name}</span>
          {detail && <span style={{ fontSize: 28, color: MUTED }}>{detail}</span>}
        </div>
        <div style={{ display: 'flex', alignItems: 'baseline', gap: 18 }}>
          {price && <span style={{ fontSize: 56, color: BRAND }}>{price}</span>}
          {wasPrice && <span style={{ fontSize: 30, color: MUTED, textDecoration: 'line-through' }}>{wasPrice}</span>}
        </div>
      </div>
    </div>
  );
}

/** A room's listing, or the shop itself when `room` is null. */
export function SceneShareCard({ storeName, room, tagline, pictures }: { storeName: string; room: string | null; tagline: string; pictures: string[] }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', width: '100%', height: '100%', background: CANVAS, padding: '60px 72px' }}>
      <Brand name={storeName} size={room ? 30 : 44} />
      <div style={{ display: 'flex', flexDirection: 'column', marginTop: 36, gap: 14 }}>
        <span style={{ fontSize: room ? 72 : 58, lineHeight: 1.05, color: INK }}>{room ?? 'Furniture for New Zealand homes'}</span>
        <span style={{ fontSize: 30, color: MUTED }}>{tagline}</span>
      </div>
      <div style={{ display: 'flex', marginTop: 'auto', gap: 28, justifyContent: 'flex-end' }}>
        {pictures.map((src, i) => (
          // eslint-disable-next-line @next/next/no-img-element -- satori draws plain <img>
          <img key={i} src={src} width={pictures.length > 1 ? 300 : 420} height={pictures.length > 1 ? 225 : 315} style={{ objectFit: 'contain', background: SOFT, borderRadius: 24 }} alt="" />
        ))}
      </div>
    </div>
  );
}
