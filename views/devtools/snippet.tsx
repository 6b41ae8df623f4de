/** @jsxImportSource hono/jsx */
/** Lines of a file with their numbers, one line marked: the source around a result. */
import { FileLink } from "../parts.tsx";

export type SnippetLines = {
  /** The number of the first line shown (1-based). */
  start: number;
  lines: string[];
  /** The line the result is about. */
  focus?: number | undefined;
};

/** The lines `context` around `line` (and the handler's definition when it is elsewhere in the file). */
export function around(all: readonly string[], line: number, context: number): SnippetLines {
  const first = Math.max(1, line - context);
  const last = Math.min(all.length, line + context);
  return { start: first, lines: all.slice(first - 1, last), focus: line };
}

export function Snippet(props: { file: string; snippet: SnippetLines; link?: boolean }) {
  const { start, lines, focus } = props.snippet;
  const width = String(start + lines.length - 1).length;
  return (
    <figure class="dt-snippet">
      {props.link === false ? null : (
        <figcaption>
          <FileLink file={props.file} line={focus} />
        </figcaption>
      )}
      <pre class="dt-code"><code>
        {lines.map((text, i) => {
          const n = start + i;
          return (
            <span class={n === focus ? "ln focus" : "ln"} id={props.link === false ? `L${n}` : undefined}>
              <span class="no" aria-hidden="true">{String(n).padStart(width, " ")}</span>
              {text}
              {"\n"}
            </span>
          );
        })}
      </code></pre>
    </figure>
  );
}

/**
 * The line where the file defines the handler (`function listUsers(`, `def list_users(`,
 * `exports.show =`, a method `show(...) {`), or undefined: the snippet then shows the
 * registration. Only the handler's last name part counts (`controller.show` -> `show`).
 */
export function handlerLine(lines: readonly string[], handler: string, registration: number): number | undefined {
  const name = handler.split(/[.#@:]+/).filter(Boolean).pop();
  if (!name || !/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const n = name.replace(/\$/g, "\\$");
  const patterns = [
    new RegExp(`\\bfunction\\s*\\*?\\s*${n}\\s*\\(`),
    new RegExp(`\\b(const|let|var|val)\\s+${n}\\s*[:=]`),
    new RegExp(`\\b(def|fun|fn|sub)\\s+${n}\\b`),
    new RegExp(`\\bfunc\\s+(\\([^)]*\\)\\s*)?${n}\\s*\\(`),
    new RegExp(`\\bexports\\.${n}\\s*=`),
    new RegExp(`^\\s*(public|private|protected|internal|static|async|override|suspend|export)\\b[^=;]*\\b${n}\\s*\\(`),
    new RegExp(`^\\s*(async\\s+)?${n}\\s*\\([^)]*\\)\\s*(:\\s*[^{]+)?\\{`),
  ];
  for (let i = 0; i < lines.length; i++) {
    if (i + 1 === registration) continue;
    if (patterns.some((p) => p.test(lines[i]!))) return i + 1;
  }
  return undefined;
}
