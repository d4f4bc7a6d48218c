/** The shop's mechanism today: ISR pages (revalidate) rendered on first request, no build-time paths. */
const config = {};
export default config;
