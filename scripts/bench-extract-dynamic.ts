// Extraction speed of the Python, Ruby, Elixir and PHP modules: writes a few thousand
// generated, realistic files per language to a temp folder, reads them back, and prints files
// per second and MB per second of `extract` alone (best of three runs).
// Run: node_modules/.bin/bun scripts/bench-extract-dynamic.ts [files-per-language]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { elixir } from "../analysis/languages/elixir/mod.ts";
import type { Language } from "../analysis/languages/language.ts";
import { php } from "../analysis/languages/php/mod.ts";
import { python } from "../analysis/languages/python.ts";
import { ruby } from "../analysis/languages/ruby/mod.ts";

const COUNT = Number(process.argv[2] ?? 3000);
let seed = 42;
const random = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const repeat = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i)).join("\n");

const generators: Record<string, (i: number) => string> = {
  python: (i) =>
    `"""Module ${i}: orders and the import of data."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from ..models import Order, Repository
from . import helpers_${i % 50}
from pkg_${i % 20}.sub import (
    alpha,
    beta,  # trailing comment
)

log = logging.getLogger(__name__)
PATTERN = r"^import (\\w+)$"

${
      repeat(4 + random(4), (c) =>
        `class Service${c}(Repository):
    """Handles things. TODO: document."""

    def run(self, items: list[int], flag: bool = False) -> int:
        total = 0
        for item in items:
            if item > 0 and not flag or item % 2:
                total += item
            elif item < -10:
                log.warning(f"negative {item!r} in {self.name['x']}")
        return sum(x for x in items if x) if total else 0

    def describe(self) -> str:
        return """multi
        line""" + 'single' + b"bytes".decode()
`)
    }

def main_${i}() -> None:
    try:
        Service0().run([1, 2, 3])
    except ValueError as error:  # FIXME: narrow this
        log.error("failed: %s", error)
`,
  ruby: (i) =>
    `# frozen_string_literal: true

require "json"
require_relative "../support/helper_${i % 40}"
require "shop/part_${i % 30}"

module Shop
  # Prices come from the table. TODO: cache them.
  module Pricing${i}
${
      repeat(4 + random(4), (m) =>
        `    def price_${m}(sku, qty = 1)
      return 0 unless sku && qty.positive?

      table = { "apple" => 3, "pear" => 4 }
      price = table.fetch(sku) { raise ArgumentError, "unknown #{sku.inspect}" }
      qty > 10 ? price * qty * 0.9 : price * qty
    end
`)
    }
    SQL = <<~SQL
      SELECT * FROM prices WHERE sku = 'require "x"'
    SQL
    WORDS = %w[alpha beta gamma]
    PATTERN = /require\\s+"(\\w+)"/
  end
end
`,
  elixir: (i) =>
    `defmodule Shop.Module${i} do
  @moduledoc """
  Carts and prices. alias Fake.Module in docs.
  """
  alias Shop.{Cart, Pricing}
  import Ecto.Query, only: [from: 2]
  require Logger

${
      repeat(4 + random(4), (f) =>
        `  def fun_${f}(cart, sku) when is_binary(sku) do
    # TODO: merge lines
    case Pricing.price_of(sku) do
      {:ok, price} when price > 0 -> [%{sku: sku, price: price} | cart]
      _ -> Logger.warning(~s(ignored "#{sku}")); cart
    end
  end

  defp helper_${f}(items), do: Enum.reduce(items, 0, fn x, acc -> acc + x end)
`)
    }
end
`,
  php: (i) =>
    `<?php

declare(strict_types=1);

namespace App\\Services\\Group${i % 25};

use App\\Models\\{User, Order};
use Psr\\Log\\LoggerInterface;
use function App\\format_money;

final class Service${i} extends BaseService implements \\JsonSerializable
{
    use HasLogger;

    private const TEMPLATE = <<<EOT
    Dear {$i}, use App\\Hidden;
    EOT;

${
      repeat(4 + random(4), (m) =>
        `    public function handle${m}(User $user, ?Order $order = null): string
    {
        // TODO: split this method
        if ($order === null || $user->id() <= 0) {
            return 'none';
        }
        $status = match (true) {
            $order->total() > 1000 => 'review',
            default => 'ok',
        };
        foreach ($order->lines() as $line) {
            $this->log->info("line {$line['sku']}" . format_money($line['cents'] ?? 0));
        }
        return $status ?: 'empty';
    }
`)
    }
    public function jsonSerialize(): mixed
    {
        return ['class' => self::class];
    }
}
`,
};

const languages: Language[] = [python, ruby, elixir, php];
const extensions: Record<string, string> = { python: ".py", ruby: ".rb", elixir: ".ex", php: ".php" };
const root = mkdtempSync(join(tmpdir(), "bench-extract-dynamic-"));
try {
  for (const language of languages) {
    const dir = join(root, language.id);
    mkdirSync(dir, { recursive: true });
    const paths: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const path = join(dir, `file_${i}${extensions[language.id]}`);
      writeFileSync(path, generators[language.id]!(i));
      paths.push(path);
    }
    const texts = paths.map((path) => readFileSync(path, "utf8"));
    const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      for (let i = 0; i < texts.length; i++) language.extract(texts[i]!, paths[i]!);
      best = Math.min(best, performance.now() - start);
    }
    const seconds = best / 1000;
    console.log(
      `${language.name.padEnd(7)} ${COUNT} files, ${(bytes / 1e6).toFixed(1)} MB: ` +
        `${Math.round(COUNT / seconds)} files/s, ${(bytes / 1e6 / seconds).toFixed(1)} MB/s (${best.toFixed(0)} ms)`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
