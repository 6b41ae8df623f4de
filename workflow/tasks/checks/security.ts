import { analyze } from "../../../analysis/mod.ts";
import type { Check } from "./check.ts";
import { addedLines, changedFiles } from "./git.ts";

/** Patterns of secrets committed by mistake; values are shown masked. */
const SECRETS: { name: string; pattern: RegExp }[] = [
  { name: "AWS access key", pattern: /\b(AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: "private key", pattern: /-----BEGIN (RSA |EC |OPENSSH |DSA |PGP )?PRIVATE KEY-----/ },
  { name: "GitHub token", pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/ },
  { name: "Slack token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/ },
  { name: "Stripe secret key", pattern: /\b[sr]k_live_[A-Za-z0-9]{20,}\b/ },
  { name: "OpenAI-style API key", pattern: /\bsk-[A-Za-z0-9_-]{32,}\b/ },
  { name: "hard-coded credential", pattern: /\b(api[_-]?key|secret|token|passw(or)?d|client[_-]?secret)\b\s*[:=]\s*["'][^"'\s]{12,}["']/i },
];

/**
 * The change adds no secret-looking strings, no write route without a guard, and no
 * environment variable missing from .env.example.
 */
export const security: Check = ({ root, base }) => {
  const secrets = addedLines(root, base).flatMap(({ file, line, text }) =>
    SECRETS.filter((s) => s.pattern.test(text)).map((s) => ({ file, line, kind: s.name, text: mask(text.trim()) }))
  );
  const changed = new Set(changedFiles(root, base));
  const report = analyze(root);
  const unguarded = report.routes.unguardedWrites.filter((r) => changed.has(r.file));
  const config = (report as { configuration?: { variables?: { name: string; files: { file: string; line: number }[]; documented: boolean }[] } }).configuration;
  const undocumented = (config?.variables ?? []).filter((v) => !v.documented && v.files.some((f) => changed.has(f.file)));
  const ok = secrets.length === 0 && unguarded.length === 0 && undocumented.length === 0;
  const lines = [
    ...secrets.map((s) => `- ${s.kind} at ${s.file}:${s.line}: ${s.text}`),
    ...unguarded.map((r) => `- ${r.method} ${r.path} (${r.file}:${r.line}) has no route-level guard and no global guard exists`),
    ...undocumented.map((v) => `- ${v.name} is read (${v.files[0]!.file}:${v.files[0]!.line}) but missing from .env.example`),
  ];
  return {
    ok,
    summary: ok ? "no secrets, unguarded write routes or undocumented env vars in the change" : `${secrets.length} secrets, ${unguarded.length} unguarded write routes, ${undocumented.length} undocumented env vars`,
    details: { secrets, unguarded, undocumented: undocumented.map((v) => v.name) },
    text: lines.join("\n") || "Nothing found.",
  };
};

/** Keeps the shape of a line, hides the value: the evidence must not store the secret again. */
const mask = (text: string) => text.replace(/[A-Za-z0-9+/_-]{8,}/g, (m) => `${m.slice(0, 4)}${"*".repeat(Math.min(12, m.length - 4))}`).slice(0, 120);
