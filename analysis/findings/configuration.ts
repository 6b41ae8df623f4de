import type { EnvVariable, Finding, Report } from "../schema.ts";
import { productPaths } from "../roles.ts";
import { finding } from "./finding.ts";

type Input = Partial<Pick<Report, "configuration" | "files">>;

const kind = (v: EnvVariable) =>
  [v.secret ? "secret" : "", v.serviceAddress ? "service address" : ""].filter(Boolean).join(", ");
const where = (v: EnvVariable) => v.files.map((f) => `${f.file}:${f.line}`).join(", ");

/**
 * Environment variables read but missing from the example file: one low finding per
 * variable with every read as evidence. Without any example file, one finding lists them
 * all, since each per-variable finding would say the same thing (create the file).
 * Variables the platform provides (NODE_ENV, HOME, CI...) need no entry, nor those only tests,
 * examples or fixtures read.
 */
export function configurationFindings(report: Input): Finding[] {
  const configuration = report.configuration;
  if (!configuration) return [];
  // What tests, examples and fixtures read is set by whoever runs them, not by a deployment.
  const product = productPaths(report.files ?? []);
  const missing = configuration.variables
    .map((v) => ({ ...v, files: v.files.filter((f) => product(f.file)) }))
    .filter((v) => !v.documented && v.files.length > 0);
  if (!missing.length) return [];
  const example = configuration.exampleFile;
  if (!example) {
    const names = missing.map((v) => v.name);
    return [finding("configuration", "env-example-missing", "low", names.join("\n"), {
      title: `${missing.length} environment variable${
        missing.length === 1 ? " is" : "s are"
      } read but there is no .env.example`,
      evidence: missing.map((v) => ({
        file: v.files[0]!.file,
        line: v.files[0]!.line,
        detail: `${v.name}${kind(v) ? ` (${kind(v)})` : ""}`,
      })),
      action:
        "Add a .env.example that lists every variable the code reads, with placeholder values (never real secrets).",
      task: {
        title: "Add a .env.example",
        detail: missing.map((v) => `- ${v.name}${kind(v) ? ` (${kind(v)})` : ""}: ${where(v)}`).join("\n"),
      },
    })];
  }
  return missing.map((v) =>
    finding("configuration", "env-undocumented", "low", v.name, {
      title: `${v.name} is read but missing from ${example}`,
      evidence: v.files.map((f) => ({
        file: f.file,
        line: f.line,
        detail: `reads ${v.name}${kind(v) ? ` (${kind(v)})` : ""}`,
      })),
      action: `Add ${v.name} to ${example} with a placeholder value${
        v.secret ? " (never the real secret)" : ""
      }, so a new checkout knows to set it.`,
      task: {
        title: `Document ${v.name} in ${example}`,
        detail: `${v.name} is read at ${where(v)} but ${example} does not list it.`,
      },
    })
  );
}
