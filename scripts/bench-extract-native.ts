// Measures the extractors of Go, Rust, C, C++ and Swift: generates a few thousand realistic
// files per language in a temp dir, reads them back, and prints files/s and MB/s of
// `extract()` alone. Run: node_modules/.bin/bun scripts/bench-extract-native.ts [files-per-language]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { c, cpp } from "../analysis/languages/c.ts";
import { go } from "../analysis/languages/go.ts";
import type { Language } from "../analysis/languages/language.ts";
import { rust } from "../analysis/languages/rust.ts";
import { swift } from "../analysis/languages/swift.ts";

const COUNT = Number(process.argv[2] ?? 2500);

const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("\n");

function goFile(n: number): string {
  return `// Package handlers serves group ${n % 30}. TODO: split the read handlers out.
package handlers${n % 30}

import (
\t"context"
\t"errors"
\t"fmt"
${repeat(6, (i) => `\tm${i} "example.com/app/internal/module${(n + i) % 40}"`)}
)

const query = \`SELECT id, name FROM items WHERE id = $1 -- import "fake"\`

// Store is what the handlers need.
type Store interface {
\tFind(ctx context.Context, id string) (Item, error)
}

type Item struct {
\tID   string \`json:"id"\`
\tName string \`json:"name"\`
}
${
    repeat(8, (i) => `
// Handle${i} serves case ${i}.
func Handle${i}(ctx context.Context, s Store, ids []string) ([]Item, error) {
\tvar out []Item
\tfor _, id := range ids {
\t\tif id == "" || len(id) > ${i + 10} && !m${i % 6}.Allowed(id) {
\t\t\tcontinue
\t\t}
\t\titem, err := s.Find(ctx, id)
\t\tswitch {
\t\tcase errors.Is(err, m${i % 6}.ErrNotFound):
\t\t\tcontinue
\t\tcase err != nil:
\t\t\treturn nil, fmt.Errorf("find %q: %w", id, err)
\t\t}
\t\tout = append(out, item)
\t}
\treturn out, nil
}`)
  }
`;
}

function rustFile(n: number): string {
  return `//! Handlers of group ${n % 30}.
use std::collections::HashMap;
use crate::model::{Item, ItemId};
${repeat(6, (i) => `use crate::module${(n + i) % 40}::{Service${i}, helpers::{self, parse}};`)}
use serde::{Deserialize, Serialize};

const QUERY: &str = r#"SELECT id FROM items WHERE name = "x" -- use crate::fake;"#;

/// What the handlers need. TODO: make it async.
pub trait Store {
    fn find(&self, id: &ItemId) -> Option<Item>;
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Handler${n}<'a> {
    store: &'a dyn Store,
    cache: HashMap<String, Item>,
}
${
    repeat(8, (i) => `
pub fn handle${i}<'a>(store: &'a dyn Store, ids: &[String]) -> Result<Vec<Item>, String> {
    let mut out = Vec::new();
    for id in ids {
        if id.is_empty() || id.len() > ${i + 10} && !helpers::allowed(id) {
            continue;
        }
        let quote = '\\'';
        match store.find(&parse(id)?) {
            Some(item) if item.name.starts_with(quote) => out.push(item),
            Some(item) => out.push(item),
            None => return Err(format!("missing {id}")),
        }
    }
    Ok(out)
}`)
  }

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty() {
        assert!(handle0(&NoStore, &[]).unwrap().is_empty());
    }
}
`;
}

function cFile(n: number): string {
  return `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
${repeat(6, (i) => `#include "module${(n + i) % 40}/api.h"`)}

/* Handlers of group ${n % 30}. TODO: free the buffers on error. */
static const char *kQuery = "SELECT id FROM items /* #include \\"fake.h\\" */";

typedef struct {
  int id;
  char name[64];
} item_t;
${
    repeat(8, (i) => `
int handle_${i}(const item_t *items, size_t count, int limit) {
  int found = 0;
  for (size_t k = 0; k < count; k++) {
    if (items[k].id < 0 || items[k].id > limit && strcmp(items[k].name, "skip") == 0) {
      continue;
    }
    switch (items[k].id % 3) {
      case 0: found++; break;
      case 1: found += items[k].name[0] == '\\'' ? 2 : 1; break;
      default: break;
    }
  }
  return found;
}`)
  }
`;
}

function cppFile(n: number): string {
  return `#pragma once
#include <memory>
#include <string>
#include <vector>
${repeat(6, (i) => `#include "module${(n + i) % 40}/service.hpp"`)}

namespace app::group${n % 30} {

static const char* kTemplate = R"html(<div class="x">#include "fake.hpp"</div>)html";

class Store {
 public:
  virtual ~Store() = default;
  virtual std::unique_ptr<Item> find(const std::string& id) const = 0;
};

class Handler${n} final : public Base {
 public:
  explicit Handler${n}(Store& store) : store_(store) {}
${
    repeat(6, (i) => `
  std::vector<Item> handle${i}(std::vector<std::string>&& ids, int limit) const {
    std::vector<Item> out;
    for (auto&& id : ids) {
      if (id.empty() || id.size() > ${i + 10} && !allowed(id)) continue;
      try {
        auto item = store_.find(id);
        out.push_back(item ? *item : Item{});
      } catch (const std::exception& e) {
        log(e.what());
      }
    }
    return out;
  }`)
  }

 private:
  Store& store_;
};

}  // namespace app::group${n % 30}
`;
}

function swiftFile(n: number): string {
  return `import Foundation
@testable import Module${n % 40}
${repeat(4, (i) => `import Module${(n + i) % 40}Kit`)}

/// Handlers of group ${n % 30}. TODO: move the cache out.
public protocol Store${n} {
    func find(_ id: String) async throws -> Item?
}

let query = #"SELECT id FROM items WHERE name = "x" -- import Fake"#

public final class Handler${n} {
    private let store: any Store${n}
    private var cache: [String: Item] = [:]
${
    repeat(8, (i) => `
    public func handle${i}(_ ids: [String], limit: Int) async -> [Item] {
        var out: [Item] = []
        for id in ids where !id.isEmpty {
            guard id.count < ${i + 10} || limit > 0 && id.hasPrefix("a") else { continue }
            switch cache[id] {
            case .some(let item):
                out.append(item)
            case .none:
                let item = try? await store.find(id)
                out.append(item ?? Item(id: "\\(id.isEmpty ? "none" : id)"))
            }
        }
        return out.count > limit ? Array(out.prefix(limit)) : out
    }`)
  }
}
`;
}

const cases: { language: Language; ext: string; make: (n: number) => string }[] = [
  { language: go, ext: ".go", make: goFile },
  { language: rust, ext: ".rs", make: rustFile },
  { language: c, ext: ".c", make: cFile },
  { language: cpp, ext: ".hpp", make: cppFile },
  { language: swift, ext: ".swift", make: swiftFile },
];

const dir = mkdtempSync(join(tmpdir(), "bench-extract-native-"));
try {
  console.log(`${COUNT} files per language, extract() only (best of 3 runs)`);
  for (const { language, ext, make } of cases) {
    const folder = join(dir, language.id);
    mkdirSync(folder);
    for (let n = 0; n < COUNT; n++) writeFileSync(join(folder, `file${n}${ext}`), make(n));
    const files = Array.from({ length: COUNT }, (_, n) => {
      const path = join(folder, `file${n}${ext}`);
      return { path, text: readFileSync(path, "utf8") };
    });
    const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
    let best = Infinity;
    let checksum = 0;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      for (const file of files) checksum += language.extract(file.text, file.path).imports.length;
      best = Math.min(best, performance.now() - started);
    }
    const seconds = best / 1000;
    console.log(
      `${language.name.padEnd(6)} ${String(Math.round(COUNT / seconds)).padStart(7)} files/s  ` +
        `${(bytes / 1e6 / seconds).toFixed(1).padStart(6)} MB/s  (${(bytes / 1e6).toFixed(1)} MB, ${
          best.toFixed(0)
        } ms, ${checksum / 3 / COUNT} imports/file)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
