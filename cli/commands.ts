import type { Command } from "./command.ts";
import { couplingCommand } from "./coupling.ts";
import { graphCommand } from "./graph.ts";

/** The command table: one entry per command, in the order `tool --help` lists them. */
export const COMMANDS: readonly Command[] = [graphCommand, couplingCommand];

export const findCommand = (name: string): Command | undefined => COMMANDS.find((c) => c.name === name);
