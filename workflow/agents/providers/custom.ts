import { z } from "zod";
import { jsonLine, type Provider, type RunRequest, text } from "./provider.ts";

/** A safe word for argv: no leading dash, no shell metacharacters, no spaces. */
export const SAFE_WORD = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}$/;

/**
 * A provider of the user's own, declared in `.tool/config.json` under `agents.custom`:
 * `args` is a template in which `{prompt}`, `{model}`, `{effort}` and `{permission}` stand
 * for the run's values; an element that is only `{model}` or `{effort}` is left out, with the
 * option before it, when the run has none. `format`: `text` (a line a message) or `jsonl`.
 */
export const CustomProvider = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, "must be a lower-case name (letters, digits, dashes)"),
  name: z.string().min(1).max(80),
  bin: z.string().regex(/^(\/|\.\/)?[A-Za-z0-9][A-Za-z0-9._/@+-]{0,300}$/, "must be a command name or path without spaces or shell characters"),
  args: z.array(z.string().max(200)).max(40).refine((args) => args.some((a) => a.includes("{prompt}")), "must pass {prompt}"),
  format: z.enum(["text", "jsonl"]).default("text"),
  efforts: z.array(z.string().regex(SAFE_WORD)).max(10).default([]),
  models: z.array(z.string().regex(SAFE_WORD)).max(50).default([]),
}).strict();
export type CustomProvider = z.infer<typeof CustomProvider>;

export function customProvider(spec: CustomProvider): Provider {
  return {
    id: spec.id,
    name: spec.name,
    bin: spec.bin,
    install: `install ${spec.bin} and put it on PATH (declared in .tool/config.json, agents.custom)`,
    permissions: { read: "{permission} = read", edit: "{permission} = edit", full: "{permission} = full" },
    efforts: spec.efforts,
    recommended: spec.models[0] ?? null,
    models: spec.models.map((id) => ({ id })),
    custom: true,
    args: (request) => fill(spec.args, request),
    parse(line) {
      if (spec.format === "text") return line.trim() ? [{ type: "message", text: line }] : [];
      const event = jsonLine(line);
      if (!event) return undefined;
      const message = event.text ?? event.message ?? event.content;
      return message === undefined ? undefined : [{ type: "message", text: text(message) }];
    },
  };
}

function fill(template: string[], request: RunRequest): string[] {
  const values: Record<string, string | undefined> = { prompt: request.prompt, model: request.model, effort: request.effort, permission: request.permission };
  const out: string[] = [];
  for (const arg of template) {
    const only = /^\{(model|effort)\}$/.exec(arg);
    if (only && !values[only[1]!]) {
      if (out.length && out.at(-1)!.startsWith("-")) out.pop();
      continue;
    }
    out.push(arg.replace(/\{(prompt|model|effort|permission)\}/g, (_, key: string) => values[key] ?? ""));
  }
  return out;
}
