/**
 * Whether an If-None-Match header names this ETag, one of a list, or any (`*`). The comparison is
 * weak (RFC 9110 §13.1.2): `W/"x"` and `"x"` name the same representation.
 */
export function ifNoneMatchHas(ifNoneMatch: string | undefined, etag: string) {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
