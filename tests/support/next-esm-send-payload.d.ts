// The ESM twin of next/dist/server/send-payload, which Turbopack bundles into a build; Next.js ships
// no declarations for its dist/esm files. tests/unit/server/page-send.test.ts imports it.
declare module 'next/dist/esm/server/send-payload.js' {
  export * from 'next/dist/server/send-payload';
}
