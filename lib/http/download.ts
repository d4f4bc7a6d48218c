/**
 * File answers of route handlers. A download of personal data is never stored by any cache
 * (docs/accounts-and-security.md "Personal answers are never stored").
 */

/**
 * 200 application/zip attachment named `filename`, `Cache-Control: private, no-store`.
 * @param file the zip's bytes and a plain file name (letters, digits, `.`, `-`, `_`)
 */
export function zipResponse(file: { filename: string; bytes: Uint8Array }): Response {
  return new Response(file.bytes as BodyInit, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'content-length': String(file.bytes.byteLength),
      'cache-control': 'private, no-store',
    },
  });
}
