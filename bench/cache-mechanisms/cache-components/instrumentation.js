/** No start-up work (without this file the build would take the shop's instrumentation). */
export function register() {}
