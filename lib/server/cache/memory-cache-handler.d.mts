/** Types of memory-cache-handler.mjs (plain JS: Next imports the handler file at run time without compiling it). */
export default class MemoryCacheHandler {
  constructor(options?: { maxMemoryCacheSize?: number });
  get(key: string, ctx?: { kind?: string; tags?: string[]; softTags?: string[] }): Promise<{ value: unknown; lastModified: number; cacheControl?: unknown } | null>;
  set(key: string, value: unknown, ctx?: { tags?: string[]; fetchCache?: boolean; cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
