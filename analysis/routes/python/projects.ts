/**
 * The Python project a file belongs to: the innermost folder holding a pyproject.toml, setup.py
 * or setup.cfg. A repository of several (OPAL's opal-server and opal-client packages, Agenta's
 * API beside its SDK) deploys each apart: two of them serving one path is no conflict.
 */
import { innermostFolder } from "../../project.ts";

type Project = { listed: Iterable<string> };

const PYTHON_MANIFEST = /(?:^|\/)(?:pyproject\.toml|setup\.py|setup\.cfg)$/;

/** A function answering a Python file's project folder, or "" when the repository holds fewer than two projects. */
export function pythonProjectOf(project: Project | undefined): (file: string) => string {
  let roots: string[] | undefined;
  return (file) => {
    roots ??= [...new Set([...(project?.listed ?? [])].filter((p) => PYTHON_MANIFEST.test(p)).map((p) => p.slice(0, Math.max(0, p.lastIndexOf("/")))))];
    if (roots.length < 2) return "";
    return innermostFolder(roots, file) ?? "";
  };
}
