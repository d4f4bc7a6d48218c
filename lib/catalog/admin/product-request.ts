/**
 * Reads the body of POST /api/products and PUT /api/products/{id} (spec §3 "Product update form",
 * §7). Two encodings are accepted:
 *
 * multipart/form-data (the admin UI; also application/x-www-form-urlencoded without files)
 *   - product fields as text parts, named as in JSON: name, sku, description, price (decimal
 *     dollars, e.g. "1299.50"), stock, category_id, brand_id, supplier_id, featured ("true" /
 *     "false"), material, style, color, size, function, mobility, width_cm, height_cm, depth_cm.
 *     An empty optional field clears it; a field left out is unchanged (PUT).
 *   - existingImages: a JSON list of the images to keep, in display order — image ids
 *     (`[12, 15]`), image URLs, or `{ "image_id": 12 }` objects. Images not listed are removed.
 *     Left out: every existing image is kept.
 *   - images: the new image files (repeat the part for several files).
 *   - imageMeta: optional JSON list, one `{ "sort_order": n, "is_primary": bool }` per `images`
 *     file in the same order. New images go after the kept ones, ordered by sort_order;
 *     is_primary is honoured only when no existing image is kept (a product's primary image stays
 *     primary while it is kept), and without it the first new file becomes primary.
 *
 * application/json (API clients, field-only updates)
 *   - the same product fields as JSON values, plus optional `existingImages` (a list as above).
 *
 * Limits: at most 10 new files per request, each at most 5 MB (checked by content, see
 * lib/storage/images.ts); a request declaring a body over 55 MB answers 413 before it is read.
 *
 * Input hygiene is the route wrapper's (lib/server/text-input.ts), applied here because this body
 * is read outside route(): control characters and prototype keys in any field name, text part or
 * JSON value → 400; a valid body that is neither a form nor labelled application/json → 415.
 */
import 'server-only';
import type { z, ZodType } from 'zod';
import { AppError, badRequest } from '@/lib/server/errors';
import { fileParts, readMultipartForm } from '@/lib/server/multipart-form';
import { JSON_ONLY_MESSAGE, isJsonMediaType, parseJsonInput } from '@/lib/server/text-input';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_REQUEST } from '@/lib/storage/images';
import { existingImagesSchema, imageMetaSchema, PRODUCT_FORM_FIELDS } from '@/lib/catalog/admin/product-schema';
import type { ImageChanges } from '@/lib/catalog/admin/product-service';

/** Largest multipart body accepted: every allowed file at full size plus room for the fields. */
export const MAX_PRODUCT_REQUEST_BYTES = MAX_IMAGES_PER_REQUEST * MAX_IMAGE_BYTES + 5 * 1024 * 1024;

function invalid(error: z.ZodError, prefix = ''): AppError {
  const issue = error.issues[0];
  return badRequest(`${prefix}${issue?.message ?? 'Invalid request.'}`, {
    errors: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

function parseWith<S extends ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error, prefix);
  return result.data as z.output<S>;
}

function parseJsonPart(value: FormDataEntryValue | null, name: string): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a JSON text field, not a file.`);
  if (!value.trim()) return undefined;
  return parseJsonInput(value, `${name} must be valid JSON.`);
}

/**
 * Parses a product request body.
 * @param schema productCreateSchema or productUpdateSchema
 * @returns validated fields, and image changes (existing: the refs to keep or undefined; files)
 * @throws 400 invalid fields / JSON / parts; 413 body declared larger than MAX_PRODUCT_REQUEST_BYTES
 */
export async function readProductRequest<S extends ZodType>(req: Request, schema: S): Promise<{ fields: z.output<S>; images: ImageChanges }> {
  const multipart = await readMultipartForm(req, PRODUCT_FORM_FIELDS, MAX_PRODUCT_REQUEST_BYTES, `The upload is too large: send at most ${MAX_IMAGES_PER_REQUEST} images of up to 5 MB each.`);
  if (multipart) {
    const { form } = multipart;
    const fields = parseWith(schema, multipart.text);
    const existingRaw = parseJsonPart(form.get('existingImages'), 'existingImages');
    const existing = existingRaw === undefined ? undefined : parseWith(existingImagesSchema, existingRaw);
    const files: ImageChanges['files'] = fileParts(form, 'images');
    const metaRaw = parseJsonPart(form.get('imageMeta'), 'imageMeta');
    const meta = metaRaw === undefined ? undefined : parseWith(imageMetaSchema, metaRaw);
    return { fields, images: { existing, files, meta } };
  }

  const text = await req.text();
  const body = parseJsonInput(text, 'The request body must be valid JSON or multipart/form-data.');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const { existingImages, ...rest } = body as Record<string, unknown>;
  const fields = parseWith(schema, rest);
  const existing = existingImages === undefined ? undefined : parseWith(existingImagesSchema, existingImages);
  // Checked last, as in the route wrapper: a malformed body is a 400 whatever its label.
  if (text.trim() && !isJsonMediaType(req.headers.get('content-type'))) throw new AppError('unsupported_media_type', JSON_ONLY_MESSAGE);
  return { fields, images: { existing, files: [] } };
}
