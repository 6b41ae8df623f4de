import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { extractPhp } from "../../analysis/languages/php/mod.ts";
import { fixtureRepo, writeFiles } from "../helpers/repo.ts";

const test = suite("php");
const importsOf = (src: string) => extractPhp(src).imports.map((i) => `${i.kind} ${i.specifier}@${i.line}`);

test("languageOf() claims .php files for PHP", () => {
  assert.is(languageOf("src/Models/User.php")?.id, "php");
});

test("extract() finds every use form, require/include and implicit class references", () => {
  const src = [
    "<?php",
    "namespace App\\Http;",
    "use App\\Models\\User;",
    "use App\\Models\\Post as Article;",
    "use App\\Support\\{Str, Arr as A, function helper};",
    "use function App\\format_money;",
    "use const App\\VERSION;",
    "use \\Psr\\Log\\LoggerInterface, Monolog\\Logger;",
    "require 'bootstrap.php';",
    "require_once __DIR__ . '/../config/app.php';",
    "include_once(dirname(__DIR__) . '/lib/util.php');",
    "include dirname(__FILE__, 2) . '/x.php';",
    'require "templates/$name.php";',
    "class Controller extends Base implements \\JsonSerializable, User",
    "{",
    "    use Concerns\\Authorizes, Str;",
    "    public function run() { return function () use ($x) { return $x; }; }",
    "}",
  ].join("\n");
  assert.equal(importsOf(src), [
    "import App\\Models\\User@3",
    "import App\\Models\\Post@4",
    "import App\\Support\\Str@5",
    "import App\\Support\\Arr@5",
    "import App\\Support\\helper@5",
    "import App\\format_money@6",
    "import App\\VERSION@7",
    "import Psr\\Log\\LoggerInterface@8",
    "import Monolog\\Logger@8",
    "require bootstrap.php@9",
    "require ../config/app.php@10",
    "require ../lib/util.php@11",
    "require ../x.php@12",
    "import App\\Http\\Base@14",
    "import JsonSerializable@14",
    "import App\\Http\\Concerns\\Authorizes@16",
  ]);
});

test("extract() ignores uses in comments, strings, heredocs, nowdocs and inline HTML", () => {
  const src = [
    "<!doctype html><p>Don't use App\\Html;</p>",
    "<?php",
    "// use App\\Line;",
    "# use App\\Hash;",
    "/* use App\\Block; */",
    "#[Route('/x')] function routed() {}",
    "$s = 'use App\\Single;';",
    '$d = "use App\\Double {$a["k"]} ${b}";',
    "$h = <<<EOT",
    "  use App\\Heredoc;",
    "  EOT;",
    "$n = <<<'SQL'",
    "use App\\Nowdoc;",
    "SQL;",
    "// a comment ends at the tag ?> Don't <?php",
    '$q = "quote: {$c[\'"\']}";',
    "use App\\Real;",
    "?>",
    "<p>It's <?= $x ?> and use App\\After;</p>",
  ].join("\n");
  const facts = extractPhp(src);
  assert.equal(facts.imports.map((i) => i.specifier), ["App\\Real"]);
  assert.is(facts.functions, 1);
});

test("extract() finds types, abstract ones, declared names and top-level functions", () => {
  const src = [
    "<?php",
    "namespace App\\Domain;",
    "interface Port {}",
    "abstract class Base implements Port { abstract public function run(): void; }",
    "final class Impl extends Base { public function run(): void { $f = function () {}; } }",
    "trait Loggable { public function log() {} }",
    "enum Suit: string { case Hearts = 'H'; case Spades = 'S'; }",
    "readonly class Money {}",
    "$anon = new class {};",
    "echo Impl::class;",
    "function helper() {}",
    "if (!function_exists('App\\Domain\\later')) {",
    "    function later() {}",
    "}",
  ].join("\n");
  const facts = extractPhp(src);
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}@${t.line}`), [
    "Port:true@3",
    "Base:true@4",
    "Impl:false@5",
    "Loggable:true@6",
    "Suit:false@7",
    "Money:false@8",
  ]);
  assert.equal(facts.declares, [
    "App\\Domain\\Port",
    "App\\Domain\\Base",
    "App\\Domain\\Impl",
    "App\\Domain\\Loggable",
    "App\\Domain\\Suit",
    "App\\Domain\\Money",
    "App\\Domain\\helper",
    "App\\Domain\\later",
  ]);
  assert.is(facts.functions, 2);
  // the enum's cases are no decisions; `if` is one
  assert.is(facts.complexity, 1);
});

test("extract() counts decision points: keywords in any case, ternaries, ??, match arms", () => {
  const src = [
    "<?php",
    "function f(?int $a, ?string $b = null): ?string {",
    "    if ($a && $b || !$a) {", // if, &&, ||: 3
    "    } elseif ($a) {", // elseif: 4
    "    } else if ($b) {", // if: 5
    "    }",
    "    for ($i = 0; $i < 3; $i++) {}", // for: 6
    "    foreach ([1] as $x) { while (false) {} }", // foreach, while: 8
    "    switch ($a) { case 1: break; case 2: break; default: break; }", // case, case: 10
    "    try { g(); } catch (\\Exception $e) {}", // catch: 11
    "    $c = $a ? 1 : 2;", // ternary: 12
    "    $d = $a ?: 3;", // short ternary: 13
    "    $e = $b ?? 'x';", // ??: 14
    "    $b ??= 'y';", // ??=: 15
    "    $f = $obj?->name;",
    "    $ok = $a AND $b OR $c;", // AND, OR: 17
    "    $r = match ($a) {",
    "        1, 2 => 'low',", // arm: 18
    "        3 => fn($x) => $x,", // arm: 19 (the arrow fn's => is no arm)
    "        default => 'other',",
    "    };",
    "    $s = 'if ($x) && || ?';",
    "    return $c;",
    "}",
  ].join("\n");
  assert.is(extractPhp(src).complexity, 19);
});

test("extract() measures nesting and finds markers in //, # and /* */ comments", () => {
  const src = [
    "<?php",
    "class A {",
    "    function f() {",
    "        if (1) {",
    "            return;",
    "        }",
    "    }",
    "}",
    "// TODO: one",
    "# FIXME: two",
    "/* HACK: three */",
    "#[Todo('not a marker')]",
  ].join("\n");
  const facts = extractPhp(src);
  assert.is(facts.nesting, 3);
  assert.equal(facts.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@9", "FIXME@10", "HACK@11"]);
});

test("extract() leaves method chains and aligned operands out of nesting", () => {
  const src = [
    "<?php",
    "function users($db) {",
    "    return $db->table('users')",
    "                ->where('active', 1)", // a method chain aligned under the call
    "                ->get();",
    "    $name = $first",
    "          . ' ' . $last;", // concatenation continued
    "}",
  ].join("\n");
  assert.is(extractPhp(src).nesting, 1);
});

test("extract() reads CRLF files and a UTF-8 BOM", () => {
  const src = "\ufeff<?php\r\nnamespace App;\r\nuse App\\Models\\User;\r\nclass A\r\n{\r\n    use T;\r\n}\r\n";
  const facts = extractPhp(src);
  assert.equal(facts.imports.map((i) => `${i.specifier}@${i.line}`), ["App\\Models\\User@3", "App\\T@6"]);
  assert.equal(facts.declares, ["App\\A"]);
  assert.is(facts.lines, 7);
  assert.is(facts.nesting, 1);
});

test("analyze() resolves the PHP fixture through PSR-4, declared names and include paths", () => {
  // External names: the composer package whose vendor and name match the namespace (also
  // across segments, Psr\Http\Message -> psr/http-message, or by name alone, FastRoute ->
  // nikic/fast-route); PHP's own global classes and functions are "php".
  const root = fixtureRepo("lang-php");
  writeFiles(root, {
    "src/Crlf.php": "<?php\r\nnamespace App;\r\nuse App\\Contracts\\HasName;\r\n",
    "src/Bom.php": "\ufeff<?php\nnamespace App;\nuse App\\Models;\nuse App\\Services\\StripeBilling;\n",
  });
  const report = analyze(root);
  assert.equal(
    report.edges.map((e) => `${e.from} -> ${e.to} ${e.kind} @${e.line} ${e.specifier}${e.coarse ? " coarse" : ""}`),
    [
      "public/index.php -> config/app.php require @3 ../config/app.php",
      "public/index.php -> src/Models/User.php import @6 App\\Models\\User",
      "src/Bom.php -> src/Models/HasTimestamps.php import @3 App\\Models coarse",
      "src/Bom.php -> src/Models/User.php import @3 App\\Models coarse",
      "src/Bom.php -> src/Services/StripeBilling.php import @4 App\\Services\\StripeBilling",
      "src/Crlf.php -> src/Contracts/HasName.php import @3 App\\Contracts\\HasName",
      "src/Models/User.php -> src/Contracts/HasName.php import @5 App\\Contracts\\HasName",
      "src/Models/User.php -> src/Models/HasTimestamps.php import @10 App\\Models\\HasTimestamps",
      "src/Services/Billing.php -> src/Models/User.php import @5 App\\Models\\User",
      "src/Services/Billing.php -> src/helpers.php import @7 App\\format_money",
      "src/Services/StripeBilling.php -> src/Services/Billing.php import @5 App\\Services\\Billing",
      "src/helpers.php -> config/app.php require @5 ../config/app.php",
      "tests/UserTest.php -> src/Models/User.php import @5 App\\Models\\User",
    ],
  );
  assert.equal(report.externals.map((e) => `${e.file} ${e.name} ${e.specifier}`), [
    "public/index.php composer ../vendor/autoload.php",
    "public/index.php monolog/monolog Monolog\\Logger",
    "src/Http/Router.php nikic/fast-route FastRoute\\Dispatcher",
    "src/Http/Router.php psr/http-message Psr\\Http\\Message\\ResponseInterface",
    "src/Http/Router.php php sprintf",
    "src/Models/User.php php DateTimeInterface",
    "src/Services/Billing.php psr/log Psr\\Log\\LoggerInterface",
    "tests/UserTest.php phpunit/phpunit PHPUnit\\Framework\\TestCase",
  ]);
  assert.equal(report.unresolved.map((u) => `${u.file} ${u.specifier} (${u.reason})`), [
    "public/index.php ../../outside.php (outside the repository)",
    "src/Services/Billing.php App\\Models\\Missing (no file declares App\\Models\\Missing)",
  ]);
  const billing = report.files.find((f) => f.path === "src/Services/Billing.php")!;
  // two non-default match arms, && (line 32), foreach, ?? and catch
  assert.equal([billing.types, billing.abstractTypes, billing.complexity, billing.nesting], [1, 1, 6, 4]);
  assert.equal(billing.markers.map((m) => `${m.kind}@${m.line}`), ["HACK@29"]);
  const helpers = report.files.find((f) => f.path === "src/helpers.php")!;
  assert.equal([helpers.functions, helpers.complexity], [2, 1]);
});

test.run();
