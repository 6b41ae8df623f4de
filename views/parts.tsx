/** @jsxImportSource hono/jsx */
/**
 * Small parts every console view shares. `FileLink` is the one way a view names a file: the
 * file behind any result is one click away (the Source panel), and the link's hash is a deep
 * link that opens the same source as a view.
 */
import type { Child } from "hono/jsx";

/**
 * `?a=1&b=x` from the defined, non-empty values, in the given order. Slashes, commas and colons stay
 * readable (`?file=src/a.ts,src/b.ts`): all three are allowed in a query, and addresses are read by people.
 */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    parts.push(`${encode(key)}=${encode(String(value))}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

const encode = (text: string) =>
  encodeURIComponent(text).replace(/%2F/gi, "/").replace(/%2C/gi, ",").replace(/%3A/gi, ":");

export type FileLinkProps = {
  file: string;
  line?: number | undefined;
  /** What to show instead of `path:line`. */
  label?: Child;
  class?: string;
};

/**
 * A file link: clicking loads the Source panel (`/ui/source`) into `<aside id="panel">` and
 * stays on the current view (the click's navigation is prevented so the view survives); a
 * middle or modifier click opens the deep link `#devtools/source?...` in a new tab.
 */
export function FileLink(props: FileLinkProps) {
  const query = queryString({ file: props.file, line: props.line });
  const label = props.label ?? (props.line ? `${props.file}:${props.line}` : props.file);
  return (
    <a
      class={props.class ? `file ${props.class}` : "file"}
      href={`#devtools/source${query}`}
      hx-get={`/ui/source${query}`}
      hx-target="#panel"
      hx-trigger="click[!ctrlKey&&!metaKey&&!shiftKey] prevent"
      title={props.line ? `${props.file}, line ${props.line}` : props.file}
    >
      {breakableAtSlashes(label)}
    </a>
  );
}

/**
 * A path that may wrap after each slash (`<wbr>`) and nowhere else, while a folder or a file name
 * fits: in a narrow table column `packages/ui/src/index.tsx` wraps as folders, not letter by letter.
 */
function breakableAtSlashes(label: Child): Child {
  if (typeof label !== "string") return label;
  const parts = label.split("/");
  return parts.map((part, i) => (i < parts.length - 1 ? <>{part}/<wbr /></> : part));
}
