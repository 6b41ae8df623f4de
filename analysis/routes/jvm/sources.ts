/**
 * What the JVM checks that look beyond a route's own file share: which files are the product's
 * Java and Kotlin sources, and where a route's line starts in a file's text.
 */

/** A Java or Kotlin file outside tests and build output. */
export function isJvmSource(path: string): boolean {
  return /\.(?:java|kt)$/.test(path) && !/(^|\/)(?:src\/test|test|tests|build|target)\//.test(path);
}

/** The offset where line `line` (1-based) of `text` starts. */
export function lineStart(text: string, line: number): number {
  let offset = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) break;
    offset = next + 1;
  }
  return offset;
}
