import { suite } from "uvu";
import * as assert from "uvu/assert";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { analyze, type Report } from "../../analysis/mod.ts";
import { configurationSection, exampleNames, extractEnv } from "../../analysis/configuration/mod.ts";
import { isProvided, isSecret, isServiceAddress } from "../../analysis/configuration/names.ts";
import { ProjectFiles } from "../../analysis/project.ts";
import { fixtureRepo, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const flags = (report: Report) =>
  report.configuration.variables.map((v) =>
    `${v.name} ${
      [v.secret && "secret", v.serviceAddress && "address", v.provided && "provided", v.documented && "documented"]
        .filter(Boolean).join(",")
    } ${v.files.map((f) => `${f.file}:${f.line}`).join(" ")}`
  );

const section = suite("configuration section");

section("every language's reads are found with files and lines, flagged by name and compared with .env.example", () => {
  const report = analyze(fixtureRepo("config-env"));
  assert.equal(flags(report), [
    "API_TOKEN secret,documented ios/Env.swift:3 web/src/config.ts:12",
    "APP_DEBUG documented php/config.php:5",
    "AWS_REGION documented php/config.php:4",
    "DATABASE_URL secret,address,documented api/Startup.cs:3 web/src/config.ts:4",
    "DEBUG_SQL documented api/settings.py:6",
    "GREETING documented jvm/src/Greeter.kt:1",
    "HOME provided,documented native/src/util.c:3",
    "HOSTNAME address,provided,documented web/src/config.ts:16",
    "KAFKA_BROKERS address,documented jvm/src/Events.java:2",
    "LOG_LEVEL documented api/settings.py:7 api/settings.py:9",
    "MAILGUN_API_KEY secret,documented php/config.php:3",
    "NODE_ENV provided,documented web/src/config.ts:18",
    "OPENAI_API_KEY secret,documented svc/cmd/main.go:8",
    "OPTIONAL_FEATURE_FLAG documented api/settings.py:9",
    "PHX_HOST address,documented ex/runtime.exs:4",
    "PORT address,documented web/src/config.ts:4",
    "QUEUE_URL address,documented api/settings.py:8",
    "REDIS_HOST address,documented ruby/config.rb:1 ruby/config.rb:2 web/src/config.ts:4",
    "REDIS_PORT address,documented ruby/config.rb:2",
    "S3_BUCKET documented svc/cmd/main.go:6",
    "SECRET_KEY_BASE secret,documented ex/runtime.exs:3",
    "SENTRY_DSN secret,address,documented web/src/config.ts:14",
    "SESSION_SECRET secret,documented web/src/config.ts:13",
    "SMTP_PASSWORD secret,documented native/src/main.rs:3",
    "STRIPE_SECRET_KEY secret web/src/config.ts:15",
    "VITE_API_URL address,documented mobile/lib/env.dart:3 web/src/config.ts:10",
  ]);
  assert.is(report.configuration.exampleFile, ".env.example");
  assert.equal(report.configuration.unread, ["UNUSED_SETTING"]);
  const findings = report.findings.filter((f) => f.category === "configuration");
  assert.equal(findings.map(({ rule, severity, title, evidence }) => ({ rule, severity, title, evidence })), [{
    rule: "env-undocumented",
    severity: "low",
    title: "STRIPE_SECRET_KEY is read but missing from .env.example",
    evidence: [{ file: "web/src/config.ts", line: 15, detail: "reads STRIPE_SECRET_KEY (secret)" }],
  }]);
});

section("comments, plain strings, writes, dynamic names and look-alikes are not reads", () => {
  const names = analyze(fixtureRepo("config-env")).configuration.variables.map((v) => v.name);
  for (
    const decoy of [
      "COMMENTED_OUT",
      "BLOCK_COMMENTED",
      "IN_A_STRING",
      "WRITTEN_NOT_READ",
      "MODE",
      "PY_COMMENTED",
      "PY_IN_STRING",
      "NOT_AN_ENV_READ",
      "GO_COMMENTED",
      "CARGO_PKG_VERSION",
      "RUBY_SINGLE_QUOTED",
    ]
  ) {
    assert.not.ok(names.includes(decoy), decoy);
  }
  assert.not.ok(names.some((n) => n.startsWith("PREFIX")));
});

section(".env is never opened: no value and no mention of it reaches the report", () => {
  const root = fixtureRepo("config-env");
  const asked: string[] = [];
  const read = ProjectFiles.prototype.text;
  ProjectFiles.prototype.text = function (this: ProjectFiles, path: string) {
    asked.push(path);
    return read.call(this, path);
  };
  let json: string;
  try {
    json = JSON.stringify(analyze(root));
  } finally {
    ProjectFiles.prototype.text = read;
  }
  assert.ok(asked.includes(".env.example"));
  assert.not.ok(asked.includes(".env"));
  assert.not.ok(json.includes("never-shown"));
  assert.not.ok(json.includes("fake-"));
  assert.not.ok(json.includes('".env"'));
  // Example files give names only: their placeholder values stay out too.
  assert.not.ok(json.includes("postgres://user:password"));
});

section("without an example file one finding lists every variable that needs documenting", () => {
  const root = fixtureRepo("config-env", { git: false });
  rmSync(join(root, ".env.example"));
  const report = analyze(root);
  assert.is(report.configuration.exampleFile, null);
  assert.equal(report.configuration.variables.filter((v) => v.documented).map((v) => v.name), [
    "HOME",
    "HOSTNAME",
    "NODE_ENV",
  ]);
  const findings = report.findings.filter((f) => f.category === "configuration");
  assert.is(findings.length, 1);
  assert.is(findings[0]!.rule, "env-example-missing");
  assert.is(findings[0]!.title, "23 environment variables are read but there is no .env.example");
  assert.equal(findings[0]!.evidence[0], { file: "ios/Env.swift", line: 3, detail: "API_TOKEN (secret)" });
});

section("tool audit shows configuration findings", () => {
  const result = runTool(["audit", "--json"], { cwd: fixtureRepo("config-env") });
  assert.is(result.code, 0, result.stderr);
  const titles = (JSON.parse(result.stdout) as Report).findings.filter((f) => f.category === "configuration").map((f) =>
    f.title
  );
  assert.equal(titles, ["STRIPE_SECRET_KEY is read but missing from .env.example"]);
});

section("the example files of a monorepo's packages all count; sample-data folders do not", () => {
  const root = tempDir();
  writeFiles(root, {
    "apps/web/.env.sample": "WEB_URL=\n",
    "apps/api/.env.template": "export API_KEY=\n",
    "apps/web/main.ts": "export const a = [process.env.WEB_URL, process.env.API_KEY, process.env.EXTRA];\n",
    "tests/fixtures/demo/main.py": 'import os\nos.getenv("FIXTURE_ONLY")\n',
  });
  const section = analyze(root).configuration;
  assert.equal(section.exampleFiles, ["apps/api/.env.template", "apps/web/.env.sample"]);
  assert.equal(section.variables.map((v) => `${v.name} ${v.documented}`), [
    "API_KEY true",
    "EXTRA false",
    "WEB_URL true",
  ]);
});

section.run();

const reads = suite("env reads per language");

const names = (language: string, text: string) => extractEnv(language, text).map((r) => `${r.line} ${r.name}`);

reads("JavaScript: members, brackets, destructuring, Deno, Bun, import.meta and template literals", () => {
  assert.equal(
    names(
      "typescript",
      [
        "const { A, B: b, C = 'x', ...rest } = process.env;",
        "process.env?.D; process.env['E']; Bun.env.F; Deno.env.get(`G`);",
        "const url = `${import.meta.env.H}/${import.meta.env.DEV}`;",
        "process.env.I = 'set'; process.env['J'] = 'set'; if (process.env.K === 'x') {}",
        "// process.env.L",
      ].join("\n"),
    ),
    ["1 A", "1 B", "1 C", "2 D", "2 E", "2 F", "2 G", "3 H", "4 K"],
  );
});

reads("Python, Go, Rust, JVM, C#, Ruby, PHP, Elixir, Dart, Swift and C", () => {
  assert.equal(
    names(
      "python",
      'from os import getenv\nx = getenv("A")\ny = environ["NOT_IMPORTED"]\nz = f"{os.environ[\'B\']}"\n',
    ),
    ["2 A", "4 B"],
  );
  assert.equal(names("go", 'v := os.Getenv("A")\n_, ok := syscall.Getenv("B")\n'), ["1 A", "2 B"]);
  assert.equal(
    names(
      "rust",
      'let a = env::var("A");\nlet b = std::env::var_os("B");\nlet c = dotenvy::var("C");\nlet d = env!("D");\n',
    ),
    ["1 A", "2 B", "3 C"],
  );
  assert.equal(names("java", 'String a = System.getenv("A"); String b = System.getenv().get("B");\n'), ["1 A", "1 B"]);
  assert.equal(names("kotlin", 'val a = System.getenv()["A"]\n'), ["1 A"]);
  assert.equal(names("csharp", 'var a = Environment.GetEnvironmentVariable(@"A");\n'), ["1 A"]);
  assert.equal(names("ruby", 'a = ENV["A"]\nb = ENV.fetch "B"\nc = ::ENV["C"]\nENV["D"] = "set"\n'), [
    "1 A",
    "2 B",
    "3 C",
  ]);
  assert.equal(
    names(
      "php",
      "<?php\n$a = getenv('A');\n$b = $_ENV[\"B\"];\n$c = env('C');\n$d = Env::get('D');\n$e = $this->env('E');\n",
    ),
    ["2 A", "3 B", "4 C", "5 D"],
  );
  assert.equal(names("elixir", 'a = System.get_env("A")\nb = System.fetch_env!("B")\nc = "#{System.get_env("C")}"\n'), [
    "1 A",
    "2 B",
    "3 C",
  ]);
  assert.equal(names("dart", "final a = Platform.environment['A'];\nfinal b = '${Platform.environment[\"B\"]}';\n"), [
    "1 A",
    "2 B",
  ]);
  assert.equal(names("swift", 'let a = ProcessInfo.processInfo.environment["A"]\nlet b = Environment.get("B")\n'), [
    "1 A",
    "2 B",
  ]);
  assert.equal(names("c", 'char *a = getenv("A"); char *b = std::getenv("B");\n'), ["1 A", "1 B"]);
  assert.equal(names("go", "package main\n"), []);
});

reads.run();

const naming = suite("variable names");

naming("isSecret(), isServiceAddress() and isProvided() decide by the words of a name", () => {
  const secret = [
    "API_KEY",
    "STRIPE_SECRET_KEY",
    "AWS_SECRET_ACCESS_KEY",
    "DB_PASSWORD",
    "GITHUB_TOKEN",
    "privateKey",
    "DATABASE_URL",
    "SENTRY_DSN",
    "REDIS_URL",
    "AZURE_STORAGE_CONNECTION_STRING",
  ];
  const notSecret = [
    "AWS_ACCESS_KEY_ID",
    "STRIPE_PUBLISHABLE_KEY",
    "NEXT_PUBLIC_API_KEY",
    "TOKEN_URL",
    "PASSWORD_MIN_LENGTH",
    "PWD",
    "KEYCLOAK_REALM",
    "LOG_LEVEL",
  ];
  for (const name of secret) assert.ok(isSecret(name), name);
  for (const name of notSecret) assert.not.ok(isSecret(name), name);
  const address = [
    "DATABASE_URL",
    "REDIS_HOST",
    "PORT",
    "API_BASEURL",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "KAFKA_BROKERS",
    "SENTRY_DSN",
    "smtpHost",
  ];
  const notAddress = ["API_KEY", "SUPPORT_EMAIL_ADDRESS", "REPORT_PATH", "CURL_OPTIONS"];
  for (const name of address) assert.ok(isServiceAddress(name), name);
  for (const name of notAddress) assert.not.ok(isServiceAddress(name), name);
  for (const name of ["NODE_ENV", "HOME", "CI", "GITHUB_SHA", "LC_ALL", "npm_package_version"]) {
    assert.ok(isProvided(name), name);
  }
  assert.not.ok(isProvided("DATABASE_URL"));
});

naming("exampleNames() reads names only, with export and commented-out entries", () => {
  assert.equal(exampleNames("# comment about A=B\nA=1\nexport B=two\n  # C=\nD\nE = spaced\n"), ["A", "B", "C", "E"]);
  const project = {
    listed: new Set([".env", ".env.example"]),
    text: (path: string) => (path === ".env.example" ? "A=\n" : undefined),
  };
  const section = configurationSection([
    { path: "a.ts", language: "typescript", env: [{ name: "A", line: 1 }] } as never,
  ], project);
  assert.equal(section.variables.map((v) => v.documented), [true]);
});

naming.run();
