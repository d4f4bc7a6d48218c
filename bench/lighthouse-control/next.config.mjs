/**
 * The control needs no configuration: Next.js defaults, like the shop apart from its own settings.
 * Standalone output, as the shop's, so the cold-start bench starts both the same way.
 */
const config = { output: 'standalone' };
export default config;
