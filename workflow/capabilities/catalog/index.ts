// The bundled catalog: one JSON file an entry, embedded in the binary by these imports.
import agent_architecture_steward from "./agent-architecture-steward.json" with { type: "json" };
import agent_diff_reviewer from "./agent-diff-reviewer.json" with { type: "json" };
import agent_security_reviewer from "./agent-security-reviewer.json" with { type: "json" };
import agent_task_planner from "./agent-task-planner.json" with { type: "json" };
import agent_test_writer from "./agent-test-writer.json" with { type: "json" };
import command_audit_report from "./command-audit-report.json" with { type: "json" };
import command_explain_file from "./command-explain-file.json" with { type: "json" };
import command_new_task from "./command-new-task.json" with { type: "json" };
import command_ship_task from "./command-ship-task.json" with { type: "json" };
import command_start_loop from "./command-start-loop.json" with { type: "json" };
import hook_audit_before_stop from "./hook-audit-before-stop.json" with { type: "json" };
import hook_cycles_after_edit from "./hook-cycles-after-edit.json" with { type: "json" };
import mcp_server_tool from "./mcp-server-tool.json" with { type: "json" };
import skill_audit_findings from "./skill-audit-findings.json" with { type: "json" };
import skill_flow_gates from "./skill-flow-gates.json" with { type: "json" };
import skill_ground_a_request from "./skill-ground-a-request.json" with { type: "json" };
import skill_impact_check from "./skill-impact-check.json" with { type: "json" };
import skill_respect_architecture from "./skill-respect-architecture.json" with { type: "json" };
import skill_routes_and_contracts from "./skill-routes-and-contracts.json" with { type: "json" };
import skill_task_format from "./skill-task-format.json" with { type: "json" };
import skill_why_this_line from "./skill-why-this-line.json" with { type: "json" };

export const RAW_ENTRIES: unknown[] = [agent_architecture_steward, agent_diff_reviewer, agent_security_reviewer, agent_task_planner, agent_test_writer, command_audit_report, command_explain_file, command_new_task, command_ship_task, command_start_loop, hook_audit_before_stop, hook_cycles_after_edit, mcp_server_tool, skill_audit_findings, skill_flow_gates, skill_ground_a_request, skill_impact_check, skill_respect_architecture, skill_routes_and_contracts, skill_task_format, skill_why_this_line];
