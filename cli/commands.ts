import type { Command } from "./command.ts";
import { agentCommand } from "./agent.ts";
import { flowCommand, runsCommand } from "./flow.ts";
import { loopCommand } from "./loop.ts";
import { mcpCommand } from "./mcp.ts";
import { adapterCommand, capabilityCommand, catalogCommand, doctorCommand, languageCommand } from "./capabilities.ts";
import { auditCommand } from "./audit.ts";
import { checkCommands } from "./checks.ts";
import { couplingCommand } from "./coupling.ts";
import { graphCommand } from "./graph.ts";
import { hotspotsCommand } from "./hotspots.ts";
import { impactCommand } from "./impact.ts";
import { routesCommand } from "./routes.ts";
import { doneCommand, newCommand, reopenCommand, subtaskCommand, taskCommand, tasksCommand } from "./tasks.ts";
import { serveCommand } from "./serve.ts";

/**
 * The command table: one entry per command, in the order `tool --help` lists them.
 * A command module holds only its name, help and flags; its `run` imports what it works with
 * when it runs. The binary evaluates every module reached by a static import when it starts,
 * so `tool graph` would otherwise pay for the workflow, the console and the half of the
 * analysis it does not use (about 20 ms of every run).
 */
export const COMMANDS: readonly Command[] = [graphCommand, couplingCommand, routesCommand, hotspotsCommand, impactCommand, auditCommand, newCommand, tasksCommand, taskCommand, subtaskCommand, doneCommand, reopenCommand, ...checkCommands, flowCommand, runsCommand, agentCommand, loopCommand, mcpCommand, catalogCommand, capabilityCommand, adapterCommand, doctorCommand, languageCommand, serveCommand];

export const findCommand = (name: string): Command | undefined => COMMANDS.find((c) => c.name === name);
