/** @jsxImportSource hono/jsx */
/**
 * The AI-context brief of a file or a component: the Markdown analysis/brief.ts writes (metrics,
 * imports, dependents, entry points affected, tests to run, integrations reached), ready to copy
 * into a coding agent's prompt.
 */
import { FileLink } from "./parts.tsx";
import { viewHref } from "./devtools/parts.tsx";

export function BriefView(props: { target: string; kind: "file" | "component"; markdown: string }) {
  return (
    <article class="dt-brief" aria-label={`AI context for ${props.target}`}>
      <header>
        <h2>AI context</h2>
        <p class="muted small">
          For the {props.kind} {props.kind === "file"
            ? <FileLink file={props.target} />
            : <a href={viewHref("map", { component: props.target })}>{props.target}</a>}. No author names: it may leave
          this machine.
        </p>
        <p class="toolbar">
          <button type="button" class="button primary" data-copy="#brief-markdown">Copy Markdown</button>
        </p>
      </header>
      <pre id="brief-markdown" class="dt-markdown">{props.markdown}</pre>
    </article>
  );
}
