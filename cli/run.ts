import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { isUserError, ToolError } from "../core/errors.ts";
import { VERSION } from "../core/version.ts";
import type { Command, CommandContext, OptionSpec } from "./command.ts";
import { COMMANDS, findCommand } from "./commands.ts";
import { commandHelp, mainHelp, suggestCommand } from "./help.ts";

export type CliIO = {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stderrIsTTY: boolean;
  /** JSON on a terminal is indented for reading; piped, it is compact for programs. */
  stdoutIsTTY?: boolean;
};

const GLOBAL_OPTIONS: OptionSpec = {
  root: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
};

/** Usage mistakes: exit 2 with one line on stderr that says what to type instead. */
class UsageError extends TypeError {}

/** Runs `tool` with the given arguments and returns the exit code: 0 ok, 1 failed check, 2 usage. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const name = commandName(argv);
  try {
    if (name === undefined) return topLevel(argv, io);
    const command = findCommand(name);
    if (!command) {
      const guess = suggestCommand(name, COMMANDS.map((c) => c.name));
      throw new UsageError(`unknown command '${name}'.${guess ? ` Did you mean 'tool ${guess}'?` : ""} Run 'tool --help' for the list.`);
    }
    const args = argv.filter((arg, i) => i !== argv.indexOf(name));
    const parsed = parse(command, args);
    if (parsed.values.help) {
      io.stdout(commandHelp(command));
      return 0;
    }
    const context = makeContext(command, parsed, io);
    return await command.run(context);
  } catch (error) {
    const prefix = name && findCommand(name) ? `tool ${name}` : "tool";
    // A conflict (a task that exists, a check that refuses) is a failed command, not a usage mistake.
    if (error instanceof ToolError && error.status === 409) {
      io.stderr(`${prefix}: ${error.message}`);
      return 1;
    }
    if (error instanceof UsageError || isUserError(error)) {
      io.stderr(`${prefix}: ${(error as Error).message}`);
      return 2;
    }
    io.stderr(`${prefix}: internal error: ${error instanceof Error ? error.message : String(error)}`);
    if (io.env.TOOL_DEBUG && error instanceof Error && error.stack) io.stderr(error.stack);
    return 1;
  }
}

/** The first argument that is not a flag nor the value of --root. */
function commandName(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--root") i++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

function topLevel(argv: string[], io: CliIO): number {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: GLOBAL_OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${parseMessage(error)}. Run 'tool --help' for usage.`);
  }
  if (values.version) {
    io.stdout(values.json ? JSON.stringify({ version: VERSION }) : `tool ${VERSION}`);
    return 0;
  }
  if (values.help || argv.length === 0) {
    io.stdout(mainHelp(COMMANDS));
    return 0;
  }
  throw new UsageError("no command given. Run 'tool --help' to see the commands.");
}

function parse(command: Command, args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...GLOBAL_OPTIONS, ...command.options }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(`${parseMessage(error)}. Run 'tool ${command.name} --help' for its options.`);
  }
  const max = command.maxPositionals ?? 0;
  if (!parsed.values.help && parsed.positionals.length > max) {
    throw new UsageError(`unexpected argument '${parsed.positionals[max]}'. Usage: ${command.usage}`);
  }
  return parsed;
}

/** node:util's messages, shortened to the part a user needs. */
function parseMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option '${unknown[1]}'`;
  const missing = /Option '([^']+)' argument missing/.exec(message);
  if (missing) return `option '${missing[1]!.split(",").pop()!.trim().split(" ")[0]}' needs a value`;
  return message.split("\n")[0]!.replace(/\.$/, "");
}

function makeContext(command: Command, parsed: ReturnType<typeof parse>, io: CliIO): CommandContext {
  const rootArg = parsed.values.root;
  const root = typeof rootArg === "string" ? resolve(io.cwd, rootArg) : gitRoot(io.cwd, io.env) ?? io.cwd;
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new UsageError(`--root '${rootArg}' is not a folder. Give the path of a repository.`);
  }
  const interactive = io.stderrIsTTY && !parsed.values.json;
  let shown = false;
  const stdout = (text: string) => {
    if (shown) io.stderr("\r\x1b[K");
    shown = false;
    io.stdout(text);
  };
  return {
    root,
    json: parsed.values.json === true,
    values: parsed.values,
    positionals: parsed.positionals,
    stdout,
    printJson: (value) => stdout(JSON.stringify(value, null, io.stdoutIsTTY ? 2 : undefined)),
    stderr: io.stderr,
    progress: (phase, done, total) => {
      if (!io.stderrIsTTY) return;
      const count = total ? ` ${done}/${total} files` : "";
      io.stderr(`\r\x1b[K${command.name}: ${phase}${count}`.replace(/\n$/, ""));
      shown = true;
    },
    color: interactive && !io.env.NO_COLOR,
    commands: COMMANDS,
  };
}

/**
 * The top of the git work tree holding `cwd`, or undefined outside git: the nearest folder
 * with a `.git` entry (a folder, or a file in worktrees and submodules). Looked up on disk
 * rather than by running `git rev-parse`, which would cost every command a process; git's
 * own variables that move the repository elsewhere are still left to git.
 */
function gitRoot(cwd: string, env: CliIO["env"]): string | undefined {
  if (env.GIT_DIR || env.GIT_WORK_TREE) {
    const result = spawnSync("git", ["rev-parse", "--show-toplevel"], { cwd, encoding: "utf8" });
    return result.status === 0 ? result.stdout.trim() : undefined;
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
