import type { ParseArgsConfig } from "node:util";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

/** What every command receives: its parsed flags and positionals, the root, the output mode. */
export type CommandContext = {
  root: string;
  json: boolean;
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  stdout: (text: string) => void;
  /** Prints a value as JSON: indented on a terminal, compact when piped. */
  printJson: (value: unknown) => void;
  stderr: (text: string) => void;
  /** Reports progress of long work on stderr, only when stderr is a terminal. */
  progress: (phase: string, done?: number, total?: number) => void;
  color: boolean;
  /** The command table, for commands that list it (the console's project index). */
  commands: readonly Command[];
};

/** A command of the table: its name, help text, flags, and what it does. Returns the exit code. */
export type Command = {
  name: string;
  summary: string;
  usage: string;
  details?: string;
  options: OptionSpec;
  /** Most positionals the command takes (default 0). */
  maxPositionals?: number;
  run(context: CommandContext): Promise<number> | number;
};

/** A flag's value as a string, or undefined when the flag was not given. */
export const stringValue = (context: CommandContext, name: string): string | undefined =>
  context.values[name] === undefined ? undefined : String(context.values[name]);
