/** @jsxImportSource hono/jsx */
/**
 * The Source panel: the file behind a result, one click away from every view. It shows the
 * lines around the result (or the whole file), what the file imports and what imports it, with
 * the same data GET /api/source serves.
 */
import type { FileNode } from "../analysis/mod.ts";
import type { SourceFile } from "../workflow/source.ts";
import { BriefButton, plural, viewHref } from "./devtools/parts.tsx";
import { around, Snippet, type SnippetLines } from "./devtools/snippet.tsx";
import { FileLink, queryString } from "./parts.tsx";

/** Lines shown either side of the line a link points at. */
export const SOURCE_CONTEXT = 20;
/** Lines shown from the top when no line is given. */
const HEAD_LINES = 80;

export type SourceViewProps = {
  source: SourceFile;
  node?: FileNode | undefined;
  line?: number | undefined;
  all?: boolean;
};

export function SourceView(props: SourceViewProps) {
  const { source, node, line, all } = props;
  const total = source.lines.length;
  const snippet: SnippetLines = all || total <= HEAD_LINES
    ? { start: 1, lines: source.lines, focus: line }
    : line
    ? around(source.lines, Math.min(line, total), SOURCE_CONTEXT)
    : { start: 1, lines: source.lines.slice(0, HEAD_LINES) };
  const shown = snippet.lines.length < total;
  const resolved = source.imports.filter((i) => i.file);
  const packages = source.imports.filter((i) => i.package);
  const unresolved = source.imports.filter((i) => i.unresolved);
  return (
    <article class="dt-source" aria-label={`Source of ${source.file}`}>
      <header>
        <h2 class="dt-source-title">{source.file}{line ? <span class="muted">:{line}</span> : null}</h2>
        {node
          ? (
            <p class="muted small">
              {node.language} · {plural(node.lines, "line")} · complexity {node.complexity} · nesting {node.nesting}
              {" "}
              · component <a href={viewHref("map", { component: node.component })}>{node.component}</a>
            </p>
          )
          : null}
        <p class="toolbar">
          <a class="button" href={viewHref("impact", { file: source.file })}>Impact</a>
          {node ? <BriefButton target={source.file} /> : null}
          {shown
            ? (
              <button
                type="button"
                class="button"
                hx-get={`/ui/source${queryString({ file: source.file, line, all: 1 })}`}
                hx-target="#panel"
              >
                Whole file ({total} lines)
              </button>
            )
            : all && total > HEAD_LINES
            ? (
              <button
                type="button"
                class="button"
                hx-get={`/ui/source${queryString({ file: source.file, line })}`}
                hx-target="#panel"
              >
                Around the line
              </button>
            )
            : null}
        </p>
      </header>
      {total === 0
        ? <p class="empty">The file is empty.</p>
        : <Snippet file={source.file} snippet={snippet} link={false} />}
      {source.truncated ? <p class="muted small">Only the first {total} lines are shown.</p> : null}
      <section>
        <h3>
          Imports <span class="count">{source.imports.length}</span>
        </h3>
        {source.imports.length === 0 ? <p class="empty">None.</p> : (
          <ul class="dt-imports">
            {resolved.map((i) => (
              <li>
                <FileLink file={i.file!} />{" "}
                <span class="muted">line {i.line}{i.kind === "import" ? "" : `, ${i.kind}`}</span>
              </li>
            ))}
            {packages.map((i) => (
              <li>
                <code>{i.package}</code> <span class="muted">package, line {i.line}</span>
              </li>
            ))}
            {unresolved.map((i) => (
              <li>
                <code>{i.specifier}</code> <span class="muted">unresolved ({i.unresolved}), line {i.line}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3>
          Imported by <span class="count">{source.importedBy.length}</span>
        </h3>
        {source.importedBy.length === 0
          ? <p class="empty">Nothing in the repository imports it.</p>
          : (
            <ul class="dt-imports">
              {source.importedBy.slice(0, 200).map((i) => (
                <li>
                  <FileLink file={i.file} line={i.line} />
                </li>
              ))}
              {source.importedBy.length > 200 ? <li class="muted">and {source.importedBy.length - 200} more</li> : null}
            </ul>
          )}
      </section>
    </article>
  );
}
