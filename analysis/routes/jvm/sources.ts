/** What the JVM checks that look beyond a route's own file share: which files are the product's Java and Kotlin sources. */

/** A Java or Kotlin file outside tests and build output. */
export function isJvmSource(path: string): boolean {
  return /\.(?:java|kt)$/.test(path) && !/(^|\/)(?:src\/test|test|tests|build|target)\//.test(path);
}
