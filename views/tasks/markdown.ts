import { Marked } from "marked";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
const SAFE_URL = /^(https?:|mailto:|#|\/|\.{0,2}\/|[\w-]+(\.[\w-]+)*\/?$)/i;

/**
 * Markdown for task artifacts. An artifact may be written by a coding agent, so it is treated
 * as untrusted: raw HTML is shown as text, and links and images keep only http(s), mailto and
 * relative targets (no `javascript:`).
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: (token) => escapeHtml(token.text),
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return text;
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ""} rel="noopener noreferrer">${text}</a>`;
    },
    image: ({ href, text }) => (SAFE_URL.test(href) ? `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">` : escapeHtml(text)),
  },
});

/** Renders Markdown to HTML that is safe to put in the page. */
export function renderMarkdown(text: string): string {
  return markdown.parse(text, { async: false }) as string;
}
