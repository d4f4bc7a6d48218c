/** Next.js 16's own mechanism: Cache Components ('use cache', cacheTag, cacheLife). */
const config = { cacheComponents: true };
export default config;
