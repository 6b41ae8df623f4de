import { globMatcher } from "../globs.ts";
import type { BoundaryRule } from "../config.ts";
import type { BoundaryViolation, Edge } from "../schema.ts";

/**
 * Imports that break the configured boundary rules: the importing file matches `from`, the
 * imported file matches a `disallow` glob and no `allow` glob. Each is one violation with the
 * file and line of the import.
 */
export function boundaryViolations(edges: readonly Edge[], rules: readonly BoundaryRule[]): BoundaryViolation[] {
  const compiled = rules.map((rule, index) => ({
    rule,
    index,
    from: globMatcher(rule.from, { dot: true }),
    disallow: globMatcher(rule.disallow, { dot: true }),
    allow: globMatcher(rule.allow ?? [], { dot: true }),
  }));
  const violations: BoundaryViolation[] = [];
  for (const edge of edges) {
    for (const { rule, index, from, disallow, allow } of compiled) {
      if (!from(edge.from) || !disallow(edge.to) || allow(edge.to)) continue;
      violations.push({
        rule: index,
        from: edge.from,
        to: edge.to,
        line: edge.line,
        specifier: edge.specifier,
        reason: rule.reason ?? `${rule.from} must not import ${rule.disallow.join(", ")}`,
      });
    }
  }
  return violations;
}
