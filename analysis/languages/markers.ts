import type { MarkerFact } from "../facts.ts";

export type CommentText = { text: string; line: number };

// Upper-case markers count anywhere in a comment; the lower-case and to-do spellings only
// where they are written as a label ("todo:", "to-do(", "@todo"), so prose like "a hack" is
// not a marker.
const UPPER = /\b(FIXME|HACK|TODO|XXX)\b[:(\s-]*(.*)/;
const LABEL = /(?:@|\b)(fixme|hack|todo|to-do|xxx)(?:[:(]|\b(?=\s*$))\s*(.*)/i;
/** Every marker contains one of these words: most comments are passed over in one test. */
const ANY_MARKER = /fixme|hack|todo|to-do|xxx/i;

/** Finds FIXME, HACK, TODO (and to-do variants) and XXX markers in comments, one per line. */
export function markersIn(comments: readonly CommentText[]): MarkerFact[] {
  const markers: MarkerFact[] = [];
  for (const comment of comments) {
    if (!ANY_MARKER.test(comment.text)) continue;
    const lines = comment.text.split("\n");
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i] ?? "";
      const match = UPPER.exec(text) ?? LABEL.exec(text);
      if (!match) continue;
      const word = (match[1] ?? "").toUpperCase().replace("-", "");
      const kind = word === "FIXME" || word === "HACK" || word === "XXX" ? word : "TODO";
      markers.push({ kind, line: comment.line + i, text: (match[2] ?? "").trim().slice(0, 200) });
    }
  }
  return markers;
}
