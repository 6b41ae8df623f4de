import { createHash } from "node:crypto";
import type { Finding, FindingCategory, Severity } from "../schema.ts";

/** Builds a finding whose id is stable while the rule and its subject stay the same. */
export function finding(
  category: FindingCategory,
  rule: string,
  severity: Severity,
  subject: string,
  fields: Omit<Finding, "id" | "category" | "rule" | "severity">,
): Finding {
  const id = `${rule}-${createHash("sha1").update(subject).digest("hex").slice(0, 10)}`;
  return { id, category, rule, severity, ...fields };
}
