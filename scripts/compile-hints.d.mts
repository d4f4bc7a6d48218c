export const COMPILE_HINT: string;
export function markStartupChunks(distDir: string): string[];
