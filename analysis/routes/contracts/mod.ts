/**
 * Contracts: OpenAPI 3 and Swagger 2 documents (YAML or JSON), GraphQL SDL and protobuf
 * services found among the repository's files, each with the operations it documents.
 */
import { isTestFile } from "../../entry-points.ts";
import { dirOf, joinPath } from "../../project.ts";
import { MAX_FILE_BYTES } from "../../scan.ts";
import type { Contract } from "../../schema.ts";
import { type Located, parseLocated } from "./located.ts";
import { type HttpOperation, openapiOperations } from "./openapi.ts";
import { protoOperations } from "./proto.ts";
import { sdlOperations } from "./sdl.ts";

export { contractDrift } from "./drift.ts";

/** What the stage reads of the repository: every listed path, and a file's text. */
export type ContractProject = {
  listed: Iterable<string>;
  has(path: string): boolean;
  text(path: string): string | undefined;
};

/** A contract with what drift and generated code need beside it: each operation's base path, id, security. */
export type FoundContract = Omit<Contract, "operations"> & {
  operations: (Contract["operations"][number] & Partial<Omit<HttpOperation, "method" | "path" | "line">>)[];
};

const OPENAPI_FILE = /\.(ya?ml|json)$/i;
const SDL_FILE = /\.(graphqls?|gql)$/i;
const PROTO_FILE = /\.proto$/i;
// A top-level `openapi:`/`swagger:` key (YAML) or `"openapi": "3` (JSON): files without it are never parsed.
const OPENAPI_KEY = /^["']?(?:openapi|swagger)["']?\s*:|"(?:openapi|swagger)"\s*:\s*"\d/m;

// A translation of the documentation (`docs/locales/zh/api/swagger.yaml`): a copy of a contract,
// synced now and then, not the contract itself.
const TRANSLATED = /(?:^|\/)(?:locales?|i18n|l10n|translations?)\/[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?\//;
// The limit is on the file's size in bytes, as for source files: a text's length counts characters.
const oversized = (text: string) => text.length > MAX_FILE_BYTES || Buffer.byteLength(text, "utf8") > MAX_FILE_BYTES;

/**
 * Every contract of the repository. Contracts under test folders are fixtures, not the
 * project's own, and those under a translation's folder are copies; files over the analysis
 * size limit are skipped as source files are.
 */
export function findContracts(project: ContractProject): FoundContract[] {
  const contracts: FoundContract[] = [];
  for (const file of [...project.listed].sort()) {
    if (isTestFile(file) || TRANSLATED.test(file) || !(OPENAPI_FILE.test(file) || SDL_FILE.test(file) || PROTO_FILE.test(file))) continue;
    const text = project.text(file);
    if (text === undefined || oversized(text)) continue;
    const found = contractOf(project, file, text);
    if (found && found.operations.length > 0) contracts.push(found);
  }
  return contracts;
}

/** The contract in one file, wherever it is (a build may generate code from a spec kept with the tests). */
export function contractAt(project: ContractProject, file: string): FoundContract | undefined {
  const text = project.has(file) ? project.text(file) : undefined;
  return text === undefined || oversized(text) ? undefined : contractOf(project, file, text);
}

function contractOf(project: ContractProject, file: string, text: string): FoundContract | undefined {
  if (SDL_FILE.test(file)) return { file, kind: "graphql", operations: sdlOperations(text) };
  if (PROTO_FILE.test(file)) return { file, kind: "protobuf", operations: protoOperations(text) };
  if (!OPENAPI_KEY.test(text)) return undefined;
  const doc = parseLocated(file, text);
  const kind = doc?.get("openapi") ? "openapi" : doc?.get("swagger") ? "swagger" : undefined;
  if (!doc || !kind) return undefined;
  const operations: HttpOperation[] = openapiOperations(doc, (ref) => referenced(project, file, doc, ref));
  return { file, kind, operations };
}

/** The node a `$ref` points at: `#/pointer` in the document itself, or `other.yaml#/pointer` beside it. */
function referenced(project: ContractProject, file: string, doc: Located, ref: string): Located | undefined {
  const [target = "", pointer = ""] = ref.split("#");
  let node: Located | undefined = doc;
  if (target) {
    const path = joinPath(dirOf(file), target);
    const text = path === undefined || !project.has(path) ? undefined : project.text(path);
    node = text === undefined ? undefined : parseLocated(path!, text);
  }
  for (const part of pointer.split("/").filter(Boolean)) {
    node = node?.get(decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"));
  }
  return node;
}
