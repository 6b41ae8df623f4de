/**
 * The routes Livewire serves, which no file of the app holds (its service provider draws them):
 * the endpoint its components post their updates to (each component checks its caller itself),
 * its script and source map, and the signed URLs of file uploads and previews. Livewire 3 serves
 * them under `/livewire/`; Livewire 4 under `/livewire-{hash}/`, the hash made from the app's key
 * (unknown here, so a placeholder), with its components' scripts and styles beside. The script is
 * `livewire.js` when the app runs in debug mode (`APP_DEBUG=true` in `.env.example`), else
 * `livewire.min.js`. An app that moves the update or the script route (`Livewire::setUpdateRoute(fn
 * ($handle) => Route::post('/custom/livewire/update', $handle))`) serves it at its own path.
 * The version is the one composer.lock pins, else the major composer.json asks for.
 */
import type { Registration } from "../registration.ts";
import { appSources, requiredPackage } from "./composer-packages.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const FRAMEWORK = "laravel";
const ROUTER = "(livewire)";
const HANDLER = "Livewire\\Mechanisms\\";
// Livewire checks the URL's signature itself (`hasValidSignature()`): a caller without one is refused.
const SIGNED = "signed";

// `Livewire::setUpdateRoute(function ($handle) { return Route::post('/x/livewire/update', $handle); })`.
const MOVED = (setter: string) => new RegExp(String.raw`\bLivewire::${setter}\s*\([^]*?\bRoute::(?:get|post)\s*\(\s*['"]([^'"]+)['"]`);

export function livewireRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const required = requiredPackage(project, "livewire/livewire");
  // Livewire 2 served its messages at `/livewire/message/{name}` through routes of another shape: not drawn here.
  if (!required || !(required.major >= 3)) return [];
  const { composer, root, major, line } = required;
  const code = appSources(project!, root, ["app", "bootstrap", "routes"]);
  const moved = (setter: string) => code.map((text) => MOVED(setter).exec(text)?.[1]).find((path) => path !== undefined);
  const debug = /^APP_DEBUG\s*=\s*"?true"?\s*$/im.test(project!.text(`${root}.env.example`) ?? "");
  const base = major >= 4 ? "/livewire-{hash}" : "/livewire";
  const script = debug ? "livewire.js" : "livewire.min.js";
  type Drawn = [method: string, path: string, handler: string, guarded: boolean];
  const assets: Drawn[] = [
    ["GET", `${base}/livewire.csp.min.js.map`, "FrontendAssets@cspMaps", false],
    ["GET", `${base}/js/{component}.js`, "FrontendAssets@componentScript", false],
    ["GET", `${base}/css/{component}.css`, "FrontendAssets@componentStyle", false],
    ["GET", `${base}/css/{component}.global.css`, "FrontendAssets@componentGlobalStyle", false],
  ];
  const drawn: Drawn[] = [
    ["POST", moved("setUpdateRoute") ?? `${base}/update`, "HandleRequests@handleUpdate", false],
    ["GET", moved("setScriptRoute") ?? `${base}/${script}`, "FrontendAssets@returnJavaScriptAsFile", false],
    ["GET", `${base}/livewire.min.js.map`, "FrontendAssets@maps", false],
    ["POST", `${base}/upload-file`, "FileUploadController@handle", true],
    ["GET", `${base}/preview-file/{filename}`, "FilePreviewController@handle", true],
    ...(major >= 4 ? assets : []),
  ];
  const registrations: Registration[] = [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: "", guards: [], line }];
  for (const [method, path, handler, guarded] of drawn) {
    registrations.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path: path.startsWith("/") ? path : `/${path}`, handler: HANDLER + handler, guards: guarded ? [SIGNED] : [], owner: ROUTER, line });
  }
  return [{ file: composer, registrations }];
}
