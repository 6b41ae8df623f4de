import { plural } from "../../core/plural.ts";
import { productPaths } from "../roles.ts";
import { writesState } from "../routes/paths.ts";
import type { Finding, Report } from "../schema.ts";
import { finding } from "./finding.ts";

type Input = Pick<Report, "routes" | "files">;

/** Paths that are public on purpose: a guard on them would lock everyone out. */
// A password change is the signed-in user's (`/me/password`); forgetting or resetting one is not.
// Words of the steps before and around signing in: a path or a handler named so is open on purpose
// (`POST /api/me` served by `LoginWithCredentialsController`, a second factor, accepting an invitation).
// An email's unsubscribe link is followed without signing in (one-click unsubscribe is a POST, RFC 8058),
// and so is a link that carries its own signed credential (`/accounts/change_email/{signed_payload}`)
// or secret (`/checkouts/client/{client_secret}`, an invitation's key: `/client/email_preferences/{entity}/{invitation_key}`).
// A payment provider sends the buyer back to the shop (`/payu/success`, `/paypal/cancel`): the shop checks the payment with the provider.
// A lost password and an account's activation come before signing in, and an OAuth provider's
// consent page is a step of it (`/account/consent`), as is signing in through a named identity
// provider (`POST /auth/github`, `/auth/keycloak`: Alerta exchanges the provider's code for its token). Livewire's endpoint (`/livewire/update`)
// serves every component, each checking its own caller, for signed-in pages and public ones.
// First-run installation and setup, a shop's cart and checkout (open to guests), a contact form,
// a newsletter sign-up, a language switch (Django's `/i18n/setlang`, the caller's own cookie), browsers' CSP
// reports, a payment provider's notification (`ipn`) and a hooks/ receiver are so too. So are single
// sign-on's assertion consumer (`/saml/acs`) and an LTI tool's launch, an auth library's catch-all
// (`/api/auth/{nextauth}`, `/api/better-auth/{all}`), a password replaced or recovered with an emailed code, a sign-in code checked (`/verify-code`),
// and a link carrying the key a private URL is made of (`/feedback/add/a{url_key}`). A second factor verified (zentral's `/verify_webauthn`, `/verify_totp`) is a step of signing in. And the
// beacons a page sends for its anonymous visitors: analytics (`/track`, `/collect`, `/record_view`,
// `/record_click`, Lychee's `/Metrics::photo`), its script errors (`/jserr`) and its browser's CSP reports (`/csp`).
// A session made (`POST /inbox/session`, `/widgets/session/initialize`) is a sign-in; a resource
// unlocked with its password (`/Album::unlock`), a password set or changed without a guard (the
// second step of a reset, first-run setup: `/set-password`, `/profile/change_password`) and an
// email verification sent again are public steps too. `::` separates words as `/` does (`/Admin::Setup`).
// An auth server's own sign-in steps at its root (GoTrue's `/magiclink`, `/recover`, `/resend`, `/verify`, `/sso`, a passkey's
// `/passkeys/authentication/options`) come before any session.
// So are OmniAuth's `/auth/failure` (where a failed sign-in lands), a mail client's Autodiscover and autoconfig requests
// (Outlook posts an address before it has credentials: modoboa's `/autodiscover/autodiscover.xml`),
// a discovery document under `/.well-known/` (RFC 8615), an ActivityPub inbox (other servers deliver signed
// activities to it), a visitor's own time zone or language, and an error report a visitor sends.
const PUBLIC_BY_DESIGN = /(^\/(?:auth\/|api\/(?:v\d+\/)?(?:auth\/)?)?(?:magic-?_?link|resend|recover|verify|sso)(?=\/|$)|(?:passkeys?|webauthn)\/(?:authentication|assertion|login)(?=\/|$)|^\/\.well-known\/|(?:^|\/)inbox$|(?:change|set|switch)[-_]?(?:time[-_]?zone|tz|locale|lang(?:uage)?)(?=\/|$)|(?:report[-_]?error|error[-_]?report)s?(?=\/|$)|(?:^|\/|::|\.)(?:public|install(?:er|ation)?|setup|onboard(?:ing)?|saml|acs|lti|cart|basket|checkout|contact(?:-?_?us)?|subscribe|hooks|consent|track(?:ing)?|collect|beacon|page-?views?|jserr|csp|metrics|unlock|sessions?(?:\/initiali[sz]e)?|record[-_](?:view|click|reaction|event|page-?view|video[-_]view)s?)(?=\/|::|\.|$)|(?:change|set|new)[-_]?password|password\/new|(?:email|account)[-_/]?verification|verification[-_]?e?mail|newsletter|set-?_?lang(?:uage)?|csp[-_/]?report|\bipn\b|password-?_?remind|log-?_?in|sign-?_?in|sign-?_?up|register|forg[eo]t|reset|lost-?_?password|activat(?:e|ion)|verify-?_?(?:email|code|webauthn|totp|otp|u2f|2fa|mfa)|confirm|webhooks?|callback|oauth|\/auth\/\{\w*provider\w*\}|\/auth\/failure(?=\/|$)|(?:^|\/)(?:autodiscover|autoconfig)(?=\/|\.|$)|\/\.well-known\/autoconfig\b|\/(?:auth|sso)\/(?:github|gitlab|google|azure(?:ad)?|microsoft|keycloak|openid|oidc|saml2?|facebook|twitter|apple|okta|auth0|bitbucket|discord|slack|linkedin|cognito|ldap|cas|gitea|pingfederate|local|credentials|discover(?:y)?)(?=\/|$)|token|refresh|log-?_?out|sign-?_?out|two-?_?factor|twofa|2fa\/authenticate|\/authenticate\w*$|\bmfa\b|otp\b|invitations?\W*accept|accept\w*invitation|unsubscribe|email[-_]?preferences|\{signed\w*\}|\{\w*secret\w*\}|\{\w*invit\w*_key\}|\{\w*(?:url|access|share|private)_?key\}|\/(?:next-?|better-?)?auth\/\{\w*(?:auth|all|rest|path)\w*\}$|password\W*(?:replace|recover)|^\/livewire\/(?:update|upload-file)$|\/(?:paypal|payu|stripe|razorpay|mollie|paystack|flutterwave|braintree|adyen|klarna|payments?)(?:\/[\w-]+)*\/(?:success|failure|fail|cancel(?:led)?|return|notify|capture-?_?order)$)/i;

/**
 * Words of a request that computes an answer and stores nothing, though it is a POST (its input
 * is a form or too long for a query string): a cron expression's preview, a validation, a search,
 * an encryption of display options, a rendering of Markdown, a sanitizing, a ping, a health check (an oRPC procedure without
 * a declared method answers POST: Typebot's `healthz`). Reviews of public repositories found no such route worth a guard.
 */
const COMPUTES = /(?:^|[^a-z])(preview|validate|validation|search|lookup|calculate|estimate|convert|render|encrypt|decrypt|explain|suggest|autocomplete|markdown|sanitize|ping|healthz?|healthcheck)(?:[^a-z]|$)/i;

// A module or package the code names for callers without a session: zentral keeps the endpoints its osquery,
// Santa and Munki agents post to, each checking the device's enrollment secret or node key, in `public_views.py`
// (`mdm/public_views/ota.py`), apart from its `views.py`.
const PUBLIC_MODULE = /(?:^|\/)public[-_]?(?:views?|apis?|endpoints?|routes?|controllers?|handlers?|urls)(?=\/|\.\w+$)/i;

// A path named for the app's own services: `/api/internal/...`, `/_internal/`.
const INTERNAL = /\/_?internal(?=\/|$)/i;

// One endpoint for every query and mutation: its resolvers check the caller, each for itself.
const GRAPHQL = /(?:^|\/)graphql(?:\/|$)/i;
// SCIM, the protocol identity providers provision users with: its server library takes the directory's bearer token.
const SCIM = /(?:^|\/)scim(?:\/|$)/i;

/** Past this share of an application's write routes without a guard, and this many, unguarded is its norm, not a route's slip. */
const MOSTLY_UNGUARDED = 0.5;
const MOSTLY_UNGUARDED_MIN = 5;

/** Routes defined twice, drift between the contract and the code, and unguarded write routes. */
export function routeFindings(report: Input): Finding[] {
  const { routes } = report;
  const found: Finding[] = [];
  // Routes of tests, examples and benchmarks are not the product's API.
  const product = productPaths(report.files);
  // Low: a true duplicate is a definition that never runs, worth a cleanup rather than a risk,
  // and blind reviews of 102 public repositories found 4 of 105 such findings (in 37 of them) worth acting on:
  // the rest were routes of separate applications, hosts or API versions, one registered
  // instead of the other by a setting, or a deliberate override that Django's first match picks.
  for (const d of routes.duplicates) {
    const defined = d.routes.filter((r) => product(r.file));
    if (defined.length < 2) continue;
    found.push(finding("routes", "duplicate-route", "low", `${d.method} ${d.path}`, {
      title: `${d.method} ${d.path} is defined ${defined.length} times`,
      evidence: defined.map((r) => ({ file: r.file, line: r.line })),
      action: "If one application serves them all, keep one definition: the first one registered wins and the others never run. If they belong to separate applications, ignore this.",
      task: { title: `Remove the duplicate route ${d.method} ${d.path}`, detail: `Defined at ${d.routes.map((r) => `${r.file}:${r.line}`).join(", ")}.` },
    }));
  }
  // A contract far from the code (a spec from years ago, one service's among many) is one
  // finding about the contract, not one per operation: past a few, each says the same thing.
  const { documentedNotImplemented, implementedNotDocumented } = routes.drift;
  const documented = routes.contracts.reduce((n, c) => n + c.operations.length, 0);
  const served = routes.items.filter((r) => r.kind === "http" && product(r.file)).length;
  const stale = documentedNotImplemented.length > driftLimit(documented) || implementedNotDocumented.length > driftLimit(served);
  if (stale && (documentedNotImplemented.length || implementedNotDocumented.length)) {
    const files = [...new Set(routes.contracts.map((c) => c.file))];
    found.push(finding("routes", "contract-drift", "low", `stale\n${files.join("\n")}`, {
      title: `The API contract is far from the code: ${plural(documentedNotImplemented.length, "operation")} documented but not served, ${plural(implementedNotDocumented.length, "route")} served but not documented`,
      evidence: [
        ...files.map((file) => ({ file, detail: `${plural(routes.contracts.filter((c) => c.file === file).reduce((n, c) => n + c.operations.length, 0), "operation")} documented` })),
        ...documentedNotImplemented.slice(0, 5).map((d) => ({ file: d.file, line: d.line, detail: `${d.method} ${d.path} is documented but not served` })),
        ...implementedNotDocumented.slice(0, 5).map((d) => ({ file: d.file, line: d.line, detail: `${d.method} ${d.path} is served but not documented` })),
      ],
      action: "Decide whether the contract is maintained: regenerate it from the code (or the code from it), or delete it if nothing reads it; `tool routes` lists every difference.",
      task: { title: "Bring the API contract back in line with the code", detail: `${files.join(", ")}: ${documentedNotImplemented.length} documented operations are not served and ${implementedNotDocumented.length} served routes are not documented.` },
    }));
  }
  // The same contract kept in two forms (openapi.json beside openapi.yaml) documents each operation twice: one finding, both named.
  const byOperation = new Map<string, (typeof documentedNotImplemented)[number][]>();
  for (const d of stale ? [] : documentedNotImplemented) byOperation.set(`${d.method} ${d.path}`, [...(byOperation.get(`${d.method} ${d.path}`) ?? []), d]);
  for (const [operation, documents] of byOperation) {
    const files = documents.map((d) => d.file);
    found.push(finding("routes", "contract-drift", "medium", `doc\n${operation}`, {
      title: `${operation} is documented but not implemented`,
      evidence: documents.map((d) => ({ file: d.file, line: d.line })),
      action: "Implement the operation or remove it from the contract.",
      task: { title: `Implement or undocument ${operation}`, detail: `The contract ${files.join(" and ")} ${files.length > 1 ? "document" : "documents"} it; no route in code serves it.` },
    }));
  }
  for (const d of stale ? [] : implementedNotDocumented) {
    found.push(finding("routes", "contract-drift", "medium", `code\n${d.method} ${d.path}`, {
      title: `${d.method} ${d.path} is implemented but not documented`,
      evidence: [{ file: d.file, line: d.line }],
      action: "Document the operation in the contract, or remove the route if it is not meant to be public.",
      task: { title: `Document ${d.method} ${d.path}`, detail: `${d.file}:${d.line} serves it; the API contract does not list it.` },
    }));
  }
  const productRoutes = routes.items.filter((r) => product(r.file));
  // Each with why it is low, when the code or its path explains the missing guard. One handler
  // served at several paths (a named route beside the default one, a path with and without its
  // optional id) is one write: the first path speaks for it, the others are named beside it.
  const byHandler = new Map<string, (typeof routes.unguardedWrites)[number][]>();
  for (const r of routes.unguardedWrites.filter((r) => product(r.file))) {
    // A handler written in place is known by its line alone, which others may share: each stays its own.
    const key = r.handler.startsWith("(") ? `${r.method} ${r.path}\n${r.file}:${r.line}` : `${r.method}\n${r.file}:${r.line}\n${r.handler}`;
    byHandler.set(key, [...(byHandler.get(key) ?? []), r]);
  }
  const unguarded = [...byHandler.values()].map(([r, ...aliases]) => ({
    ...r!,
    aliases: aliases.map((a) => a.path),
    low: [r!, ...aliases].map((a) => whyLow(a)).find(Boolean) ?? amongGuarded(r!, productRoutes),
  }));
  const none = !productRoutes.some((r) => r.guards.length);
  if (unguarded.length && none) {
    // No route is guarded anywhere: the application is public, or its authentication is
    // somewhere the analysis cannot see. One low finding, not one high per route.
    found.push(finding("security", "no-guards", "low", "routes", {
      title: `No route has a guard, ${plural(unguarded.length, "write route")} included`,
      evidence: unguarded.slice(0, 10).map((r) => ({ file: r.file, line: r.line, detail: `${r.method} ${r.path}` })),
      action: "If the application is meant to be public, nothing to do. Otherwise add authentication, or tell the analysis where it is (a global middleware it does not recognise).",
      task: { title: "Decide how the application authenticates", detail: `None of the ${productRoutes.length} routes has a guard the analysis can see; ${unguarded.length} of them change state.` },
    }));
    return found;
  }
  // Per application (a top folder of a repository that holds several: apollo-adminservice beside
  // apollo-portal; or a subfolder of services/, apps/, packages/: Overleaf's internal services beside its web app): where most write routes have no guard the analysis can see and no
  // reason to be public, unguarded is that application's norm, not a route's slip. It is public
  // (or public until configured, or an internal service), or it authenticates where the analysis
  // cannot see (a security strategy loaded by name at run time). Labelled audits found such
  // per-route findings noise nearly always: one low finding for the folder instead.
  const folderOf = applicationFolder;
  const mostlyUnguarded = new Set<string>();
  for (const folder of new Set(unguarded.map((r) => folderOf(r.file)))) {
    const writes = productRoutes.filter((r) => r.kind === "http" && writesState(r) && folderOf(r.file) === folder).length;
    const unexplained = unguarded.filter((r) => folderOf(r.file) === folder && !r.low);
    // Writes public by design count neither way: more of them found must not make the rest each a finding of their own.
    const explained = unguarded.filter((r) => folderOf(r.file) === folder && r.low).length;
    // A service of a monorepo (services/clsi/) none of whose routes has a guard is public or guarded out of sight, as a
    // repository is (`none` above), however few its writes. A top folder is not: a module of one application may
    // hold only its few open routes (HertzBeat's push/ beside manager/).
    const guardsNothing = folder.includes("/") && !productRoutes.some((r) => folderOf(r.file) === folder && r.guards.length);
    if (!unexplained.length || (!guardsNothing && (unexplained.length < MOSTLY_UNGUARDED_MIN || unexplained.length <= (writes - explained) * MOSTLY_UNGUARDED))) continue;
    mostlyUnguarded.add(folder);
    const where = folder ? ` in ${folder}/` : "";
    found.push(finding("security", "no-guards", "low", `routes\n${folder}`, {
      title: guardsNothing ? `No route${where} has a guard the analysis can see, ${plural(unexplained.length, "write route")} included` : `Most write routes${where} have no guard the analysis can see: ${unexplained.length} of ${writes}`,
      evidence: unexplained.slice(0, 10).map((r) => ({ file: r.file, line: r.line, detail: `${r.method} ${r.path}` })),
      action: "If these routes are meant to be public (or only reachable from inside), nothing to do. Otherwise add authentication, or tell the analysis where it is (a global middleware it does not recognise).",
      task: { title: `Decide how the routes${where} authenticate`, detail: `${unexplained.length} of the ${writes} routes${where} that change state have no guard the analysis can see; \`tool routes\` lists them.` },
    }));
  }
  for (const r of unguarded) {
    if (mostlyUnguarded.has(folderOf(r.file))) continue;
    found.push(finding("security", "unguarded-write", r.low ? "low" : "high", `${r.method} ${r.path}\n${r.file}`, {
      title: `${r.method} ${r.path} has no route-level guard`,
      evidence: [{ file: r.file, line: r.line, detail: `${r.low ?? "no global guard was found either; middleware the analysis cannot see may protect it"}${r.aliases.length ? `; the same handler is served at ${r.aliases.join(", ")}` : ""}` }],
      // A low one has a reason to be open, which its evidence names: the check is that reason's, not a guard to add.
      action: r.low
        ? "Check what the evidence names; add a guard only if the route is not meant to be open."
        : "Add an authentication/authorisation guard to the route, or a global one, or confirm the route is meant to be public.",
      task: r.low
        ? { title: `Check ${r.method} ${r.path} is meant to be open`, detail: `${r.file}:${r.line} changes state without a visible guard: ${r.low}.` }
        : { title: `Guard ${r.method} ${r.path}`, detail: `${r.file}:${r.line} changes state without a visible guard. Add one or document why it is public.` },
    }));
  }
  return found;
}

// Folders that hold one application per subfolder in a monorepo: `services/clsi/`, `apps/web/`.
const APPLICATIONS = /^(?:services|apps|packages|microservices|servers)$/;

/** The folder of the application a file belongs to: its top folder, or the subfolder of one that holds an application each (Overleaf's `services/document-updater`). */
function applicationFolder(file: string): string {
  const parts = file.split("/");
  if (parts.length > 2 && APPLICATIONS.test(parts[0]!)) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : "";
}

/**
 * Why an unguarded write route is low when the other routes of its file mostly have guards: the author
 * guards routes there and left this one open. Blind reviews of public repositories found 2 of 61 such routes
 * worth a guard (a sign-in step, a form meant for visitors, a check inside the handler the rest were), against
 * 27 of 85 where the file's other routes are mostly open too or it has no other.
 */
function amongGuarded(r: Input["routes"]["unguardedWrites"][number], routes: Input["routes"]["items"]): string | undefined {
  const others = routes.filter((x) => x.file === r.file && !(x.method === r.method && x.path === r.path));
  const guarded = others.filter((x) => x.guards.length).length;
  if (!others.length || guarded < others.length / 2) return undefined;
  return `${guarded} of the ${plural(others.length, "other route")} of its file have a guard and this one has none, which in the code reviewed is nearly always on purpose (a step before signing in, a form for visitors, a check inside the handler), so this is low: check that it is meant to be open`;
}

/** Why an unguarded write route is low, in its finding's words; undefined when nothing in the code or its path explains the missing guard. */
function whyLow(r: Input["routes"]["unguardedWrites"][number]): string | undefined {
  // Signing in or up, resetting a password and receiving a webhook are public by design, and
  // so is a route the code itself declares public.
  const byPath = PUBLIC_BY_DESIGN.exec(r.path)?.[0];
  const named = byPath ?? PUBLIC_BY_DESIGN.exec(r.handler)?.[0];
  const said = r.public
    ? "the code declares it public"
    : r.csrfExempt
    ? "the code exempts it from CSRF checks: it is meant for callers from outside the site (a webhook, a provider's callback, a client with its own key)"
    : named && `its ${byPath ? "path" : `handler ${r.handler}`} (${named}) says it is public by design`;
  if (said) return `${said}, so this is low: check it is rate-limited and, for a webhook, that it verifies the sender's signature`;
  const module = PUBLIC_MODULE.exec(r.file)?.[0].replace(/^\//, "");
  if (module) return `its module (${module}) is named for callers without a session (devices, visitors, other servers), which such a route checks in its own way (a shared secret, a signed request), so this is low: check what it checks`;
  // A POST that computes an answer (a preview, a validation, an encryption) changes no state.
  // Read in the route's last words (`/api/v1/markdown/raw`), not a prefix naming a whole service (`/mall-search/esProduct/importAll` imports).
  const action = r.path.split("/").filter((segment) => segment && !segment.startsWith("{")).slice(-2).join("/");
  const computes = (COMPUTES.exec(action) ?? COMPUTES.exec(r.handler))?.[1];
  if (computes) return `its ${COMPUTES.test(action) ? "path" : `handler ${r.handler}`} (${computes}) says it computes an answer rather than changing state, so this is low: check that it reads nothing private and is rate-limited`;
  // The action checks each caller where the analysis cannot settle it (a policy ability that takes a guest too, `?User`).
  if (r.checks?.length) return `its action asks ${r.checks.join(", ")} about each caller, which may let one without an account through by design or by a setting, so this is low: check what it allows a guest`;
  if (GRAPHQL.test(r.path)) return "a GraphQL endpoint takes every query and mutation, sign-in included, and its resolvers check the caller one by one, so this is low: check that each mutation changing state does";
  if (SCIM.test(r.path)) return "a SCIM endpoint is called by an identity provider with the directory's bearer token, which the SCIM library checks, so this is low: check the handler hands the request to it";
  // Mounted where the analysis cannot see (its prefix is unknown: oapi-codegen's `options.BaseURL +`),
  // so is any guard of that mount: its missing guard is not known.
  if (r.prefixUnknown === true) return "it is mounted where the analysis cannot see (its prefix is unknown), and so would be any guard of that mount, so this is low: check the router that serves it";
  // Named for the app's own services (`/api/internal/sftp-auth`): reached from inside, behind a proxy that does not forward it, or a check of where the call comes from.
  if (INTERNAL.test(r.path)) return "its path names it internal, meant for the app's own services, so this is low: check that the proxy in front does not forward it, or that the route checks where the call comes from";
  return undefined;
}

/** How many operations may differ before the contract, not each operation, is the finding: a quarter, and at least five. */
const driftLimit = (total: number) => Math.max(5, Math.ceil(total / 4));
