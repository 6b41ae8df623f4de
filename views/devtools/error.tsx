/** @jsxImportSource hono/jsx */
/** What a Devtools view shows instead of itself when its address is wrong or the analysis failed. */
import { viewHref } from "./parts.tsx";

export const VIEWS = [
  "overview",
  "map",
  "routes",
  "coupling",
  "cycles",
  "hotspots",
  "impact",
  "integrations",
  "team",
  "debt",
  "findings",
] as const;

export function ErrorView(props: { status: number; message: string }) {
  return (
    <div class="card error dt-error" role="alert">
      <h1>
        {props.status >= 500
          ? "This view could not be built"
          : props.status === 404
          ? "Not found"
          : "This address is not right"}
      </h1>
      <p>{props.message}</p>
      <p class="muted small">
        Status {props.status}. <a href={viewHref("overview")}>Back to the codebase overview</a>
      </p>
    </div>
  );
}

export function NotFoundView(props: { view: string }) {
  return (
    <div class="card error dt-error" role="alert">
      <h1>No view “{props.view}”</h1>
      <p>
        The Devtools views are {VIEWS.map((v, i) => (
          <>
            {i ? ", " : ""}
            <a href={viewHref(v)}>{v}</a>
          </>
        ))}.
      </p>
    </div>
  );
}
