/** JSON Pointer segments (RFC 6901), as OpenAPI `$ref`s and error locations use them. Pure. */

export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapePointerSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** `['paths', '/pets', 'get']` -> `/paths/~1pets/get`. */
export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${escapePointerSegment(String(segment))}`).join('');
}
