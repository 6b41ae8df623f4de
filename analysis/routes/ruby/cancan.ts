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

/**
 * CanCanCan's check written in the action (`authorize! :manage, :all`, `authorize! :update, @forum`)
 * before it does anything else: a guard unless the Ability's guest rules grant it.
 */
export function cancanActionGuard(controller: string, body: string, filterTexts: readonly string[], text: (path: string) => string | undefined): string | undefined {
  const lines = body.split("\n").filter((line) => line.trim() && !line.trim().startsWith("#")).slice(0, 3);
  const call = lines.map((line) => AUTHORIZE_CALL.exec(line)).find(Boolean);
  if (!call) return undefined;
  const ability = abilityText(filterTexts, text);
  if (ability === undefined) return undefined;
  const subject = call[2]!.startsWith("@") ? subjectOf(controller, undefined, "") : call[2]!.split("::").at(-1)!;
  return guestRules(ability).some((rule) => rule.subjects.some((s) => s === subject || s === ":all") && rule.actions.some((a) => covers(a, call[1]!.slice(1)))) ? undefined : "authorize!";
}

// `authorize! :manage, :all`, `authorize!(:update, @forum)`.
const AUTHORIZE_CALL = /^[ \t]*authorize![ \t(]+(:\w+)[ \t]*,[ \t]*(:\w+|@\w+|[A-Z][\w:]*)/;

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

/**
 * The `can` rules of `initialize` that hold for a caller without a user: those outside blocks that
 * test the user (named as `initialize` names it: `def initialize(member)`), and those of the methods
 * it calls unconditionally (`anon_abilities(member)`, not `member_abilities(member) if member.present?`).
 */
function guestRules(ability: string): Rule[] {
  const user = /def[ \t]+initialize[ \t]*\(?[ \t]*(\w+)/.exec(ability)?.[1] ?? "user";
  return rulesOf(ability, "initialize", new RegExp(String.raw`\b(?:${user}|user)\b`), 0);
}

/** The body of a method of the Ability, to the `end` at its own indentation. */
function methodText(ability: string, name: string): string | undefined {
  const def = new RegExp(String.raw`^([ \t]*)def[ \t]+${name}\b[^\n]*\n`, "m").exec(ability);
  if (!def) return undefined;
  const rest = ability.slice(def.index + def[0].length);
  const end = new RegExp(String.raw`^${def[1]}end\b`, "m").exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

function rulesOf(ability: string, method: string, testsUser: RegExp, depth: number): Rule[] {
  const rules: Rule[] = [];
  const body = methodText(ability, method) ?? "";
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
    if (/^[ \t]*(?:if|unless|case)\b/.test(line) && testsUser.test(line)) {
      userBlocks.push(indent);
      continue;
    }
    if (userBlocks.length) continue;
    const m = CAN.exec(line);
    const conditional = /\b(?:if|unless)\b/.test(line) && testsUser.test(line.slice(line.search(/\b(?:if|unless)\b/)));
    if (m && !conditional) rules.push({ actions: names(m[1]!), subjects: names(m[2]!) });
    // A method of the Ability's called for every caller: its rules are the guest's too.
    const called = /^[ \t]*([a-z_]\w*)[ \t]*(?:\([^)]*\))?[ \t]*$/.exec(line)?.[1];
    if (!m && called && depth < 3 && called !== method && methodText(ability, called) !== undefined) rules.push(...rulesOf(ability, called, testsUser, depth + 1));
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
