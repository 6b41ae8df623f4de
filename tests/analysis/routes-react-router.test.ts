import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const router = suite("React Router routes");

router("route objects, children across files, index and layout routes, JSX trees, guard elements, exactly", () => {
  assert.equal(routeLines("routes-react-router"), [
    "GET / src/router.tsx:10 Home",
    "GET /* src/router.tsx:28 NotFound",
    "GET /app src/router.tsx:12 AppLayout",
    "GET /app src/router.tsx:16 Projects",
    "GET /app/admin/audit src/features/admin/routes.tsx:7 AuditLog [RequireAdmin]",
    "GET /app/admin/users src/features/admin/routes.tsx:6 Users [RequireAdmin]",
    "GET /app/projects src/router.tsx:20 Projects [ProtectedRoute]",
    "GET /app/projects/{projectId} src/router.tsx:21 ProjectDetail [ProtectedRoute]",
    "GET /legacy/invoices src/legacy/LegacyApp.jsx:9 Invoices [RequireAuth]",
    "GET /legacy/invoices/{invoiceId} src/legacy/LegacyApp.jsx:10 Invoice [RequireAuth]",
    "GET /legacy/settings src/legacy/LegacyApp.jsx:12 Settings [RequireAuth]",
    "GET /login src/router.tsx:11 Login",
    "GET /reports src/router.tsx:27 reports",
  ]);
});

router("client routes are kind client; msw handlers are not routes", () => {
  const section = analyze(fixtureRepo("routes-react-router")).routes;
  assert.ok(section.items.every((r) => r.kind === "client" && r.framework === "react-router"));
  assert.equal(section.unguardedWrites, []);
});

router.run();
