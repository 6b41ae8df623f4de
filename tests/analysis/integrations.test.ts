import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze, impactOf, type Report } from "../../analysis/mod.ts";
import { catalog as shippedCatalog, type Ecosystem, parseCatalog } from "../../analysis/integrations/catalog.ts";
import { imageRepository } from "../../analysis/integrations/compose.ts";
import { CatalogIndex } from "../../analysis/integrations/match.ts";
import { readManifests } from "../../analysis/integrations/manifests.ts";
import { ProjectFiles } from "../../analysis/project.ts";
import { fixtureRepo, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

let polyReport: Report | undefined;
const poly = () => (polyReport ??= analyze(fixtureRepo("integrations-poly")));
const summary = (report: Report) =>
  report.integrations.items.map((i) => ({
    id: i.id,
    category: i.category,
    sources: i.sources.map((s) => `${s.kind} ${s.file}:${s.line} ${s.detail}`),
    files: i.files,
  }));

const section = suite("integrations section");

section("integrationsSection() reads the manifests of every ecosystem, compose images and imports", () => {
  assert.equal(summary(poly()), [
    {
      id: "postgresql",
      category: "database",
      sources: [
        "manifest Api/Api.csproj:3 Npgsql",
        "compose compose.yaml:6 db: postgres:16",
        "manifest go.mod:6 github.com/jackc/pgx/v5",
        "manifest mix.exs:12 postgrex",
        "manifest package.json:8 pg",
        "manifest requirements.txt:2 psycopg2-binary",
        "manifest rust/Cargo.toml:8 sqlx (features: postgres, runtime-tokio)",
      ],
      files: ["Api/Db.cs", "cmd/api/main.go", "rust/src/lib.rs", "src/db.ts", "worker/jobs.py"],
    },
    { id: "sqlite", category: "database", sources: ["import worker/jobs.py:1 sqlite3"], files: ["worker/jobs.py"] },
    { id: "redis", category: "cache", sources: ["compose compose.yaml:8 cache: redis:7-alpine"], files: [] },
    {
      id: "kafka",
      category: "broker",
      sources: [
        "compose compose.yaml:10 kafka: bitnami/kafka:3.7",
        "manifest java/pom.xml:6 org.springframework.kafka:spring-kafka",
      ],
      files: ["java/src/main/java/com/acme/Events.java"],
    },
    { id: "sidekiq", category: "broker", sources: ["manifest Gemfile:4 sidekiq"], files: ["app/jobs/report_job.rb"] },
    { id: "minio", category: "storage", sources: ["compose compose.yaml:12 storage: minio/minio"], files: [] },
    {
      id: "aws",
      category: "cloud",
      sources: ["manifest package.json:5 @aws-sdk/client-s3", "manifest requirements.txt:3 boto3"],
      files: ["src/storage.ts", "worker/jobs.py"],
    },
    {
      id: "firebase",
      category: "cloud",
      sources: ["manifest mobile/pubspec.yaml:5 firebase_core"],
      files: ["mobile/lib/main.dart"],
    },
    {
      id: "stripe",
      category: "payments",
      sources: ["manifest composer.json:5 stripe/stripe-php", "manifest package.json:9 stripe"],
      files: ["php/Billing.php", "src/billing.ts"],
    },
    { id: "openai", category: "ai", sources: ["manifest requirements.txt:4 openai"], files: ["worker/jobs.py"] },
    {
      id: "alamofire",
      category: "http-client",
      sources: ["manifest Package.swift:8 https://github.com/Alamofire/Alamofire.git"],
      files: ["Sources/App/Client.swift"],
    },
    { id: "axios", category: "http-client", sources: ["manifest package.json:6 axios"], files: ["src/storage.ts"] },
    {
      id: "reqwest",
      category: "http-client",
      sources: ["manifest rust/Cargo.toml:7 reqwest (features: json)"],
      files: ["rust/src/lib.rs"],
    },
  ]);
});

section("commented-out, indirect, plugin, type-only and sample-data dependencies do not count", () => {
  const report = poly();
  const ids = report.integrations.items.map((i) => i.id);
  // go-redis is `// indirect`, jedis and StackExchange.Redis are commented out: Redis comes from compose alone.
  assert.equal(report.integrations.items.find((i) => i.id === "redis")!.sources.map((s) => s.kind), ["compose"]);
  // The mongo plugin of pom.xml is a build tool; testdata/package.json is a sample.
  assert.not.ok(ids.includes("mongodb"));
  // src/billing.ts imports @aws-sdk/client-s3 for a type only.
  assert.not.ok(report.integrations.items.find((i) => i.id === "aws")!.files.includes("src/billing.ts"));
  assert.equal(report.integrations.manifests.map((m) => `${m.kind} ${m.file}`), [
    "msbuild Api/Api.csproj",
    "compose compose.yaml",
    "composer.json composer.json",
    "Gemfile Gemfile",
    "go.mod go.mod",
    "pom.xml java/pom.xml",
    "mix.exs mix.exs",
    "pubspec.yaml mobile/pubspec.yaml",
    "package.json package.json",
    "Package.swift Package.swift",
    "requirements requirements.txt",
    "Cargo.toml rust/Cargo.toml",
  ]);
  assert.equal(report.integrations.unreadable, []);
});

section("routes reach the integrations of the files their handlers import; impact lists them", () => {
  const report = poly();
  const routes = report.routes.items.filter((r) => r.file === "src/server.ts").map((r) =>
    `${r.method} ${r.path} ${r.reaches.integrations.join(",")}`
  );
  assert.equal(routes, ["POST /charges postgresql,stripe", "GET /health postgresql,stripe"]);
  assert.equal(impactOf(report, ["src/billing.ts"]).integrations, ["postgresql", "stripe"]);
  assert.equal(impactOf(report, ["src/storage.ts"]).integrations, ["aws", "axios"]);
});

section("tool impact prints the integrations a change reaches", () => {
  const result = runTool(["impact", "src/billing.ts"], { cwd: fixtureRepo("integrations-poly") });
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stdout, /Integrations reached: postgresql, stripe, package pg, package stripe/);
});

section("a manifest that does not parse is listed as unreadable, the others still count", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": '{ "dependencies": { "redis": "4" ',
    "api/pyproject.toml": '[project]\nname = "api"\ndependencies = ["httpx>=0.27"]\n',
  });
  const report = analyze(root);
  assert.equal(report.integrations.items.map((i) => i.id), ["httpx"]);
  assert.equal(report.integrations.unreadable.map((u) => u.file), ["package.json"]);
});

section.run();

const manifests = suite("manifest readers");

const declared = (files: Record<string, string>) => {
  const root = tempDir();
  writeFiles(root, files);
  const project = new ProjectFiles(root, new Set(Object.keys(files)), []);
  const read = readManifests(project, Object.keys(files));
  assert.equal(read.unreadable, []);
  return read.dependencies.map((d) =>
    `${d.ecosystem} ${d.name}${d.features ? ` [${d.features.join(",")}]` : ""} ${d.file}:${d.line}`
  );
};

manifests("pyproject.toml (PEP 621, dependency groups, Poetry) and Pipfile", () => {
  assert.equal(
    declared({
      "pyproject.toml": [
        "[project]",
        'dependencies = ["fastapi>=0.110", "psycopg[binary]>=3"]',
        "[project.optional-dependencies]",
        'ai = ["anthropic"]',
        "[dependency-groups]",
        'dev = ["pytest"]',
        "[tool.poetry.dependencies]",
        'python = "^3.12"',
        'redis = "^5"',
        "[tool.poetry.group.ops.dependencies]",
        'sentry-sdk = "^2"',
        "",
      ].join("\n"),
      Pipfile: '[packages]\nrequests = "*"\n\n[dev-packages]\nboto3 = "*"\n',
    }),
    [
      "pypi fastapi pyproject.toml:2",
      "pypi psycopg pyproject.toml:2",
      "pypi anthropic pyproject.toml:4",
      "pypi pytest pyproject.toml:6",
      "pypi redis pyproject.toml:9",
      "pypi sentry-sdk pyproject.toml:11",
      "pypi requests Pipfile:2",
      "pypi boto3 Pipfile:5",
    ],
  );
});

manifests("Gradle (Kotlin and Groovy DSL, version catalog), MSBuild central versions, gemspec, Cargo renames", () => {
  assert.equal(
    declared({
      "app/build.gradle.kts":
        'dependencies {\n  implementation("io.lettuce:lettuce-core:6.3.2.RELEASE")\n  // implementation("com.stripe:stripe-java:1")\n}\n',
      "lib/build.gradle":
        "dependencies {\n  implementation 'com.squareup.okhttp3:okhttp:4.12.0'\n  api group: 'io.sentry', name: 'sentry', version: '7.0.0'\n}\n",
      "gradle/libs.versions.toml":
        '[libraries]\nsentry = { module = "io.sentry:sentry", version = "7" }\npg = "org.postgresql:postgresql:42.7.3"\n',
      "Directory.Packages.props":
        '<Project><ItemGroup><PackageVersion Include="StackExchange.Redis" Version="2.7.33" /></ItemGroup></Project>\n',
      "shop.gemspec": 'Gem::Specification.new do |s|\n  s.add_dependency "faraday", "~> 2"\nend\n',
      "Cargo.toml": '[target.\'cfg(unix)\'.dependencies]\npg = { package = "tokio-postgres", version = "0.7" }\n',
    }),
    [
      "maven io.lettuce:lettuce-core app/build.gradle.kts:2",
      "maven com.squareup.okhttp3:okhttp lib/build.gradle:2",
      "maven io.sentry:sentry lib/build.gradle:3",
      "maven io.sentry:sentry gradle/libs.versions.toml:2",
      "maven org.postgresql:postgresql gradle/libs.versions.toml:3",
      "nuget StackExchange.Redis Directory.Packages.props:1",
      "gems faraday shop.gemspec:2",
      "crates tokio-postgres Cargo.toml:2",
    ],
  );
});

manifests.run();

const catalog = suite("integration catalog");

catalog("the catalog covers the well-known packages of every ecosystem", () => {
  const index = new CatalogIndex();
  const cases: [Ecosystem, string, string[]][] = [
    ["npm", "pg", ["postgresql"]],
    ["pypi", "Psycopg2_Binary", ["postgresql"]],
    ["go", "github.com/jackc/pgx/v5", ["postgresql"]],
    ["nuget", "Npgsql.EntityFrameworkCore.PostgreSQL", ["postgresql"]],
    ["hex", "postgrex", ["postgresql"]],
    ["gems", "pg", ["postgresql"]],
    ["npm", "stripe", ["stripe"]],
    ["pypi", "stripe", ["stripe"]],
    ["go", "github.com/stripe/stripe-go/v79", ["stripe"]],
    ["crates", "async-stripe", ["stripe"]],
    ["maven", "com.stripe:stripe-java", ["stripe"]],
    ["nuget", "Stripe.net", ["stripe"]],
    ["composer", "stripe/stripe-php", ["stripe"]],
    ["gems", "stripe", ["stripe"]],
    ["hex", "stripity_stripe", ["stripe"]],
    ["pub", "flutter_stripe", ["stripe"]],
    ["swift", "https://github.com/stripe/stripe-ios-spm", ["stripe"]],
    ["npm", "openai", ["openai"]],
    ["npm", "@anthropic-ai/sdk", ["anthropic"]],
    ["pypi", "google-genai", ["google-genai"]],
    ["npm", "aws-sdk", ["aws"]],
    ["npm", "@aws-sdk/client-dynamodb", ["aws"]],
    ["pypi", "boto3", ["aws"]],
    ["crates", "aws-sdk-s3", ["aws"]],
    ["pypi", "google-cloud-storage", ["gcp"]],
    ["npm", "@google-cloud/pubsub", ["gcp"]],
    ["pypi", "azure-storage-blob", ["azure"]],
    ["maven", "com.azure:azure-identity", ["azure"]],
    ["npm", "@sentry/node", ["sentry"]],
    ["npm", "dd-trace", ["datadog"]],
    ["npm", "@opentelemetry/api", ["opentelemetry"]],
    ["npm", "auth0", ["auth0"]],
    ["npm", "@clerk/nextjs", ["clerk"]],
    ["npm", "next-auth", ["authjs"]],
    ["npm", "passport-jwt", ["passport"]],
    ["maven", "org.keycloak:keycloak-admin-client", ["keycloak"]],
    ["npm", "axios", ["axios"]],
    ["npm", "got", ["got"]],
    ["pypi", "requests", ["requests"]],
    ["pypi", "httpx", ["httpx"]],
    ["crates", "reqwest", ["reqwest"]],
  ];
  for (const [ecosystem, name, ids] of cases) {
    assert.equal(index.matchPackage(ecosystem, name), ids, `${ecosystem} ${name}`);
  }
  assert.equal(index.matchPackage("crates", "sqlx", ["mysql", "runtime-tokio"]), ["mysql"]);
  assert.equal(index.matchPackage("crates", "sqlx"), []);
  assert.equal(index.matchPackage("npm", "left-pad"), []);
  const images: [string, string][] = [
    ["postgres:16", "postgresql"],
    ["docker.io/library/mysql:8", "mysql"],
    ["mariadb", "mariadb"],
    ["mongo:7", "mongodb"],
    ["valkey/valkey:8", "valkey"],
    ["memcached:1.6", "memcached"],
    ["confluentinc/cp-kafka:7.6.0", "kafka"],
    ["rabbitmq:3-management", "rabbitmq"],
    ["nats:2.10", "nats"],
    ["docker.elastic.co/elasticsearch/elasticsearch:8.13.0", "elasticsearch"],
    ["opensearchproject/opensearch:2", "opensearch"],
    ["quay.io/minio/minio", "minio"],
    ["localstack/localstack:3", "localstack"],
    ["clickhouse/clickhouse-server:24", "clickhouse"],
    ["quay.io/keycloak/keycloak:24.0", "keycloak"],
  ];
  for (const [image, id] of images) assert.equal(index.matchImage(imageRepository(image)), [id], image);
  const categories = new Set(shippedCatalog().map((e) => e.category));
  for (
    const category of [
      "database",
      "cache",
      "broker",
      "cloud",
      "payments",
      "ai",
      "observability",
      "auth",
      "http-client",
      "email",
      "search",
      "storage",
    ]
  ) {
    assert.ok(categories.has(category as never), category);
  }
});

catalog("imageRepository() drops tags, digests, the default registry and variables", () => {
  assert.equal(imageRepository("redis:7-alpine"), ["redis"]);
  assert.equal(imageRepository("postgres@sha256:abcdef0123"), ["postgres"]);
  assert.equal(imageRepository("localhost:5000/team/redis:7"), ["localhost:5000/team/redis", "team/redis"]);
  assert.equal(imageRepository("registry.example.com/library/postgres:16"), [
    "registry.example.com/library/postgres",
    "postgres",
  ]);
  assert.equal(imageRepository("${REGISTRY}/bitnami/kafka:${KAFKA_TAG:-3.7}"), ["bitnami/kafka"]);
});

catalog("parseCatalog() rejects a malformed catalog with the entry named", () => {
  const entry = { id: "x", name: "X", category: "database", packages: { npm: ["x"] } };
  assert.equal(parseCatalog({ description: [], integrations: [entry] }).map((e) => e.id), ["x"]);
  assert.throws(() => parseCatalog({ description: [], integrations: [entry, entry] }), /id "x" is listed twice/);
  assert.throws(
    () => parseCatalog({ description: [], integrations: [{ ...entry, category: "toys" }] }),
    /integrations\.0\.category/,
  );
  assert.throws(
    () => parseCatalog({ description: [], integrations: [{ ...entry, packages: { cpan: ["x"] } }] }),
    SyntaxError,
  );
});

catalog.run();
