import { Hono } from "hono";
import { html } from "hono/html";
import { projectName } from "../workflow/index/mod.ts";
import { NO_STORE } from "./errors.ts";

/**
 * GET /: the page shell. It carries the write token in `<meta name="tool-token">` (the only
 * answer that ever does) and links the project index; the console views come later.
 */
export const pageRoutes = (root: string, token: string) =>
  new Hono().get("/", (c) => {
    const name = projectName(root);
    return c.html(
      html`
        <!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="tool-token" content="${token}">
            <title>${name} · tool</title>
          </head>
          <body>
            <h1>${name}</h1>
            <p>The console of <code>${root}</code>.</p>
            <p><a href="/api/project">Project index (/api/project)</a> · <a href="/api/devtools">Codebase analysis (/api/devtools)</a></p>
          </body>
        </html>
      `,
      200,
      NO_STORE,
    );
  });
