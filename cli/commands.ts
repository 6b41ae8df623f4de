import type { Command } from "./command.ts";
import { graphCommand } from "./graph.ts";

/** The command table: one entry per command, in the order `tool --help` lists them. */
export const COMMANDS: readonly Command[] = [graphCommand];

export const findCommand = (name: string): Command | undefined => COMMANDS.find((c) => c.name === name);
