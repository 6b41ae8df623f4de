/**
 * The settings of a repository as the console's Settings page shows them: `.tool/config.json`
 * parsed, every problem with it (a file that does not parse, a known key whose value breaks its
 * schema), and the verification commands. Read-only: changing settings belongs to the settings
 * commands (SPEC.md's POST /api/settings).
 */
import { statSync } from "node:fs";
import { OutsideRepository, readInside } from "../core/inside.ts";
import { join } from "node:path";
import {
  AnalysisConfig,
  ArchitectureConfig,
  CONFIG_FILE,
  type ConfigError,
  HistoryConfig,
  readConfigSection,
} from "../analysis/config.ts";
import { verificationCommands, VerifyConfig } from "./tasks/checks/verify.ts";

const MAX_CONFIG_BYTES = 1024 * 1024;

/** The keys with a schema; a problem in any of them is listed, the others are shown as they are. */
const KNOWN_SECTIONS = { architecture: ArchitectureConfig, history: HistoryConfig, verify: VerifyConfig, analysis: AnalysisConfig } as const;

export type Settings = {
  file: string;
  /** Whether `.tool/config.json` exists. */
  exists: boolean;
  /** The parsed file, or null when it is missing or does not parse. */
  config: unknown;
  /** The first problem (SPEC.md's `configError`), and all of them. */
  configError: ConfigError | null;
  configErrors: ConfigError[];
  /** `language` of the config (the language of documents and code comments) as written, when set. */
  language: unknown;
  verify: { commands: { name: string; run: string[] }[]; timeoutSeconds: number; configured: boolean };
};

/**
 * Reads the settings of `root`. Never throws for a bad file: problems become `configErrors`.
 *
 * @example
 * const { config, configError } = readSettings("/repo");
 */
export function readSettings(root: string): Settings {
  const path = join(root, CONFIG_FILE);
  const errors: ConfigError[] = [];
  let exists = false;
  let config: unknown = null;
  try {
    exists = statSync(path).isFile();
    if (exists && statSync(path).size > MAX_CONFIG_BYTES) {
      errors.push({ key: CONFIG_FILE, reason: "is larger than 1 MiB" });
    } else if (exists) {
      config = JSON.parse(readInside(root, path));
    }
  } catch (error) {
    if (error instanceof OutsideRepository) errors.push({ key: CONFIG_FILE, reason: error.message });
    else if (exists) errors.push({ key: CONFIG_FILE, reason: `not valid JSON: ${(error as Error).message}` });
  }
  if (config !== null && (typeof config !== "object" || Array.isArray(config))) {
    errors.push({ key: CONFIG_FILE, reason: "must hold a JSON object" });
  } else if (config !== null) {
    for (const [key, schema] of Object.entries(KNOWN_SECTIONS)) {
      const { configError } = readConfigSection(root, key, schema);
      if (configError) errors.push(configError);
    }
  }
  const language = config && typeof config === "object" ? (config as Record<string, unknown>).language : undefined;
  const verify = verificationCommands(root);
  const configured = Boolean(config && typeof config === "object" && "verify" in config);
  return {
    file: CONFIG_FILE,
    exists,
    config,
    configError: errors[0] ?? null,
    configErrors: errors,
    language: language ?? null,
    verify: { commands: verify.commands, timeoutSeconds: verify.timeoutSeconds, configured },
  };
}
