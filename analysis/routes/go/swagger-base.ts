/**
 * The base path a go-swagger server serves its operations under: the `basePath` of the contract
 * embedded in the generated `restapi` package (`embedded_spec.go`), or the `BasePath:` its
 * generated `doc.go` states; "/" when the contract sets none. The go-swagger scanner writes the
 * package's folder as a placeholder (`swagger:<folder>`); undefined when no generated spec is there.
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const EMBEDDED = /"basePath"\s*:\s*"([^"\n]*)"/;
const DOC = /^\/\/\s*BasePath:\s*(\S+)/m;

export function swaggerBasePaths(project: Project | undefined): (folder: string) => string | undefined {
  const listed = [...(project?.listed ?? [])];
  return (folder) => {
    const at = (name: string) => (folder ? `${folder}/${name}` : name);
    const embedded = listed.includes(at("embedded_spec.go")) ? EMBEDDED.exec(project!.text(at("embedded_spec.go")) ?? "") : null;
    if (embedded) return embedded[1]!;
    const doc = listed.includes(at("doc.go")) ? DOC.exec(project!.text(at("doc.go")) ?? "") : null;
    if (doc) return doc[1]!;
    return listed.includes(at("embedded_spec.go")) ? "/" : undefined;
  };
}
