import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { analyze, contextBrief, impactOf } from "../../analysis/mod.ts";
import { fixtureRepo, runTool, tempDir, writeFiles, git } from "../helpers/repo.ts";

const require = createRequire(import.meta.url);

const impact = suite("impact and brief");

impact("impactOf() walks dependents backwards with distance, and lists entry points and tests", () => {
  const report = analyze(fixtureRepo("routes-express"));
  const result = impactOf(report, ["src/middleware/auth.js"]);
  assert.equal(result.dependents.map((d) => `${d.distance} ${d.file} via ${d.via}`), [
    "1 src/routes/users.js via src/middleware/auth.js",
    "1 src/server.js via src/middleware/auth.js",
    "2 src/routes/index.js via src/routes/users.js",
  ]);
  assert.equal(result.entryPoints.map((r) => `${r.method} ${r.path}`), [
    "GET /api/v1/users", "POST /api/v1/users", "GET /api/v1/users/{id}", "GET /api/v1/users/{id}/avatar",
    "PUT /api/v1/users/{id}/avatar", "ALL /api/v1/users/legacy/*", "GET /health",
  ]);
  assert.equal(result.packages, []);
});

impact("impactOf() finds tests by dependency and by name; unknown files are a 404", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/price.ts": 'import Decimal from "decimal.js";\nexport const price = (n: number) => new Decimal(n);\n',
    "src/cart.ts": 'import { price } from "./price";\nexport const total = () => price(1);\n',
    "tests/cart.test.ts": 'import { total } from "../src/cart";\ntotal();\n',
    "tests/price.spec.ts": "export {};\n",
  });
  git(root, "init", "-q");
  const result = impactOf(analyze(root), ["src/price.ts"]);
  assert.equal(result.tests, [
    { file: "tests/cart.test.ts", reason: "depends on the change" },
    { file: "tests/price.spec.ts", reason: "named like a changed file" },
  ]);
  assert.equal(result.packages, ["decimal.js"]);
  assert.throws(() => impactOf(analyze(root), ["src/nope.ts"]), (e: Error & { status?: number }) => e.status === 404);
});

impact("contextBrief() writes a Markdown brief for a file and for a component", () => {
  const report = analyze(fixtureRepo("layers"));
  const brief = contextBrief(report, "src/ui/view.ts");
  assert.match(brief, /^# Context: src\/ui\/view\.ts\n/);
  assert.match(brief, /## Imports\n- src\/app\/service\.ts \(line 1\)\n- src\/infra\/db\.ts \(line 2\)\n- src\/domain\/order\.ts \(line 3, type\)/);
  assert.match(brief, /## Dependents\n- src\/index\.ts/);
  assert.match(brief, /\[high\] Forbidden import/);
  const component = contextBrief(report, "src/shared");
  assert.match(component, /# Context: component src\/shared/);
  assert.match(component, /Ca 3, Ce 0, instability 0, abstractness 0, distance 1 \(pain\)/);
});

impact.run();

const findings = suite("findings and tool audit");

findings("findings are ranked high, medium, low, with stable ids, evidence and a task", () => {
  const report = analyze(fixtureRepo("layers"));
  assert.equal(report.findings.map((f) => `${f.severity} ${f.rule}`), [
    "high boundary-violation", "low stable-dependencies",
    "low unused-file", "low unused-file", "low unused-file", "low unused-file",
  ]);
  const again = analyze(fixtureRepo("layers"));
  assert.equal(again.findings.map((f) => f.id), report.findings.map((f) => f.id), "ids are stable across runs and copies");
  const boundary = report.findings[0]!;
  assert.equal(boundary.evidence, [{ file: "src/ui/view.ts", line: 2, detail: "../infra/db: the UI reaches storage only through the app layer" }]);
  assert.match(boundary.task.title, /Remove the forbidden import in src\/ui\/view\.ts/);
});

findings("a cycle's evidence names every file in it, those off the loop shown too", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/a.ts": 'import { b } from "./b.ts";\nexport const a = [b];\n',
    "src/b.ts": 'import { a } from "./a.ts";\nimport { c } from "./c.ts";\nexport const b = () => [a, c];\n',
    "src/c.ts": 'import { b } from "./b.ts";\nexport const c = () => b;\n',
  });
  const cycle = analyze(root).findings.find((f) => f.rule === "import-cycle")!;
  assert.is(cycle.title, "Import cycle of 3 files");
  assert.equal(cycle.evidence.map((e) => e.file).sort(), ["src/a.ts", "src/b.ts", "src/c.ts"]);
});

findings("a Django write view exempted from CSRF checks (@csrf_exempt) is meant for callers from outside the site: its missing guard is low, saying why; one not exempted stays high", () => {
  const root = tempDir("tool-findings-csrf-exempt-");
  writeFiles(root, {
    "manage.py": "import django\n",
    "site/urls.py": "from django.urls import path\nfrom api import views\nurlpatterns = [\n    path('notifications/<uuid:code>/status', views.notification_status),\n    path('checks/<uuid:code>/pause', views.pause),\n    path('checks/<uuid:code>/resume', views.resume),\n    path('checks/', views.checks),\n]\n",
    "api/__init__.py": "",
    "api/views.py": [
      "from django.views.decorators.csrf import csrf_exempt",
      "from django.views.decorators.http import require_POST",
      "",
      "@csrf_exempt",
      "@require_POST",
      "def notification_status(request, code):",
      "    return HttpResponse()",
      "",
      "@require_POST",
      "def pause(request, code):",
      "    return HttpResponse()",
      "",
      "@require_POST",
      "def resume(request, code):",
      "    return HttpResponse()",
      "",
      "@login_required",
      "def checks(request):",
      "    return HttpResponse()",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write");
  assert.equal(writes.map((f) => [f.severity, f.title.split(" has")[0]]).sort(), [["high", "POST /checks/{code}/pause"], ["high", "POST /checks/{code}/resume"], ["low", "POST /notifications/{code}/status"]]);
  assert.match(writes.find((f) => f.severity === "low")!.evidence[0]!.detail ?? "", /exempts it from CSRF checks: it is meant for callers from outside the site/);
  // What to do follows from why it is low: check that reason, rather than add a guard to a route meant to be open.
  assert.is(writes.find((f) => f.severity === "low")!.action, "Check what the evidence names; add a guard only if the route is not meant to be open.");
  assert.is(writes.find((f) => f.severity === "low")!.task.title, "Check POST /notifications/{code}/status is meant to be open");
  assert.match(writes.find((f) => f.severity === "high")!.action, /^Add an authentication\/authorisation guard/);
});

findings("signing in through a named identity provider (POST /auth/github, /sso/keycloak), Passport's local strategy (/auth/local), a sign-in discovery step (/auth/discover) or a sign-up's verification email is public by design: low; a write about a provider elsewhere (/projects/github) stays high", () => {
  const root = tempDir("tool-findings-provider-sign-in-");
  writeFiles(root, {
    "server.js": 'const express = require("express");\nconst app = express();\napp.get("/me", requireAuth, (req, res) => res.send("me"));\napp.post("/auth/github", (req, res) => res.send("ok"));\napp.post("/auth/azure/", (req, res) => res.send("ok"));\napp.post("/sso/keycloak", (req, res) => res.send("ok"));\napp.post("/projects/github", (req, res) => res.send("ok"));\napp.post("/auth/githubber", (req, res) => res.send("ok"));\napp.post("/api/v1/auth/local", (req, res) => res.send("ok"));\napp.post("/api/auth/discover", (req, res) => res.send("ok"));\napp.post("/accounts/trial/send-verification-email", (req, res) => res.send("ok"));\napp.post("/projects/local", (req, res) => res.send("ok"));\napp.listen(3000);\n',
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => [f.severity, f.title.split(" has")[0]]);
  assert.equal(writes.sort(), [["high", "POST /auth/githubber"], ["high", "POST /projects/github"], ["high", "POST /projects/local"], ["low", "POST /accounts/trial/send-verification-email"], ["low", "POST /api/auth/discover"], ["low", "POST /api/v1/auth/local"], ["low", "POST /auth/azure"], ["low", "POST /auth/github"], ["low", "POST /sso/keycloak"]]);
});

findings("an auth server's own sign-in steps at its root (POST /magiclink, /recover, /resend, /verify, /sso, /passkeys/authentication/options) are public by design: low; the same words deeper in a resource (/invoices/{id}/resend) stay high", () => {
  const root = tempDir();
  writeFiles(root, {
    "server.js": [
      'const express = require("express");',
      "const app = express();",
      'app.get("/user", requireAuth, (req, res) => res.send("me"));',
      ...["/magiclink", "/recover", "/resend", "/verify", "/sso", "/passkeys/authentication/options", "/api/v1/auth/verify", "/invoices/:id/resend", "/devices/:id/verify"].map((p) => `app.post("${p}", (req, res) => res.send("ok"));`),
      "app.listen(3000);",
    ].join("\n"),
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => [f.severity, f.title.split(" has")[0]]);
  assert.equal(writes.sort(), [
    ["high", "POST /devices/{id}/verify"],
    ["high", "POST /invoices/{id}/resend"],
    ["low", "POST /api/v1/auth/verify"],
    ["low", "POST /magiclink"],
    ["low", "POST /passkeys/authentication/options"],
    ["low", "POST /recover"],
    ["low", "POST /resend"],
    ["low", "POST /sso"],
    ["low", "POST /verify"],
  ]);
});

findings("cycles, unguarded writes and debt markers become findings", () => {
  const tsApp = analyze(fixtureRepo("ts-app")).findings;
  assert.equal(tsApp.filter((f) => f.rule === "import-cycle").length, 2);
  assert.equal(tsApp.filter((f) => f.rule === "type-cycle").map((f) => f.severity), ["low"]);
  const express = analyze(fixtureRepo("routes-express")).findings;
  assert.equal(express.filter((f) => f.rule === "unguarded-write").map((f) => [f.severity, f.title]), [["high", "DELETE /api/v1/orders/{orderId} has no route-level guard"]]);
  const open = tempDir();
  writeFiles(open, {
    "server.js": 'const express = require("express");\nconst app = express();\napp.get("/me", requireAuth, (req, res) => res.send("me"));\napp.post("/auth/login", (req, res) => res.send("ok"));\napp.post("/webhooks/stripe", (req, res) => res.send("ok"));\napp.delete("/orders/:id", (req, res) => res.send("ok"));\napp.post("/me/password", (req, res) => res.send("ok"));\napp.post("/password/forgot", (req, res) => res.send("ok"));\napp.post("/reports/unsubscribe/:signed", (req, res) => res.send("ok"));\napp.post("/accounts/change_email/:signed_payload", (req, res) => res.send("ok"));\napp.post("/accounts/2fa/authenticate", (req, res) => res.send("ok"));\napp.post("/account/lost_password", (req, res) => res.send("ok"));\napp.post("/account/twofa/resend", (req, res) => res.send("ok"));\napp.post("/license-keys/activate", (req, res) => res.send("ok"));\napp.post("/customer-session/authenticate", (req, res) => res.send("ok"));app.post("/Users/AuthenticateByName", (req, res) => res.send("ok"));app.post("/auth/:provider/deletions", (req, res) => res.send("ok"));app.post("/api/web/user/mfa/recovery", (req, res) => res.send("ok"));\napp.patch("/checkouts/client/:client_secret", (req, res) => res.send("ok"));\napp.put("/client/email_preferences/:entity/:invitation_key", (req, res) => res.send("ok"));\napp.post("/livewire/update", (req, res) => res.send("ok"));\napp.put("/projects/:project_key", (req, res) => res.send("ok"));\napp.post("/payu/success", (req, res) => res.send("ok"));\napp.post("/orders/:id/cancel", (req, res) => res.send("ok"));\napp.listen(3000);\n',
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  const writes = analyze(open).findings.filter((f) => f.rule === "unguarded-write").map((f) => [f.severity, f.title.split(" has")[0]]);
  assert.equal(writes.sort(), [["high", "DELETE /orders/{id}"], ["high", "POST /me/password"], ["high", "POST /orders/{id}/cancel"], ["high", "PUT /projects/{project_key}"], ["low", "PATCH /checkouts/client/{client_secret}"], ["low", "POST /Users/AuthenticateByName"], ["low", "POST /account/lost_password"], ["low", "POST /account/twofa/resend"], ["low", "POST /accounts/2fa/authenticate"], ["low", "POST /accounts/change_email/{signed_payload}"], ["low", "POST /api/web/user/mfa/recovery"], ["low", "POST /auth/login"], ["low", "POST /auth/{provider}/deletions"], ["low", "POST /customer-session/authenticate"], ["low", "POST /license-keys/activate"], ["low", "POST /livewire/update"], ["low", "POST /password/forgot"], ["low", "POST /payu/success"], ["low", "POST /reports/unsubscribe/{signed}"], ["low", "POST /webhooks/stripe"], ["low", "PUT /client/email_preferences/{entity}/{invitation_key}"]], "sign-in and its second factor, a forgotten or lost password, an activation, an email's unsubscribe, preferences or signed link, a link carrying its secret or an invitation's key, Livewire's endpoint, a payment provider's return to the shop, a provider's flow under /auth/{provider} and webhooks are public by design: low; changing one's password is not");
  // First-run installation, setup and onboarding (the first account, a router of procedures so named), routes under a `public` segment, a shop's guest cart and checkout, public forms, browsers' CSP reports, a
  // payment provider's notification, an OAuth consent step, a language or time-zone switch, a discovery document, an
  // ActivityPub inbox and a visitor's error report are public by design too (a bootstrap endpoint is not said to be), and an
  // endpoint named internal (for the app's own services) is low; a
  // word inside a segment (`install-plugin`, `consent-records`) is not.
  const shop = tempDir();
  writeFiles(shop, {
    "server.js": ["const express = require(\"express\");", "const app = express();", "app.get(\"/me\", requireAuth, (req, res) => res.send(\"me\"));",
      // Guarded writes: the unguarded ones below are the exceptions, not the application's norm.
      ...Array.from({ length: 25 }, (_, i) => `app.post("/admin/things/${i}", requireAuth, (req, res) => res.send("ok"));`),
      ...["/install/api/run-migration", "/identity-server/setup", "/api/checkout/cart", "/api/checkout/onepage/orders", "/contact-us/send-mail", "/newsletter", "/csp/report", "/paypal/standard/ipn", "/admin/forget-password", "/password-reminder", "/settings/install-plugin", "/api/products", "/identity-server/account/consent", "/api/consent-records", "/i18n/setlang", "/installation/init", "/saml/acs", "/lti/launch", "/api/auth/:nextauth", "/api/better-auth/:all", "/api/auth/:id/revoke", "/user/password/replacement", "/t/:slug/feedback/add/:url_key", "/t/:slug/objects/:object_key", "/api/acs-reports", "/api/record_view", "/api/record_click", "/collect", "/api/track", "/jserr", "/csp", "/api/tracks", "/api/collections", "/api/internal/sftp-auth", "/api/internals", "/api/scim/v2.0/:directory", "/api/auth/verify-code",
        "/api/v2/Admin::Setup", "/api/v2/Album::unlock", "/api/v2/Metrics::photo", "/v1/inbox/session", "/v1/widgets/session/initialize", "/set-password", "/profile/change_password", "/password/new", "/email/verification", "/api/v2/Album::rename", "/api/sessionsettings", "/api/unlocked-items",
        "/.well-known/caldav", "/relay/inbox", "/change-timezone", "/change-language", "/report-error/api/:error_id", "/account/bootstrap", "/api/inboxes", "/api/timezones", "/api/errors", "/api/onboarding", "/api/onboarding-tasks", "/v2/public/slack/on-event", "/api/publications", "/api/trpc/onboard.nextStep", "/api/trpc/onboarded.list", "/verify_webauthn", "/verify_totp", "/api/webauthn-keys", "/auth/failure", "/autodiscover/autodiscover.xml", "/api/auth-failures", "/api/discoveries"].map((path) => `app.post("${path}", (req, res) => res.send("ok"));`),
      "app.listen(3000);", ""].join("\n"),
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  const shopWrites = analyze(shop).findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]}`).sort();
  assert.equal(shopWrites, [
    "high POST /account/bootstrap", "high POST /api/errors", "high POST /api/inboxes", "high POST /api/timezones", "high POST /api/onboarding-tasks", "low POST /api/onboarding",
    // A tRPC procedure's router is a segment of its path too (`onboard.nextStep`), a word merely starting so is not.
    "low POST /api/trpc/onboard.nextStep", "high POST /api/trpc/onboarded.list",
    // Under a segment named public (Tolgee's `/v2/public/...`): open on purpose; a word merely starting so is not.
    "low POST /v2/public/slack/on-event", "high POST /api/publications",
    // A second factor verified is a step of signing in; registering a key is not.
    "low POST /verify_webauthn", "low POST /verify_totp", "high POST /api/webauthn-keys",
    // OmniAuth's failure landing and a mail client's Autodiscover request are open by protocol; words merely like them are not.
    "low POST /auth/failure", "low POST /autodiscover/autodiscover.xml", "high POST /api/auth-failures", "high POST /api/discoveries",
    "high POST /api/acs-reports", "high POST /api/auth/{id}/revoke", "high POST /api/collections", "high POST /api/consent-records", "high POST /api/internals", "high POST /api/products", "high POST /api/sessionsettings", "high POST /api/tracks", "high POST /api/unlocked-items", "high POST /api/v2/Album::rename", "high POST /settings/install-plugin", "high POST /t/{slug}/objects/{object_key}",
    "low POST /admin/forget-password", "low POST /api/auth/verify-code", "low POST /api/auth/{nextauth}", "low POST /api/better-auth/{all}", "low POST /api/checkout/cart", "low POST /api/checkout/onepage/orders", "low POST /api/internal/sftp-auth", "low POST /api/record_click", "low POST /api/record_view", "low POST /api/scim/v2.0/{directory}", "low POST /api/track", "low POST /collect", "low POST /contact-us/send-mail", "low POST /csp", "low POST /csp/report",
    "low POST /i18n/setlang", "low POST /identity-server/account/consent", "low POST /identity-server/setup", "low POST /install/api/run-migration", "low POST /installation/init", "low POST /jserr", "low POST /lti/launch", "low POST /newsletter", "low POST /password-reminder", "low POST /paypal/standard/ipn",
    "low POST /saml/acs", "low POST /t/{slug}/feedback/add/{url_key}", "low POST /user/password/replacement",
    "low POST /.well-known/caldav", "low POST /relay/inbox", "low POST /change-timezone", "low POST /change-language", "low POST /report-error/api/{error_id}",
    "low POST /api/v2/Admin::Setup", "low POST /api/v2/Album::unlock", "low POST /api/v2/Metrics::photo", "low POST /email/verification", "low POST /password/new", "low POST /profile/change_password", "low POST /set-password", "low POST /v1/inbox/session", "low POST /v1/widgets/session/initialize",
  ].sort());
  // The handler says so where the path does not: `POST /me` served by a sign-in controller,
  // a second factor, accepting an invitation; creating an invitation is no sign-in step.
  const named = tempDir();
  writeFiles(named, {
    "server.js": [
      'const express = require("express");',
      "const app = express();",
      'app.get("/me", requireAuth, (req, res) => res.send("me"));',
      'app.post("/me", loginWithCredentials);',
      'app.delete("/me", logoutController);',
      'app.post("/me/challenge", twoFactorChallenge);',
      'app.post("/invitations/accept", invitations.accept);',
      'app.post("/invitations", invitations.create);',
      "app.listen(3000);",
    ].join("\n"),
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  const byHandler = analyze(named).findings.filter((f) => f.rule === "unguarded-write").map((f) => [f.severity, f.title.split(" has")[0]]);
  assert.equal(byHandler.sort(), [["high", "POST /invitations"], ["low", "DELETE /me"], ["low", "POST /invitations/accept"], ["low", "POST /me"], ["low", "POST /me/challenge"]]);
  // A POST that computes an answer changes no state: a preview, an encryption by its handler's name; not a save.
  const computing = tempDir();
  writeFiles(computing, {
    "server.js": [
      'const express = require("express");',
      "const app = express();",
      'app.get("/me", requireAuth, (req, res) => res.send("me"));',
      'app.post("/checks/cron_preview", (req, res) => res.send("ok"));',
      'app.post("/api/v1/markdown/raw", (req, res) => res.send("ok"));',
      'app.post("/System/Ping", (req, res) => res.send("ok"));',
      'app.post("/api/mapping", (req, res) => res.send("ok"));',
      'app.post("/api/embed-options", embedOptions.encrypt);',
      'app.post("/api/embed-options/save", embedOptions.store);',
      'app.post("/graphql", graphqlHandler);',
      'app.post("/hooks/payment/:provider", (req, res) => res.send("ok"));',
      '// A service named for search does not make each of its writes a search.',
      'app.post("/mall-search/esProduct/importAll", (req, res) => res.send("ok"));',
      "app.listen(3000);",
    ].join("\n"),
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  const computed = analyze(computing).findings.filter((f) => f.rule === "unguarded-write");
  assert.equal(computed.map((f) => [f.severity, f.title.split(" has")[0]]).sort(), [["high", "POST /api/embed-options/save"], ["high", "POST /api/mapping"], ["high", "POST /mall-search/esProduct/importAll"], ["low", "POST /System/Ping"], ["low", "POST /api/embed-options"], ["low", "POST /api/v1/markdown/raw"], ["low", "POST /checks/cron_preview"], ["low", "POST /graphql"], ["low", "POST /hooks/payment/{provider}"]]);
  assert.match(computed.find((f) => f.title.startsWith("POST /graphql has"))!.evidence[0]!.detail ?? "", /resolvers check the caller/);
  assert.match(computed.find((f) => f.title.startsWith("POST /api/embed-options has"))!.evidence[0]!.detail ?? "", /handler embedOptions\.encrypt \(encrypt\) says it computes an answer rather than changing state/);
  // A write route mounted where the analysis cannot see (oapi-codegen's `options.BaseURL +`): so
  // would be that mount's guards; low, saying so.
  const generatedServer = tempDir();
  writeFiles(generatedServer, {
    "go.mod": "module example.com/reg\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "main.go": 'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n\tr.With(requireAuth).Post("/settings", save)\n\thttp.ListenAndServe(":8080", r)\n}\n\nfunc save(w http.ResponseWriter, r *http.Request) {}\nfunc requireAuth(next http.Handler) http.Handler { return next }\n',
    "api/server.gen.go": 'package api\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc HandlerWithOptions(si ServerInterface, options ChiServerOptions) http.Handler {\n\tr := options.BaseRouter\n\tif r == nil {\n\t\tr = chi.NewRouter()\n\t}\n\tr.Post(options.BaseURL+"/registry", si.CreateRegistry)\n\treturn r\n}\n',
  });
  const mountedUnknown = analyze(generatedServer).findings.filter((f) => f.rule === "unguarded-write");
  assert.equal(mountedUnknown.map((f) => [f.severity, f.title]), [["low", "POST /registry has no route-level guard"]]);
  assert.match(mountedUnknown[0]!.evidence[0]!.detail ?? "", /mounted where the analysis cannot see/);
  // An application with no guard anywhere is public or authenticates where the analysis cannot
  // see: one low finding, not a high one per route; examples are not the product's routes.
  const unguarded = tempDir();
  writeFiles(unguarded, {
    "server.js": 'const express = require("express");\nconst app = express();\napp.post("/orders", (req, res) => res.send("ok"));\napp.delete("/orders/:id", (req, res) => res.send("ok"));\napp.listen(3000);\n',
    "examples/demo/server.js": 'const express = require("express");\nconst app = express();\napp.get("/me", requireAuth, (req, res) => res.send("me"));\napp.post("/orders", (req, res) => res.send("ok"));\napp.listen(3000);\n',
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  const none = analyze(unguarded).findings.filter((f) => f.category === "security");
  assert.equal(none.map((f) => [f.rule, f.severity, f.title]), [["no-guards", "low", "No route has a guard, 2 write routes included"]]);
  assert.not.ok(analyze(unguarded).findings.some((f) => f.rule === "duplicate-route"), "an example's route is not a duplicate of the product's");
  // Most writes of one application (a top folder) without a guard the analysis sees, five at
  // least (an internal service; a security strategy loaded by name at run time): one low
  // finding for that folder; one left open among guarded ones is low too, saying why.
  const mostly = tempDir();
  const server = (guard: (path: string) => string) => [
    'const express = require("express");',
    "const app = express();",
    'app.get("/me", requireAuth, (req, res) => res.send("me"));',
    'app.post("/settings", requireAuth, (req, res) => res.send("ok"));',
    ...["/vessels", "/vessels/:id/course", "/vessels/:id/anchor", "/routes", "/waypoints"].map((p) => `app.post("${p}", ${guard(p)}(req, res) => res.send("ok"));`),
    "app.listen(3000);",
  ].join("\n");
  writeFiles(mostly, {
    "admin/server.js": server(() => ""),
    "portal/server.js": server((p) => (p === "/vessels" ? "" : "requireAuth, ")),
    // Public by design (sign-in, reset, a session made) count neither way: five of nine writes
    // that want a guard lack one, as many as in admin/, though not half of all thirteen.
    "ops/server.js": [
      'const express = require("express");',
      "const app = express();",
      ...["/ops/settings", "/ops/users", "/ops/roles", "/ops/keys"].map((p) => `app.post("${p}", requireAuth, (req, res) => res.send("ok"));`),
      ...["/ops/login", "/ops/password/reset", "/ops/session", "/ops/signup"].map((p) => `app.post("${p}", (req, res) => res.send("ok"));`),
      ...["/ops/jobs", "/ops/jobs/:id/run", "/ops/queues", "/ops/queues/:id/purge", "/ops/nodes"].map((p) => `app.post("${p}", (req, res) => res.send("ok"));`),
      "app.listen(3001);",
    ].join("\n"),
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  const mostlyFindings = analyze(mostly).findings;
  assert.equal(mostlyFindings.filter((f) => f.category === "security" && f.severity !== "low" || f.rule === "no-guards").map((f) => [f.rule, f.severity, f.title]), [
    ["no-guards", "low", "Most write routes in admin/ have no guard the analysis can see: 5 of 6"],
    ["no-guards", "low", "Most write routes in ops/ have no guard the analysis can see: 5 of 13"],
  ]);
  const amongGuarded = mostlyFindings.find((f) => f.rule === "unguarded-write" && f.evidence[0]!.file === "portal/server.js")!;
  assert.equal([amongGuarded.severity, amongGuarded.title], ["low", "POST /vessels has no route-level guard"]);
  assert.match(amongGuarded.evidence[0]!.detail ?? "", /^6 of the 6 other routes of its file have a guard and this one has none/);
  // In a monorepo of services (services/, apps/, packages/), each subfolder is an application: an
  // internal service with no guard at all, however few its writes, is one low finding; the web
  // app's one route left open among guarded ones stays a finding of its own (low, as it is nearly always on purpose).
  const services = tempDir();
  writeFiles(services, {
    "services/web/app.js": server((p) => (p === "/vessels" ? "" : "requireAuth, ")),
    "services/docstore/app.js": 'const express = require("express");\nconst app = express();\napp.get("/project/:id/doc", (req, res) => res.send("ok"));\napp.post("/project/:id/doc", (req, res) => res.send("ok"));\napp.delete("/project/:id/doc", (req, res) => res.send("ok"));\napp.listen(3016);\n',
    // A top folder with a few open writes is a module of the application, not a service: its writes stay high.
    "push/routes.js": 'const express = require("express");\nconst app = express();\napp.post("/api/push", (req, res) => res.send("ok"));\napp.listen(3017);\n',
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
  });
  assert.equal(analyze(services).findings.filter((f) => f.category === "security").map((f) => [f.rule, f.severity, f.title]), [
    ["unguarded-write", "high", "POST /api/push has no route-level guard"],
    ["no-guards", "low", "No route in services/docstore/ has a guard the analysis can see, 2 write routes included"],
    ["unguarded-write", "low", "POST /vessels has no route-level guard"],
  ]);
  const root = tempDir();
  writeFiles(root, { "src/a.ts": "// FIXME: breaks on leap years\n// TODO: cache\nexport const a = 1;\n" });
  const debt = analyze(root).findings.find((f) => f.rule === "debt-markers")!;
  assert.is(debt.severity, "low", "a marker is the authors' own note: listed, not ranked above what the analysis finds");
  assert.equal(debt.evidence.map((e) => `${e.line} ${e.detail}`), ["1 FIXME: breaks on leap years", "2 TODO: cache"]);
});

findings("tool audit --fail-on exits 1 only when a finding at or above the severity exists", () => {
  const repo = fixtureRepo("layers");
  assert.is(runTool(["audit", "--fail-on", "high", "--root", repo]).code, 1);
  assert.is(runTool(["audit", "--root", repo]).code, 0);
  const clean = tempDir();
  writeFiles(clean, { "src/index.ts": "export const a = 1;\n" });
  assert.is(runTool(["audit", "--fail-on", "low", "--root", clean]).code, 0);
  const bad = runTool(["audit", "--fail-on", "urgent", "--root", repo]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--fail-on must be high, medium or low/);
});

findings("tool audit --format sarif is valid SARIF 2.1.0", () => {
  const repo = fixtureRepo("layers");
  const result = runTool(["audit", "--format", "sarif", "--root", repo]);
  assert.is(result.code, 0, result.stderr);
  const log = JSON.parse(result.stdout);
  const schemaPath = join(require.resolve("@microsoft/jest-sarif/package.json"), "..", "lib/schemas/sarif-2.1.0-rtm.5.json");
  const ajv = new Ajv({ schemaId: "id", allErrors: true, logger: false });
  ajv.addMetaSchema(require("ajv/lib/refs/json-schema-draft-04.json"));
  const valid = ajv.validate(JSON.parse(readFileSync(schemaPath, "utf8")), log);
  assert.ok(valid, JSON.stringify(ajv.errors?.slice(0, 3)));
  const results = log.runs[0].results;
  assert.is(results.length, 6);
  assert.is(results[0].level, "error");
  assert.equal(results[0].locations[0].physicalLocation, { artifactLocation: { uri: "src/ui/view.ts", uriBaseId: "SRCROOT" }, region: { startLine: 2 } });
});

findings("a baseline accepts today's findings so that CI fails only on new ones", () => {
  const repo = fixtureRepo("layers");
  const baseline = join(tempDir(), "baseline.json");
  assert.is(runTool(["audit", "--write-baseline", baseline, "--root", repo]).code, 0);
  assert.is(runTool(["audit", "--baseline", baseline, "--fail-on", "low", "--root", repo]).code, 0);
  writeFileSync(join(repo, "src/ui/cycle-a.ts"), 'import { b } from "./cycle-b";\nexport const a = b;\n');
  writeFileSync(join(repo, "src/ui/cycle-b.ts"), 'import { a } from "./cycle-a";\nexport const b = a;\n');
  const after = runTool(["audit", "--baseline", baseline, "--fail-on", "high", "--json", "--root", repo]);
  assert.is(after.code, 1);
  assert.equal(JSON.parse(after.stdout).findings.map((f: { rule: string }) => f.rule), ["import-cycle"]);
  writeFileSync(baseline, "{ not json");
  const broken = runTool(["audit", "--baseline", baseline, "--root", repo]);
  assert.is(broken.code, 2);
  assert.match(broken.stderr, /cannot read baseline/);
});

findings("a path registered in both arms of one if/else is served once, not a duplicate; registered again after the if statement, it is", () => {
  const root = tempDir();
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "srv"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "4"\n',
    "src/main.rs": [
      "use actix_web::{web, App, HttpResponse, HttpServer};",
      "",
      "pub fn configure(cfg: &mut web::ServiceConfig, enable_reset: bool) {",
      "    if enable_reset {",
      "        cfg.service(",
      '            web::resource("/reset/{user}")',
      "                .route(web::post().to(reset)),",
      "        );",
      "    } else {",
      "        cfg.service(",
      '            web::resource("/reset/{user}").route(web::post().to(HttpResponse::NotFound)),',
      "        );",
      "    }",
      "    if enable_reset {",
      '        cfg.service(web::resource("/export").route(web::post().to(export)));',
      "    }",
      '    cfg.service(web::resource("/export").route(web::post().to(export_again)));',
      "}",
      "",
      "#[actix_web::main]",
      "async fn main() -> std::io::Result<()> {",
      '    HttpServer::new(|| App::new().configure(|cfg| configure(cfg, true))).bind(("127.0.0.1", 8080))?.run().await',
      "}",
    ].join("\n"),
    "app.py": [
      "from flask import Flask",
      "app = Flask(__name__)",
      "if app.debug:",
      '    @app.post("/seed")',
      "    def seed():",
      '        return "seeded"',
      "else:",
      '    @app.post("/seed")',
      "    def seed_disabled():",
      '        return "", 404',
      "",
    ].join("\n"),
    "requirements.txt": "flask\n",
  });
  const report = analyze(root);
  assert.equal(report.routes.items.filter((r) => r.method === "POST").map((r) => r.path).sort(), ["/export", "/export", "/reset/{user}", "/reset/{user}", "/seed", "/seed"]);
  assert.equal(report.findings.filter((f) => f.rule === "duplicate-route").map((f) => `${f.severity} ${f.title}`), ["low POST /export is defined 2 times"]);
});

findings("a router the code names for callers without an account (publicRouter beside privateRouter) serves its unguarded writes on purpose: low; its neighbour's are not", () => {
  const root = tempDir("tool-public-router-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4" } }),
    "server.js": [
      'const express = require("express");',
      "const app = express();",
      "const publicRouter = express.Router();",
      "const privateRouter = express.Router();",
      'publicRouter.post("/feedback", (req, res) => res.send("ok"));',
      'privateRouter.post("/orders", (req, res) => res.send("ok"));',
      'privateRouter.delete("/orders/:id", (req, res) => res.send("ok"));',
      'privateRouter.get("/me", requireAuth, (req, res) => res.send("me"));',
      'app.use("/api", publicRouter);',
      'app.use("/api", privateRouter);',
      "app.listen(3000);",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]}`).sort();
  assert.equal(writes, ["high DELETE /api/orders/{id}", "high POST /api/orders", "low POST /api/feedback"]);
});

findings("a module the code names for callers without a session (public_views.py, a public_views/ package) serves its unguarded writes on purpose: low; views.py beside it and a word merely containing public are not", () => {
  const root = tempDir("tool-public-module-");
  const view = (name: string) => `from django.http import JsonResponse\nfrom django.views import View\n\nclass ${name}(View):\n    def post(self, request):\n        return JsonResponse({})\n`;
  writeFiles(root, {
    "manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'agents.settings')\n",
    "agents/__init__.py": "",
    "agents/settings.py": "ROOT_URLCONF = 'agents.urls'\n",
    "agents/urls.py": [
      "from django.urls import path",
      "from agents import account, public_views, views, publications",
      "from agents.public_views.ota import OTAEnrollView",
      "from django.contrib.auth.decorators import login_required",
      "",
      "urlpatterns = [",
      "    path('enroll', public_views.EnrollView.as_view()),",
      "    path('ota_enroll', OTAEnrollView.as_view()),",
      "    path('machines', views.MachinesView.as_view()),",
      "    path('publish', publications.PublishView.as_view()),",
      "    path('me', login_required(account.MeView.as_view())),",
      "]",
      "",
    ].join("\n"),
    "agents/public_views/__init__.py": view("EnrollView"),
    "agents/public_views/ota.py": view("OTAEnrollView"),
    "agents/views.py": view("MachinesView"),
    "agents/account.py": view("MeView"),
    "agents/publications.py": view("PublishView"),
  });
  git(root, "init", "-q");
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]}`).sort();
  assert.equal(writes, ["high POST /machines", "high POST /publish", "low POST /enroll", "low POST /ota_enroll"]);
});

findings("a gin group named for callers without an account (publicAPI := server.Group(\"/\")) serves its unguarded writes on purpose: low; another group's are not", () => {
  const root = tempDir("tool-public-group-");
  writeFiles(root, {
    "go.mod": "module example.org/museum\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.9.1\n",
    "main.go": [
      "package main",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func main() {",
      "\tserver := gin.New()",
      '\tpublicAPI := server.Group("/")',
      '\tprivateAPI := server.Group("/")',
      "\tprivateAPI.Use(authMiddleware.TokenAuthMiddleware(nil))",
      '\tlegacyAPI := server.Group("/legacy")',
      '\tpublicAPI.POST("/paste/create", pasteHandler.Create)',
      '\tprivateAPI.POST("/files", fileHandler.Create)',
      '\tlegacyAPI.POST("/files", fileHandler.CreateLegacy)',
      '\tlegacyAPI.DELETE("/files/:id", fileHandler.DeleteLegacy)',
      '\tserver.Run(":8080")',
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]}`).sort();
  assert.equal(writes, ["high DELETE /legacy/files/{id}", "high POST /legacy/files", "low POST /paste/create"]);
});

findings("one handler served at several paths (a named route beside the default one, a path with and without its optional id) is one unguarded write, its other paths named in the evidence", () => {
  const root = tempDir("tool-findings-aliases-");
  const cs = (...lines: string[]) => lines.join("\n") + "\n";
  writeFiles(root, {
    "src/Shop.Web/Shop.Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Shop.Web/Endpoints/EndpointProvider.cs": cs(
      "public class EndpointProvider",
      "{",
      "    public void RegisterEndpoint(IEndpointRouteBuilder endpoints)",
      "    {",
      "        endpoints.MapControllerRoute(\"BookmarkItem\", \"items/bookmark/{id}\", new { controller = \"Items\", action = \"Bookmark\" });",
      "        endpoints.MapDefaultControllerRoute();",
      "    }",
      "}",
    ),
    "src/Shop.Web/Controllers/ItemsController.cs": cs(
      "public class ItemsController : Controller",
      "{",
      "    [HttpPost]",
      "    public IActionResult Bookmark(int? id) => Ok();",
      ...Array.from({ length: 6 }, (_, i) => `    [HttpPost]\n    [Authorize]\n    public IActionResult Edit${i}() => Ok();`),
      "}",
    ),
  });
  git(root, "init", "-q");
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write");
  assert.equal(writes.map((f) => f.title), ["POST /Items/Bookmark has no route-level guard"]);
  assert.match(writes[0]!.evidence[0]!.detail ?? "", /the same handler is served at .*\/items\/bookmark\/\{id\}/i);
  assert.match(writes[0]!.evidence[0]!.detail ?? "", /\/Items\/Bookmark\/\{id\}/);
});

findings.run();
