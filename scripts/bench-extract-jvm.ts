// Measures the extractors of Java, Kotlin, C# and Dart: generates a few thousand realistic
// files per language in a temp dir, reads them back, and prints files/s and MB/s of
// `extract()` alone (CPU time, best of three passes).
// Run: node_modules/.bin/bun scripts/bench-extract-jvm.ts [files-per-language]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { csharp } from "../analysis/languages/csharp.ts";
import { dart } from "../analysis/languages/dart.ts";
import { java } from "../analysis/languages/java.ts";
import { kotlin } from "../analysis/languages/kotlin.ts";
import type { Language } from "../analysis/languages/language.ts";

const COUNT = Number(process.argv[2] ?? 2500);

const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("\n");

function javaFile(n: number): string {
  return `package com.acme.module${n % 40}.service;

${repeat(12, (i) => `import com.acme.module${(n + i) % 40}.model.Entity${i};`)}
import static com.acme.util.Strings.capitalize;
import java.util.*;

/**
 * Service number ${n}. TODO: split the query methods out.
 */
public class Service${n} extends AbstractService implements Handler<Entity0> {
    private static final String QUERY = """
        SELECT id, name FROM entity WHERE id = ? -- import com.fake.Thing;
        """;
${
    repeat(8, (i) => `
    // Handles case ${i}; see "docs/handlers.md".
    public Optional<Entity${i}> handle${i}(Map<String, ?> input, int limit) {
        if (input == null || input.isEmpty() && limit > ${i}) {
            return Optional.empty();
        }
        for (int k = 0; k < limit; k++) {
            switch (k % 3) {
                case 0 -> log("zero: " + k);
                case 1 -> log('x' + "one");
                default -> log(k > 2 ? "many" : "few");
            }
        }
        try {
            return Optional.of(repository.find(capitalize("id-${i}")));
        } catch (IllegalStateException e) {
            return Optional.empty();
        }
    }`)
  }
}
`;
}

function kotlinFile(n: number): string {
  return `package com.acme.module${n % 40}.service

${repeat(12, (i) => `import com.acme.module${(n + i) % 40}.model.Entity${i}`)}
import kotlinx.coroutines.flow.*
import com.acme.util.slugify as slug

/* Service number ${n}. /* Nested: import com.fake.Nested */ TODO: split queries. */
private val QUERY = """
    SELECT id, name FROM entity WHERE id = ${"$"}id
"""

sealed interface Result${n}
data class Ok${n}(val value: String) : Result${n}

class Service${n}(private val repository: Repository) : Handler<Entity0> {
${
    repeat(8, (i) => `
    // Handles case ${i}.
    fun handle${i}(input: Map<String, Any?>, limit: Int): Entity${i}? {
        if (input.isEmpty() && limit > ${i} || input.size > 100) return null
        for (k in 0 until limit) {
            val label = when (k % 3) {
                0 -> "zero: \${k}"
                1 -> "one \${input["x"] ?: "none"}"
                else -> "many"
            }
            log(label)
        }
        return try { repository.find(slug("id-${i}")) } catch (e: IllegalStateException) { null } ?: fallback()
    }`)
  }
}

fun top${n}(x: Int): Int = if (x > 0) x else -x
`;
}

function csharpFile(n: number): string {
  return `using System;
using System.Linq;
${repeat(10, (i) => `using Acme.Module${(n + i) % 40}.Models;`)}
using static Acme.Util.Strings;
using Repo = Acme.Data.IRepository;

namespace Acme.Module${n % 40}.Services
{
    /// <summary>Service number ${n}. TODO: split the queries.</summary>
    public sealed class Service${n} : ServiceBase, IHandler<Entity0>
    {
        private const string Query = """
            SELECT id, name FROM entity WHERE id = @id -- using Fake;
            """;
${
    repeat(8, (i) => `
        // Handles case ${i}.
        public Entity${i}? Handle${i}(IDictionary<string, object?> input, int limit)
        {
            if (input is null || input.Count == 0 && limit > ${i})
            {
                return null;
            }
            foreach (var k in Enumerable.Range(0, limit))
            {
                var label = (k % 3) switch { 0 => $"zero {k}", 1 => @"one ""x""", _ => k > 2 ? "many" : "few" };
                Log(label ?? "none");
            }
            try
            {
                return _repository.Find(Capitalize($"id-{(limit > 0 ? "a" : "b")}"));
            }
            catch (InvalidOperationException e) when (e.Message.Length > 0)
            {
                return null;
            }
        }`)
  }
    }
}
`;
}

function dartFile(n: number): string {
  return `import 'dart:async';

${repeat(10, (i) => `import 'package:acme_module${(n + i) % 40}/models/entity${i}.dart';`)}
import '../util/strings.dart' as strings;
import 'storage_io.dart' if (dart.library.js_interop) 'storage_web.dart';

/// Service number ${n}. TODO: split the queries.
const query = r'''
SELECT id, name FROM entity WHERE id = $id -- import 'fake.dart';
''';

abstract interface class Handler${n} {
  Future<void> handle(Map<String, Object?> input);
}

class Service${n} implements Handler${n} {
  Service${n}(this.repository);

  final Repository repository;
${
    repeat(8, (i) => `
  // Handles case ${i}.
  Entity${i}? handle${i}(Map<String, Object?> input, int limit) {
    if (input.isEmpty && limit > ${i} || input.length > 100) {
      return null;
    }
    for (var k = 0; k < limit; k++) {
      final label = switch (k % 3) { 0 => 'zero \${k}', 1 => "one \${input['x'] ?? 'none'}", _ => 'many' };
      log(label);
    }
    try {
      return repository.find(strings.capitalize('id-${i}'));
    } on StateError catch (e) {
      return limit > 0 ? null : fallback(e);
    }
  }`)
  }

  @override
  Future<void> handle(Map<String, Object?> input) async => handle0(input, 1);
}

int top${n}(int x) => x > 0 ? x : -x;
`;
}

const SETS: [Language, string, (n: number) => string][] = [
  [java, ".java", javaFile],
  [kotlin, ".kt", kotlinFile],
  [csharp, ".cs", csharpFile],
  [dart, ".dart", dartFile],
];

const dir = mkdtempSync(join(tmpdir(), "bench-extract-jvm-"));
try {
  for (const [language, ext, make] of SETS) {
    const folder = join(dir, language.id);
    mkdirSync(folder);
    for (let n = 0; n < COUNT; n++) writeFileSync(join(folder, `File${n}${ext}`), make(n));
    const files = Array.from({ length: COUNT }, (_, n) => {
      const path = `${language.id}/File${n}${ext}`;
      return { path, text: readFileSync(join(dir, path), "utf8") };
    });
    const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
    for (const f of files.slice(0, 200)) language.extract(f.text, f.path);
    // The best of three passes, in CPU time: on a shared machine wall time measures the others.
    let seconds = Infinity;
    let imports = 0;
    for (let pass = 0; pass < 3; pass++) {
      const start = process.cpuUsage();
      imports = 0;
      for (const f of files) imports += language.extract(f.text, f.path).imports.length;
      const used = process.cpuUsage(start);
      seconds = Math.min(seconds, (used.user + used.system) / 1e6);
    }
    const mb = bytes / 1024 / 1024;
    console.log(
      `${language.name.padEnd(7)} ${COUNT} files, ${mb.toFixed(1)} MB: ${(COUNT / seconds).toFixed(0)} files/s, ` +
        `${(mb / seconds).toFixed(1)} MB/s (${(seconds * 1000).toFixed(0)} ms, ${imports} imports)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
