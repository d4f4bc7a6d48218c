/**
 * Reading a form body outside route() (the product and review uploads): the size cap, the form
 * parse, the route wrapper's input hygiene (lib/server/text-input.ts) and the named text fields,
 * in one place.
 */
import 'server-only';
import { AppError, badRequest } from './errors';
import { assertCleanEntries } from './text-input';

/**
 * Reads a multipart/form-data (or application/x-www-form-urlencoded) body.
 * @param req the request; any other content type is left unread (→ null, for the JSON path)
 * @param fields the text fields to collect; absent ones are left out
 * @param maxBytes the largest declared body (Content-Length, bytes) read at all
 * @param tooLargeMessage the 413's message
 * @returns `{ form, text }`: the parsed form (for files and other parts) and the named text fields
 *   as strings, or null when the body is not a form
 * @throws 413 a body declared larger than maxBytes (before it is read); 400 a malformed form, control
 *   characters or prototype keys in a name or text part, or a file where a text field belongs
 */
export async function readMultipartForm(
  req: Request,
  fields: readonly string[],
  maxBytes: number,
  tooLargeMessage: string,
): Promise<{ form: FormData; text: Record<string, string> } | null> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) return null;
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) throw new AppError('payload_too_large', tooLargeMessage);
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw badRequest('The request must be valid multipart/form-data.');
  }
  assertCleanEntries(form, 'body');
  const text: Record<string, string> = {};
  for (const name of fields) {
    const value = form.get(name);
    if (value === null) continue;
    if (typeof value !== 'string') throw badRequest(`${name} must be a text field, not a file.`);
    text[name] = value;
  }
  return { form, text };
}

/**
 * The files of a repeated file part, in order; the empty text part an empty file input sends is
 * skipped.
 * @throws 400 `{name} must be files.` for any other text part
 */
export function fileParts(form: FormData, name: string): File[] {
  const files: File[] = [];
  for (const part of form.getAll(name)) {
    if (typeof part === 'string') {
      if (part === '') continue;
      throw badRequest(`${name} must be files.`);
    }
    files.push(part);
  }
  return files;
}
