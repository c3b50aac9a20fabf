/** A SHA-256 of text as URL-safe base64 without padding (43 characters): cache keys, idempotency keys. */
export function digestOf(text: string): string {
  const bytes = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8);
  return Utilities.base64EncodeWebSafe(bytes).replace(/=+$/, '');
}
