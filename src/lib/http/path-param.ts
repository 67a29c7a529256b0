/**
 * A path segment as the route named it. Next hands route handlers their params decoded, but not
 * every version and path decodes every escape, so a segment is decoded once more when it still
 * holds a valid escape; one that does not (a `%` left from `%25`) is used as it is, never a 500.
 */
export function decodedParam(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
