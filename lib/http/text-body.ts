/**
 * A request body read as text, for routes that take a file in the body (the product import's CSV).
 */
import { AppError } from '@/lib/server/errors';

/**
 * Reads the body as UTF-8 text, refusing it early when too large.
 * @param options `mediaTypes` accepted (else 415 naming them; a preflighted type such as text/csv
 *   keeps other sites' pages from sending it); `maxBytes` the limit (413 from Content-Length
 *   before reading, or as soon as the stream passes it); `what` names the body in messages
 * @throws 415, 413, 400 for an empty body
 */
export async function readTextBody(req: Request, options: { mediaTypes: string[]; maxBytes: number; what: string }): Promise<string> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!options.mediaTypes.includes(type)) throw new AppError('unsupported_media_type', `Send the ${options.what} as ${options.mediaTypes.join(' or ')} (Content-Type).`);
  const tooLarge = () => new AppError('payload_too_large', `The ${options.what} is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB; split it into smaller files.`);
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes) throw tooLarge();
  if (!req.body) throw new AppError('bad_request', `The ${options.what} is empty.`);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > options.maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (size === 0) throw new AppError('bad_request', `The ${options.what} is empty.`);
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
