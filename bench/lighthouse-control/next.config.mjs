/** The control needs no configuration: Next.js defaults, like the shop apart from its own settings. */
const config = {};
export default config;
