/**
 * Container-composition files: the image each service runs. A service that runs `postgres:16`
 * is a PostgreSQL the application talks to, whatever client library it uses.
 */
import { isMap, isScalar, LineCounter, parseDocument } from "yaml";

/** docker-compose.yml, compose.yaml and their variants (`docker-compose.dev.yml`, `compose.override.yaml`). */
export const isComposeFile = (path: string): boolean => /(^|\/)(docker-)?compose(\.[\w-]+)*\.ya?ml$/.test(path);

export type ServiceImage = { service: string; image: string; line: number };

/** The services of a compose file that name an image; services built from a Dockerfile have none. */
export function composeImages(text: string): ServiceImage[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  if (document.errors.length) throw new SyntaxError(document.errors[0]!.message.split("\n")[0]);
  const services = document.get("services");
  if (!isMap(services)) return [];
  const found: ServiceImage[] = [];
  for (const pair of services.items) {
    const image = isMap(pair.value) ? pair.value.get("image", true) : undefined;
    if (!isScalar(image) || typeof image.value !== "string" || !isScalar(pair.key)) continue;
    found.push({
      service: String(pair.key.value),
      image: image.value,
      line: lineCounter.linePos(image.range?.[0] ?? 0).line,
    });
  }
  return found;
}

/**
 * The repository names an image reference may be listed under, without tag or digest:
 * `docker.io/library/postgres:16` -> `postgres`; `quay.io/keycloak/keycloak:24` ->
 * `quay.io/keycloak/keycloak` and `keycloak/keycloak` (a mirror's host is not part of what
 * runs). Variables (`${REGISTRY}/redis:${TAG}`) are dropped.
 *
 * @example imageRepository("bitnami/kafka:3.7") // ["bitnami/kafka"]
 */
export function imageRepository(reference: string): string[] {
  let name = reference.trim().replace(/\$\{[^}]*\}/g, "").replace(/@sha256:[0-9a-f]*$/i, "").replace(/^\/+/, "");
  const colon = name.lastIndexOf(":");
  if (colon > name.lastIndexOf("/")) name = name.slice(0, colon);
  name = name.toLowerCase().replace(/^(?:index\.)?docker\.io\//, "").replace(/^library\//, "");
  if (!name) return [];
  const parts = name.split("/");
  const host = parts.length > 1 && /[.:]|^localhost$/.test(parts[0]!);
  if (!host) return [name];
  const rest = parts.slice(1).join("/").replace(/^library\//, "");
  return rest ? [name, rest] : [name];
}
