/** @jsxImportSource hono/jsx */
/**
 * One Markdown document of the project index (spec, ADR or doc), shown in the side panel as
 * rendered Markdown (raw HTML in it is shown as text): the reader sees what the document says
 * without leaving the view.
 */
import { raw } from "hono/html";
import type { ProjectDocument } from "../workflow/index/mod.ts";
import { renderMarkdown } from "./tasks/markdown.ts";

const KIND = { spec: "Spec", adr: "Decision record", doc: "Document" } as const;

export function DocView(props: { doc: ProjectDocument }) {
  const { doc } = props;
  return (
    <section class="doc" aria-labelledby="doc-title">
      <header class="panel-head">
        {/* A document that opens with its own heading shows it once, in the Markdown. */}
        <h2 id="doc-title" class={/^#\s/.test(doc.content) ? "visually-hidden" : undefined}>{doc.title || doc.path}</h2>
        <p class="muted small">
          {KIND[doc.type]} · <span class="path">{doc.path}</span>
          {doc.truncated && " · cut at 100 KB"}
        </p>
      </header>
      <article class="markdown">{raw(renderMarkdown(doc.content))}</article>
    </section>
  );
}
