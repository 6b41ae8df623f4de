import { plural } from "../../core/plural.ts";
import type { Finding, Report } from "../schema.ts";
import { loadsInOrder } from "../graph/cycles.ts";
import { finding } from "./finding.ts";

type Input = Pick<Report, "cycles" | "hubs" | "hubThreshold" | "components">;

/** Import cycles, hub files, boundary-rule violations and Stable Dependencies Principle breaks. */
export function architectureFindings(report: Input): Finding[] {
  const found: Finding[] = [];
  for (const cycle of report.cycles) {
    const runtime = cycle.kind === "runtime";
    // A cycle that cannot fail while the files load (lazy imports; Rust, JVM, .NET...): worth knowing, not urgent.
    // Nor, urgently, one in which the analysis sees no file read what it imports while loading (it reads that for
    // JavaScript, TypeScript and components; a Python loop that some entry order breaks): it does not fail in the
    // order the app imports its files, which its tests run every time. Blind reviews of public repositories found
    // 1 of 17 such loops worth acting on (its team's reviewers called the rest true but not urgent), against 11 of 36
    // where a read at load was seen.
    // Nor one whose read at load fails only entered from a file the rest of the app does not import first:
    // the app loads it in a safe order, as reviewers of public repositories judged such loops (a Vue router
    // and the views that import it back, a store and the API client it hands itself to).
    const inOrder = loadsInOrder(cycle);
    const severity = inOrder && cycle.readAtLoad && !cycle.safelyEntered ? "high" : "low";
    const crate = runtime && !cycle.lazy && !cycle.deliberate && !inOrder;
    const unread = runtime && inOrder && (!cycle.readAtLoad || !!cycle.safelyEntered);
    const kind = !runtime ? "Type-only import" : cycle.lazy ? "Lazy import" : cycle.deliberate ? "forwardRef-managed import" : crate ? "Module" : "Import";
    found.push(finding("architecture", runtime ? "import-cycle" : "type-cycle", severity, cycle.files.join("\n"), {
      title: `${kind} cycle of ${cycle.files.length} files`,
      evidence: [
        ...cycle.loop.slice(0, -1).map((file, i) => ({
          file,
          detail: i === 0 && cycle.readAtLoad ? `imports ${cycle.loop[1]} and reads it while loading` : `imports ${cycle.loop[i + 1]}`,
        })),
        // The loop shown is one way round; the cycle's other files are in it through other imports.
        ...cycle.files.filter((file) => !cycle.loop.includes(file)).map((file) => ({ file, detail: "is in the same cycle through other imports" })),
      ],
      action: runtime && cycle.lazy
        ? "The loop is closed only by imports used after loading (made inside a function, import(), autoload, after the module's own definitions, whose names are read only inside functions, or used only as types so that compiling erases them), or by Python imports that find each name already bound in whatever order the modules are imported (a package gathering its submodules), so loading does not fail; keep it that way or move the shared part out."
        : runtime && cycle.deliberate
        ? "The team closes this loop on purpose with forwardRef(() => ...), which defers the reference until the app has loaded every file; it loads in the order the app enters it. Keep each import that closes the loop inside forwardRef, or move what both sides use into a module of its own."
        : crate
        ? "In this language a file's imports do not run it in order (one crate compiles whole; a class loads on first use), so the loop cannot fail while loading; break it only where it crosses the design's layers, by moving what both sides use into a module of its own."
        : unread
        ? "The loop loads in the order the app imports these files, but entered first elsewhere (a worker, a script, one test alone) a file can meet a name its loop has not bound yet; break the loop by moving what both sides use into a module of its own, or import inside the function that needs it."
        : runtime
        ? cycle.readAtLoad
          ? `Break the loop: ${cycle.loop[0]} reads what it imports from ${cycle.loop[1]} while it loads, so loading fails when the files are entered in an order that runs ${cycle.loop[0]} before what it reads has loaded; move what both sides need into a module neither imports, or invert one dependency.`
          : "Break the loop: move what both sides need into a module neither imports, or invert one dependency."
        : "Type-only cycles vanish at run time; move the shared types into one module to keep the design clear.",
      task: {
        title: `Break the import cycle ${cycle.loop[0]} -> ${cycle.loop[1]}`,
        detail: `These files import each other: ${cycle.loop.join(" -> ")}. Extract the shared part so the loop disappears; the cycle finding should be gone from \`tool audit\`.`,
      },
    }));
  }
  for (const hub of report.hubs) {
    // Being imported widely is a fact about a file, not a defect: low. Where such a file also
    // changes often and is complex, the hotspot finding says so.
    found.push(finding("architecture", "hub-file", "low", hub.file, {
      title: `Hub file imported by ${hub.fanIn} files`,
      evidence: [{ file: hub.file, detail: `imported by ${hub.fanIn} files (a hub from ${report.hubThreshold}), imports ${hub.fanOut}` }],
      action: "A change here touches much of the code base. Split it by responsibility, or keep it small, stable and well tested.",
      task: { title: `Split the hub ${hub.file}`, detail: `${hub.file} is imported by ${hub.fanIn} files. Split it into focused modules so that changes touch fewer dependents.` },
    }));
  }
  for (const v of report.components.boundaryViolations) {
    found.push(finding("architecture", "boundary-violation", "high", `${v.rule}\n${v.from}\n${v.to}`, {
      title: `Forbidden import: ${v.from} imports ${v.to}`,
      evidence: [{ file: v.from, line: v.line, detail: `${v.specifier}: ${v.reason}` }],
      action: `Remove the import or route it through an allowed layer (rule ${v.rule} of architecture.rules).`,
      task: { title: `Remove the forbidden import in ${v.from}`, detail: `${v.from}:${v.line} imports ${v.to}, which breaks an architecture rule: ${v.reason}.` },
    }));
  }
  // A measure of folders against a principle, not a defect: teams reviewing these on public code
  // found facades and integration packages built that way on purpose (every one of seven). Low,
  // as a hub is; a boundary rule the team wrote itself is what makes a direction an error.
  for (const v of report.components.sdpViolations) {
    found.push(finding("architecture", "stable-dependencies", "low", `${v.from}\n${v.to}`, {
      title: `Stable component ${v.from} depends on less stable ${v.to}`,
      evidence: [{ file: v.example.file, line: v.example.line, detail: `I(${v.from}) = ${v.fromInstability}, I(${v.to}) = ${v.toInstability}, ${plural(v.imports, "import")}` }],
      action: "If the dependency is not a facade or an integration made so on purpose, depend in the direction of stability: introduce an abstraction in the stable component that the unstable one implements, or write the intended direction as a boundary rule.",
      task: { title: `Invert the dependency of ${v.from} on ${v.to}`, detail: `${v.from} is more stable than ${v.to} but imports it ${plural(v.imports, "time")} (e.g. ${v.example.file}:${v.example.line}).` },
    }));
  }
  return found;
}
