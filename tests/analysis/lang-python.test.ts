import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { extractPython } from "../../analysis/languages/python.ts";
import { fixtureRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("python");
const importsOf = (src: string) => extractPython(src).imports.map((i) => `${i.specifier}@${i.line}`);

test("languageOf() claims .py and .pyi files for Python", () => {
  assert.is(languageOf("pkg/mod.py")?.id, "python");
  assert.is(languageOf("pkg/mod.pyi")?.id, "python");
});

test("extract() finds every import form with its line", () => {
  const src = [
    "from __future__ import annotations",
    "import os, sys as system",
    "import a.b.c as abc",
    "from . import x, y as z",
    "from .. import up",
    "from ..pkg.mod import (",
    "    one,  # import nope",
    "    two,",
    ")",
    "from pkg import *",
    "from x.y import \\",
    "    name",
    "value = 1; import after_semicolon",
    "if TYPE_CHECKING: import only_typing",
    "from .mod import *",
    "from.tight import q",
  ].join("\n");
  assert.equal(importsOf(src), [
    "__future__@1",
    "os@2",
    "sys@2",
    "a.b.c@3",
    ".x@4",
    ".y@4",
    "..up@5",
    "..pkg.mod.one@6",
    "..pkg.mod.two@6",
    "pkg@10",
    "x.y.name@11",
    "after_semicolon@13",
    "only_typing@14",
    ".mod@15",
    ".tight.q@16",
  ]);
});

test("extract() ignores imports in comments, docstrings, raw strings and f-strings", () => {
  const src = [
    '"""Docstring: import fake"""',
    "# import commented",
    "# from x import commented",
    's = r"^import (\\w+)$"',
    "b = rb'import bytes'",
    "t = '''",
    "from triple import nope",
    "'''",
    'f = f"{d["k"]} import {x:>{width}} {y!r}"',
    'q = f"{\'"\'}"; import after_fstring',
    "F = Fr'{x}\\' import'",
    'u = U"import"',
    "import real",
  ].join("\n");
  assert.equal(importsOf(src), ["after_fstring@10", "real@13"]);
});

test("extract() finds classes, abstract ones, type aliases and module-level functions", () => {
  const src = [
    "class Repo(ABC):",
    "    pass",
    "class Port(typing.Protocol[T]):",
    "    def send(self): ...",
    "class Meta(Base, metaclass=abc.ABCMeta):",
    "    pass",
    "class Store:",
    "    @abstractmethod",
    "    def get(self): ...",
    "class Concrete(Repo):",
    "    class Inner:",
    "        @abc.abstractmethod",
    "        def nested(self): ...",
    "    def method(self):",
    "        def local(): pass",
    "type Alias = int | str",
    "def top(): pass",
    "async def top_async(): pass",
    "@decorator",
    "def decorated(): pass",
  ].join("\n");
  const facts = extractPython(src);
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}@${t.line}`), [
    "Repo:true@1",
    "Port:true@3",
    "Meta:true@5",
    "Store:true@7",
    "Concrete:false@10",
    "Inner:true@11",
    "Alias:true@16",
  ]);
  assert.is(facts.functions, 3);
});

test("extract() counts decision points after strings and comments are removed", () => {
  const src = [
    "def f(items, flag):",
    "    if flag and items or not flag:", // if, and, or: 3
    "        pass",
    "    elif len(items) > 2:", // elif: 4
    "        pass",
    "    for x in items:", // for: 5
    "        while x:", // while: 6
    "            x -= 1",
    "    try:",
    "        pass",
    "    except ValueError:", // except: 7
    "        pass",
    "    y = 1 if flag else 2", // conditional expression: 8
    "    z = [a for a in items if a]", // comprehension for and if: 10
    "    match flag:",
    "        case True:", // case arm: 11
    "            pass",
    "        case _:", // case arm: 12
    "            pass",
    "    case = 3",
    "    s = 'if and or for while'",
    "    # if for while",
  ].join("\n");
  assert.is(extractPython(src).complexity, 12);
});

test("extract() measures nesting on logical lines, not bracket continuations", () => {
  const src = [
    "def f():",
    "    if x:",
    "        call(a,",
    "                                 b)",
    "        value = \\",
    "                  3",
  ].join("\n");
  assert.is(extractPython(src).nesting, 2);
});

test("extract() finds markers in comments only", () => {
  const src = [
    "# TODO: split this module",
    's = "FIXME not a marker"',
    "x = 1  # HACK: works around a bug",
    "# a hack in prose",
  ].join("\n");
  assert.equal(extractPython(src).markers.map((m) => `${m.kind}@${m.line}:${m.text}`), [
    "TODO@1:split this module",
    "HACK@3:works around a bug",
  ]);
});

test("extract() reads CRLF files and a UTF-8 BOM", () => {
  const src =
    "\ufeffimport os\r\nfrom . import sibling\r\n\r\nclass A(ABC):\r\n    def f(self):\r\n        if x:\r\n            pass\r\n";
  const facts = extractPython(src);
  assert.equal(facts.imports.map((i) => `${i.specifier}@${i.line}`), ["os@1", ".sibling@2"]);
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}@${t.line}`), ["A:true@4"]);
  assert.is(facts.lines, 7);
  assert.is(facts.nesting, 3);
  assert.is(facts.complexity, 1);
});

test("analyze() resolves the Python fixture: src layout, relative, namespace and script imports", () => {
  const root = fixtureRepo("lang-python");
  writeFiles(root, {
    "src/shop/crlf.py": "from .models import Order\r\nfrom . import tax_missing\r\n",
    "src/shop/bom.py": "\ufefffrom shop.util import money\nimport shop.util\n",
  });
  const report = analyze(root);
  assert.equal(report.edges.map((e) => `${e.from} -> ${e.to} @${e.line} ${e.specifier}${e.coarse ? " coarse" : ""}`), [
    "scripts/report.py -> scripts/helpers.py @1 helpers",
    "scripts/report.py -> src/shop/services/billing.py @2 shop.services.billing",
    "src/shop/__init__.py -> src/shop/models.py @2 .models.Order",
    "src/shop/__init__.py -> src/shop/models.py @2 .models.Repository",
    "src/shop/bom.py -> src/shop/util/money.py @1 shop.util.money",
    "src/shop/bom.py -> src/shop/util/money.py @2 shop.util coarse",
    "src/shop/crlf.py -> src/shop/models.py @1 .models.Order",
    "src/shop/crlf.py -> src/shop/__init__.py @2 .tax_missing",
    "src/shop/services/billing.py -> src/shop/util/money.py @3 shop.util.money",
    "src/shop/services/billing.py -> src/shop/models.py @4 ..models.Order",
    "src/shop/services/billing.py -> src/shop/models.py @4 ..models.Repository",
    "src/shop/services/billing.py -> src/shop/services/tax.py @5 .tax",
    "tests/test_billing.py -> src/shop/services/billing.py @3 shop.services.billing.charge",
    "tests/test_billing.py -> src/shop/__init__.py @4 shop.Order",
  ]);
  assert.equal(report.externals.map((e) => `${e.file} ${e.name}`), [
    "src/shop/models.py __future__",
    "src/shop/models.py abc",
    "src/shop/models.py abc",
    "src/shop/models.py dataclasses",
    "src/shop/models.py dataclasses",
    "src/shop/services/billing.py logging",
    "src/shop/services/billing.py requests",
    "src/shop/services/tax.py decimal",
    "tests/test_billing.py pytest",
  ]);
  assert.equal(report.unresolved.map((u) => `${u.file} ${u.specifier} (${u.reason})`), [
    "scripts/report.py shop.missing.thing (no module shop.missing.thing in src)",
    "src/shop/services/tax.py ...vendor.rates (relative import beyond the top-level package src/shop)",
  ]);
  const models = report.files.find((f) => f.path === "src/shop/models.py")!;
  assert.is(models.types, 2);
  assert.is(models.abstractTypes, 1);
  const billing = report.files.find((f) => f.path === "src/shop/services/billing.py")!;
  // if, or (line 17), for (19), except (23)
  assert.is(billing.complexity, 4);
  assert.is(billing.nesting, 3);
  assert.equal(billing.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@15"]);
});

test("a package in a subfolder resolves from the folder above it, without a manifest", () => {
  const root = tempDir("tool-py-sub-");
  writeFiles(root, {
    "py/app/__init__.py": "",
    "py/app/core/__init__.py": "",
    "py/app/core/db.py": "def connect():\n    return 1\n",
    "py/app/core/models.py": "class User:\n    pass\n",
    "py/app/api/__init__.py": "",
    "py/app/api/routes.py": "import app.core.db\nfrom app.core import models\nfrom . import helpers\n",
    "py/app/api/helpers.py": "X = 1\n",
  });
  const report = analyze(root);
  const edges = report.edges.filter((e) => e.from === "py/app/api/routes.py").map((e) => e.to).sort();
  assert.equal(edges, ["py/app/api/helpers.py", "py/app/core/db.py", "py/app/core/models.py"]);
  assert.not.ok(report.externals.some((e) => e.name === "app"), "app is the project's own package, not an external one");
});

test("a package and a module of the same name side by side: the package wins, as Python's path finder decides", () => {
  const root = tempDir("tool-py-shadow-");
  writeFiles(root, {
    "app/__init__.py": "",
    "app/views.py": "# left over from startapp\n",
    "app/views/__init__.py": "from .login import LoginView\n",
    "app/views/login.py": "class LoginView:\n    pass\n",
    "site/urls.py": "from app.views import LoginView\nimport app.views\n",
  });
  const report = analyze(root);
  assert.equal([...new Set(report.edges.filter((e) => e.from === "site/urls.py").map((e) => e.to))], ["app/views/__init__.py"]);
});

test("a namespace package in src/ with a module named like it and subpackages: imports resolve under src, and the namespace's other distributions are external", () => {
  const root = tempDir("tool-py-namespace-");
  writeFiles(root, {
    "pyproject.toml": '[tool.poetry]\npackages = [{ include = "shop", from = "src" }]\n',
    // No src/shop/__init__.py: `shop` is a namespace package, shared with shop-core.
    "src/shop/shop.py": "from shop.config.source import load\n",
    "src/shop/config/__init__.py": "",
    "src/shop/config/source.py": "def load():\n    return {}\n",
    "src/shop/links/__init__.py": "",
    "src/shop/links/html.py": "from shop.links.base import Link\nfrom shop.core.version import Version\n",
    "src/shop/links/base.py": "class Link:\n    pass\n",
  });
  const report = analyze(root);
  const edges = report.edges.map((e) => `${e.from} -> ${e.to}`).sort();
  assert.equal(edges, ["src/shop/links/html.py -> src/shop/links/base.py", "src/shop/shop.py -> src/shop/config/source.py"]);
  assert.equal(report.unresolved, []);
  assert.ok(report.externals.some((e) => e.name === "shop.core"), "shop.core comes from another distribution of the namespace");
});

test.run();
