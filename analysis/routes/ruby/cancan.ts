import { singular } from "../inflect.ts";
import { filterActions } from "./controllers.ts";

/**
 * CanCanCan: a controller that runs `authorize_resource` (or `load_and_authorize_resource`)
 * refuses an action unless the app's Ability grants it; what a caller without a user may do is
 * what the Ability's `initialize(user)` grants outside the blocks that test the user (`if
 * user&.active?`). So an action the guest rules do not grant is guarded by the check. The
 * subject is the controller's model (`MessagesController` -> `Message`), or what the options
 * name (`:class => false` is the controller's name, `:search`; `:class => :directions`;
 * `:class => Trace`; `authorize_resource :trace`). A controller whose `current_ability` makes
 * another Ability (`ApiAbility.new(...)`) is judged by that one.
 */
export function cancanGuard(controller: string, action: string, filterTexts: readonly string[], text: (path: string) => string | undefined): string | undefined {
  const call = filterTexts.map((t) => AUTHORIZE.exec(t)).filter((m): m is RegExpExecArray => !!m).at(-1);
  if (!call) return undefined;
  const options = call[2] ?? "";
  const only = filterActions(options, "only");
  const except = filterActions(options, "except");
  if ((only && !only.has(action)) || except?.has(action)) return undefined;
  const ability = abilityText(filterTexts, text);
  if (ability === undefined) return undefined;
  const subject = subjectOf(controller, call[1], options);
  return guestRules(ability).some((rule) => rule.subjects.some((s) => s === subject || s === ":all") && rule.actions.some((a) => covers(a, action))) ? undefined : GUARD;
}

const GUARD = "authorize_resource";
// `authorize_resource`, `load_and_authorize_resource :trace, :class => Trace, :only => [...]`.
const AUTHORIZE = /^[ \t]*(?:load_and_)?authorize_resource\b[ \t]*(?:\(?[ \t]*(:\w+)\b(?![ \t]*=>))?([^\n]*)$/m;
const CURRENT_ABILITY = /def[ \t]+current_ability\b[\s\S]*?\b([A-Z]\w*Ability)\.new\b/;

/** The Ability's text: `current_ability`'s class where the chain defines one, else `Ability`. */
function abilityText(filterTexts: readonly string[], text: (path: string) => string | undefined): string | undefined {
  const named = filterTexts.map((t) => CURRENT_ABILITY.exec(t)?.[1]).filter(Boolean).at(0) ?? "Ability";
  const file = named.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase();
  return text(`app/models/${file}.rb`) ?? text(`app/abilities/${file}.rb`);
}

/** The subject CanCanCan authorizes for a controller, written as the Ability writes it: `Message` or `:search`. */
function subjectOf(controller: string, name: string | undefined, options: string): string {
  const option = /(?::class[ \t]*=>|\bclass:)[ \t]*(false|:\w+|["'][\w:]+["']|[A-Z][\w:]*)/.exec(options)?.[1];
  const base = name ? name.slice(1) : singular(controller.split("/").at(-1)!);
  if (option === "false") return `:${base}`;
  if (option?.startsWith(":")) return option;
  if (option) return option.replace(/["']/g, "").split("::").at(-1)!;
  return base.split("_").map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

type Rule = { actions: string[]; subjects: string[] };
const CAN = /^[ \t]*can[ \t(]+(\[[^\]]*\]|:\w+)[ \t]*,[ \t]*(\[[^\]]*\]|:\w+|[A-Z][\w:]*)/;

/** The `can` rules of `initialize` that hold for a caller without a user: those outside blocks that test the user. */
function guestRules(ability: string): Rule[] {
  const rules: Rule[] = [];
  const body = /def[ \t]+initialize\b[^\n]*\n([\s\S]*)/.exec(ability)?.[1] ?? "";
  // The indentation of the blocks entered that test the user; a line at or left of one leaves it.
  const userBlocks: number[] = [];
  for (const line of body.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const indent = /^[ \t]*/.exec(line)![0].length;
    while (userBlocks.length && indent <= userBlocks.at(-1)! && !/^[ \t]*(?:else|elsif)\b/.test(line)) userBlocks.pop();
    if (/^[ \t]*(?:else|elsif)\b/.test(line) && userBlocks.length && indent === userBlocks.at(-1)) {
      // `if user ... else` : the other branch is the guest's.
      userBlocks.pop();
      continue;
    }
    if (/^[ \t]*(?:if|unless|case)\b[^\n]*\buser\b/.test(line)) {
      userBlocks.push(indent);
      continue;
    }
    if (userBlocks.length) continue;
    const m = CAN.exec(line);
    if (m && !/\bif\b[^\n]*\buser\b/.test(line)) rules.push({ actions: names(m[1]!), subjects: names(m[2]!) });
  }
  return rules;
}

// A list as the Ability writes it: `[:index, :show]`, `:read`, `[Node, Way]`, `:search`.
const names = (list: string): string[] => list.replace(/^\[|\]$/g, "").split(",").map((s) => s.trim()).filter(Boolean);

// CanCanCan's aliases: `read` is index and show, `create` new, `update` edit; `manage` is every action.
function covers(granted: string, action: string): boolean {
  const a = granted.replace(/^:/, "");
  if (a === "manage" || a === action) return true;
  return (a === "read" && (action === "index" || action === "show")) || (a === "create" && action === "new") || (a === "update" && action === "edit");
}
