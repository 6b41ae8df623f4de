import picomatch from "picomatch";

/**
 * A matcher for path globs. Blank globs are dropped: picomatch throws on them, and they come
 * from real manifests (a Cargo workspace whose members include ".", joined to the root's "")
 * and from user configuration. With no glob left it matches nothing.
 */
export function globMatcher(globs: string | readonly string[], options?: picomatch.PicomatchOptions): (path: string) => boolean {
  const kept = (typeof globs === "string" ? [globs] : globs).filter((g) => g.trim() !== "");
  return kept.length ? picomatch(kept, options) : () => false;
}
