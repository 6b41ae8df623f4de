import { type Command, stringValue } from "./command.ts";

/** The capabilities module, loaded when one of these commands runs (cli/commands.ts says why). */
const capabilities = () => import("../workflow/capabilities/mod.ts");

export const catalogCommand: Command = {
  name: "catalog",
  summary: "the bundled catalog of skills, agents, commands, MCP servers and hooks for coding agents",
  usage: "tool catalog search [WORDS] [--kind K]\n       tool catalog show <kind/name>",
  options: { kind: { type: "string" } },
  maxPositionals: 10,
  async run(context) {
    const [action, ...rest] = context.positionals;
    const c = await capabilities();
    if (action === "show") {
      const ref = rest[0];
      if (!ref) throw new TypeError("give a ref: tool catalog show <kind/name>");
      const entry = c.findEntry(ref);
      const renders = Object.fromEntries(c.ADAPTERS.map((a) => [a.id, a.render(entry)]));
      if (context.json) return (context.printJson({ ...entry, writes: renders }), 0);
      context.stdout(`${entry.ref}: ${entry.title}${entry.exec ? " (runs a program: needs --allow-exec)" : ""}\n${entry.description}\n`);
      for (const [adapter, outputs] of Object.entries(renders)) {
        context.stdout(`${adapter}: ${outputs.map((o) => (o.type === "unsupported" ? `not offered (${o.reason})` : `${o.type} ${o.path}`)).join("; ")}`);
      }
      return 0;
    }
    if (action !== "search") throw new TypeError("give an action: search or show");
    const kind = stringValue(context, "kind");
    if (kind && !c.KINDS.includes(kind as never)) throw new RangeError(`--kind must be one of ${c.KINDS.join(", ")}, not "${kind}"`);
    const found = c.searchCatalog(rest.join(" "), { kind });
    if (context.json) return (context.printJson({ entries: found }), 0);
    if (!found.length) context.stdout("Nothing in the catalog matches.");
    for (const e of found) context.stdout(`${e.ref.padEnd(32)} ${e.title}${e.exec ? "  [exec]" : ""}`);
    return 0;
  },
};

export const capabilityCommand: Command = {
  name: "capability",
  summary: "install catalog entries into a coding agent: a plan first, --apply to write",
  usage: "tool capability add|remove|sync [<kind/name>...] [--to ADAPTER] [--allow-exec] [--force] [--apply]\n       tool capability list",
  details: [
    "Without --apply the plan is printed (every file created, changed or removed, with a diff) and nothing is written.",
    "Shared files (CLAUDE.md, AGENTS.md, .mcp.json, ...) change only in tool's own section or key.",
    "A file you edited since it was installed is never overwritten or removed without --force.",
    "Adapters: claude-code, codex, gemini, cursor, opencode (default: the active one, else claude-code).",
  ].join("\n"),
  options: { to: { type: "string" }, "allow-exec": { type: "boolean" }, force: { type: "boolean" }, apply: { type: "boolean" }, ref: { type: "string", multiple: true } },
  maxPositionals: 30,
  async run(context) {
    const [action, ...named] = context.positionals;
    const refs = [...named, ...((context.values.ref as string[] | undefined) ?? []).map(String)];
    const c = await capabilities();
    if (action === "list") {
      const installed = c.installedState(context.root);
      if (context.json) return (context.printJson({ installed }), 0);
      if (!installed.length) context.stdout("Nothing installed yet: tool catalog search");
      for (const i of installed) context.stdout(`${i.ref.padEnd(32)} ${i.adapter.padEnd(12)} ${i.state}${i.outdated ? ", an update is in the catalog (sync)" : ""}`);
      return 0;
    }
    if (action !== "add" && action !== "remove" && action !== "sync") throw new TypeError("give an action: add, remove, sync or list");
    const plan = c.install(context.root, { action, refs, to: stringValue(context, "to"), allowExec: context.values["allow-exec"] === true, force: context.values.force === true, apply: context.values.apply === true });
    if (context.json) return (context.printJson(plan), 0);
    for (const change of plan.changes) {
      context.stdout(`${change.action.padEnd(9)} ${change.path}`);
      if (change.diff) context.stdout(change.diff.split("\n").filter((l) => !l.startsWith(" ")).map((l) => `    ${l}`).join("\n"));
    }
    for (const u of plan.unsupported) context.stdout(`skipped   ${u.ref}: ${u.reason}`);
    context.stdout(plan.applied ? `done: ${plan.action} for ${plan.adapter}` : `plan only: nothing was written; run again with --apply`);
    return 0;
  },
};

export const adapterCommand: Command = {
  name: "adapter",
  summary: "the coding agents tool writes capabilities for; install sets the active one",
  usage: "tool adapter list\n       tool adapter install <claude-code|codex|gemini|cursor|opencode>",
  options: {},
  maxPositionals: 2,
  async run(context) {
    const [action, id] = context.positionals;
    const c = await capabilities();
    const active = c.activeAdapter(context.root);
    if (action === "list" || action === undefined) {
      const adapters = c.ADAPTERS.map((a) => ({ id: a.id, name: a.name, instructions: a.instructions, active: a.id === active }));
      if (context.json) return (context.printJson({ adapters }), 0);
      for (const a of adapters) context.stdout(`${a.active ? "*" : " "} ${a.id.padEnd(12)} ${a.name} (${a.instructions})`);
      return 0;
    }
    if (action !== "install" || !id) throw new TypeError("usage: tool adapter install <id>");
    const adapter = c.findAdapter(id);
    const { updateConfigSection } = await import("../workflow/config-write.ts");
    await updateConfigSection(context.root, "adapter", () => adapter.id);
    if (context.json) context.printJson({ adapter: adapter.id, active: true });
    else context.stdout(`${adapter.name} is the active adapter; add capabilities with: tool capability add mcp-server/tool --allow-exec --apply`);
    return 0;
  },
};

export const doctorCommand: Command = {
  name: "doctor",
  summary: "checks what tool needs: git, a writable .tool, a valid config, agents, gh or glab, the adapter's files",
  usage: "tool doctor [--json]",
  options: {},
  async run(context) {
    const { doctor } = await import("../workflow/doctor.ts");
    const checks = doctor(context.root);
    if (context.json) context.printJson({ checks });
    else for (const c of checks) context.stdout(`${c.status === "ok" ? "ok  " : c.status === "warn" ? "warn" : "FAIL"}  ${c.name.padEnd(18)} ${c.detail}${c.fix ? `\n      fix: ${c.fix}` : ""}`);
    return checks.some((c) => c.status === "fail") ? 1 : 0;
  },
};

export const languageCommand: Command = {
  name: "language",
  summary: "the language of documents and of code comments that agents should write in",
  usage: "tool language [--docs LANG] [--code LANG]",
  options: { docs: { type: "string" }, code: { type: "string" } },
  async run(context) {
    const docs = stringValue(context, "docs");
    const code = stringValue(context, "code");
    const LANG = /^[A-Za-z][A-Za-z -]{1,30}$/;
    for (const [flag, value] of [["--docs", docs], ["--code", code]] as const) {
      if (value !== undefined && !LANG.test(value)) throw new RangeError(`${flag} must be a language name or code (en, English, pt-BR), not "${value}"`);
    }
    const { updateConfigSection } = await import("../workflow/config-write.ts");
    const language = docs === undefined && code === undefined
      ? (await import("../workflow/settings.ts")).readSettings(context.root).language
      : await updateConfigSection(context.root, "language", (current) => {
        const now = current && typeof current === "object" ? (current as { docs?: string; code?: string }) : {};
        return { docs: docs ?? now.docs ?? "en", code: code ?? now.code ?? "en" };
      });
    if (context.json) context.printJson({ language });
    else context.stdout(`language: ${JSON.stringify(language)}`);
    return 0;
  },
};
