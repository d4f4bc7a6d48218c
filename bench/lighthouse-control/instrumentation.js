/** The control has no start-up work of its own (without this file the build would take the shop's). */
export function register() {}
