/**
 * A JAX-RS servlet mapped in a web application's deployment descriptor: `WEB-INF/web.xml` names
 * Jersey's `ServletContainer` (or RESTEasy's `HttpServletDispatcher`) and maps it to a URL pattern
 * (`<url-pattern>/api/*</url-pattern>`), which comes before every resource's path. The prefix
 * applies to the resources of that web module (the folder above its `src/main/webapp`), as a
 * global registration of the descriptor's file.
 */
import type { Registration } from "../registration.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const DESCRIPTOR = /(^|\/)WEB-INF\/web\.xml$/;
// The servlets that serve JAX-RS resources: Jersey 2/3, Jersey 1, RESTEasy.
const JAXRS_SERVLET = /^(?:org\.glassfish\.jersey\.servlet\.ServletContainer|com\.sun\.jersey\.spi\.container\.servlet\.ServletContainer|org\.jboss\.resteasy\.plugins\.server\.servlet\.HttpServlet30Dispatcher|org\.jboss\.resteasy\.plugins\.server\.servlet\.HttpServletDispatcher)$/;

const element = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]!);
const text = (xml: string, tag: string) => element(xml, tag)[0]?.trim();

export function webXmlPrefixes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const found: { file: string; registrations: Registration[] }[] = [];
  for (const file of project?.listed ?? []) {
    if (!DESCRIPTOR.test(file) || /(^|\/)(?:test|tests)\//.test(file)) continue;
    const xml = (project!.text(file) ?? "").replace(/<!--[\s\S]*?-->/g, "");
    const servlets = new Set(element(xml, "servlet").filter((s) => JAXRS_SERVLET.test(text(s, "servlet-class") ?? "")).map((s) => text(s, "servlet-name")));
    const patterns = element(xml, "servlet-mapping").filter((m) => servlets.has(text(m, "servlet-name"))).flatMap((m) => element(m, "url-pattern").map((p) => p.trim()));
    // `/api/*` serves resources under /api; `/*` or `/` at the root adds nothing. An extension mapping (`*.do`) is no prefix.
    const prefix = patterns.map((p) => /^(\/[^*]*?)\/?\*?$/.exec(p)?.[1]).find((p) => p !== undefined);
    if (!prefix || prefix === "/") continue;
    const module = file.replace(/(?:^|\/)src\/main\/webapp\/WEB-INF\/web\.xml$|(?:^|\/)WEB-INF\/web\.xml$/, "");
    found.push({ file, registrations: [{ type: "global", framework: "jaxrs", prefix, line: 1, in: [module] }] });
  }
  return found;
}
