/**
 * Reads the body of POST /api/reviews: multipart/form-data (the review form: order_item_id,
 * rating, title, body, and up to MAX_REVIEW_PHOTOS `photos` files) or application/json (the same
 * fields, no photos). A body declared larger than the photos allow answers 413 before it is read.
 * Input hygiene as the route wrapper's (lib/server/text-input.ts): control characters and
 * prototype keys → 400; a valid body neither a form nor labelled JSON → 415.
 */
import 'server-only';
import { AppError, badRequest } from '@/lib/server/errors';
import { fileParts, readMultipartForm } from '@/lib/server/multipart-form';
import { JSON_ONLY_MESSAGE, isJsonMediaType, parseJsonInput } from '@/lib/server/text-input';
import { MAX_IMAGE_BYTES } from '@/lib/storage/images';
import { MAX_REVIEW_PHOTOS, REVIEW_FORM_FIELDS, reviewInputSchema, type ReviewInput } from './schemas';

/** Every allowed photo at full size plus room for the text. */
export const MAX_REVIEW_REQUEST_BYTES = MAX_REVIEW_PHOTOS * MAX_IMAGE_BYTES + 1024 * 1024;

function parseFields(raw: unknown): ReviewInput {
  const result = reviewInputSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(issue?.message ?? 'Invalid review.', { errors: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
  }
  return result.data;
}

/**
 * @returns the validated fields and the photo files (not yet checked: lib/reviews/photos.ts does)
 * @throws 400 invalid fields or parts; 413 body declared too large; 415 wrong content type
 */
export async function readReviewForm(req: Request): Promise<{ input: ReviewInput; photos: Blob[] }> {
  const multipart = await readMultipartForm(req, REVIEW_FORM_FIELDS, MAX_REVIEW_REQUEST_BYTES, `The upload is too large: add at most ${MAX_REVIEW_PHOTOS} photos of up to 5 MB each.`);
  if (multipart) {
    const input = parseFields(multipart.text);
    // An empty file input may also send an unnamed empty file.
    const photos: Blob[] = fileParts(multipart.form, 'photos').filter((part) => part.size > 0 || part.name);
    if (photos.length > MAX_REVIEW_PHOTOS) throw badRequest(`Add at most ${MAX_REVIEW_PHOTOS} photos to a review.`);
    return { input, photos };
  }
  const text = await req.text();
  const body = parseJsonInput(text, 'The request body must be valid JSON or multipart/form-data.');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const input = parseFields(body);
  if (text.trim() && !isJsonMediaType(req.headers.get('content-type'))) throw new AppError('unsupported_media_type', JSON_ONLY_MESSAGE);
  return { input, photos: [] };
}
