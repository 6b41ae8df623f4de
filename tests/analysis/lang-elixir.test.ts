import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { extractElixir } from "../../analysis/languages/elixir/mod.ts";
import { fixtureRepo, writeFiles } from "../helpers/repo.ts";

const test = suite("elixir");
const importsOf = (src: string) => extractElixir(src).imports.map((i) => `${i.specifier}@${i.line}`);

test("languageOf() claims .ex and .exs files for Elixir", () => {
  assert.is(languageOf("lib/shop.ex")?.id, "elixir");
  assert.is(languageOf("test/shop_test.exs")?.id, "elixir");
});

test("extract() finds alias, import, require and use, expanding aliases and __MODULE__", () => {
  const src = [
    "defmodule Shop.Cart do",
    "  alias Shop.{Pricing, Billing.Gateway}",
    "  alias Shop.Accounts, as: Acc",
    "  import Ecto.Query, only: [from: 2]",
    "  require Logger",
    "  use GenServer, restart: :temporary",
    "  alias __MODULE__.Item",
    "  import Acc.User",
    "  alias :crypto, as: Crypto",
    "  alias Shop.{",
    "    Tax,",
    "    Money",
    "  }",
    "  use Gateway",
    "end",
  ].join("\n");
  assert.equal(importsOf(src), [
    "Shop.Pricing@2",
    "Shop.Billing.Gateway@2",
    "Shop.Accounts@3",
    "Ecto.Query@4",
    "Logger@5",
    "GenServer@6",
    "Shop.Cart.Item@7",
    "Shop.Accounts.User@8",
    ":crypto@9",
    "Shop.Tax@10",
    "Shop.Money@10",
    "Shop.Billing.Gateway@14",
  ]);
});

test("extract() ignores directives in comments, strings, heredocs, sigils and charlists", () => {
  const src = [
    "defmodule A do",
    '  @moduledoc """',
    "  alias Fake.Heredoc",
    '  """',
    "  # alias Commented.Out",
    '  @s "import Fake.String #{inspect("alias Fake.Nested")} #{\'"\'}"',
    "  @c 'use Fake.Charlist'",
    "  @r ~r/alias (\\w+)/",
    "  @S ~S(import Fake.Sigil)",
    "  @w ~w[use Fake.Words]",
    '  @q ?"',
    '  @h ~H"""',
    "  <p>require Fake.Template</p>",
    '  """',
    "  alias Real.Module",
    "end",
  ].join("\n");
  assert.equal(importsOf(src), ["Real.Module@15"]);
});

test("extract() declares modules with nested names, protocols and implementations; types and functions", () => {
  const src = [
    "defmodule Shop.Cart do",
    "  defmodule Item do",
    "    defstruct [:sku]",
    "  end",
    "  def add(cart, 0), do: cart",
    "  def add(cart, n), do: [n | cart]",
    "  defp total(items), do: length(items)",
    "  defmacro with_cart(do: block), do: block",
    "end",
    "defprotocol Shop.Payable do",
    "  def pay(item)",
    "end",
    "defimpl Shop.Payable, for: Shop.Cart do",
    "  def pay(_), do: :ok",
    "end",
    "defmodule Shop.Gateway do",
    "  @callback charge(integer) :: :ok",
    "end",
  ].join("\n");
  const facts = extractElixir(src);
  assert.equal(facts.declares, [
    "Shop.Cart",
    "Shop.Cart.Item",
    "Shop.Payable",
    "Shop.Payable.Shop.Cart",
    "Shop.Gateway",
  ]);
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}@${t.line}`), [
    "Shop.Cart:false@1",
    "Shop.Cart.Item:false@2",
    "Shop.Payable:true@10",
    "Shop.Payable.Shop.Cart:false@13",
    "Shop.Gateway:true@16",
  ]);
  // Shop.Cart: add (two clauses, one name), total, with_cart; Shop.Payable: pay; the impl: pay
  assert.is(facts.functions, 5);
});

test("extract() counts decision points: clause arrows but not a fn's own, and the keyword forms", () => {
  const src = [
    "def f(x) do",
    "  case x do",
    "    {:ok, v} -> v", // arm: 1
    "    _ -> nil", // arm: 2
    "  end",
    "  Enum.map(xs, fn y -> y end)", // a single-clause fn: no decision
    "  cond do",
    "    x > 1 and x < 5 -> :mid", // and, arm: 4
    "    x || false -> :truthy", // ||, arm: 6
    "  end",
    "  if x, do: 1, else: 2", // if: 7
    "  unless x && y, do: 3", // unless, &&: 9
    "  with {:ok, a} <- x do a end", // with: 10
    "  for y <- xs, do: y", // for: 11
    '  s = "if unless -> and"',
    "rescue",
    "  e in ArgumentError -> e", // rescue clause arm: 12
    "end",
  ].join("\n");
  assert.is(extractElixir(src).complexity, 12);
});

test("extract() measures nesting and finds markers in comments", () => {
  const src = [
    "defmodule A do",
    "  def f do",
    "    case 1 do",
    "      _ -> :ok",
    "    end",
    "  end",
    "end",
    "# TODO: more clauses",
    '@doc "FIXME not a marker"',
  ].join("\n");
  const facts = extractElixir(src);
  assert.is(facts.nesting, 3);
  assert.equal(facts.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@8"]);
});

test("extract() leaves pipes, guards and aligned arguments out of nesting", () => {
  const src = [
    "defmodule A do",
    "  def put(conn, key, value)",
    "                     when is_binary(key) do", // a guard aligned with the head
    "    conn",
    "    |> assign(key, value)", // a pipe
    "    |> send(",
    "      200,", // one level deeper, as mix format writes it
    "      value", // an argument after a trailing comma
    "    )",
    "  end",
    "end",
  ].join("\n");
  assert.is(extractElixir(src).nesting, 3);
});

test("extract() reads CRLF files and a UTF-8 BOM", () => {
  const src = "\ufeffdefmodule A do\r\n  alias B.C\r\n  def f, do: 1\r\nend\r\n";
  const facts = extractElixir(src);
  assert.equal(facts.imports.map((i) => `${i.specifier}@${i.line}`), ["B.C@2"]);
  assert.equal(facts.declares, ["A"]);
  assert.is(facts.lines, 4);
  assert.is(facts.nesting, 1);
});

test("analyze() resolves the Elixir fixture through declared modules", () => {
  const root = fixtureRepo("lang-elixir");
  writeFiles(root, {
    "lib/shop/crlf.ex": "defmodule Shop.Crlf do\r\n  alias Shop.Billing\r\nend\r\n",
    "lib/shop/bom.ex": "\ufeffdefmodule Shop.Bom do\n  import Shop.Cart\nend\n",
  });
  const report = analyze(root);
  assert.equal(report.edges.map((e) => `${e.from} -> ${e.to} @${e.line} ${e.specifier}${e.coarse ? " coarse" : ""}`), [
    "lib/shop.ex -> lib/shop/cart.ex @7 Shop.Cart",
    "lib/shop.ex -> lib/shop/pricing.ex @7 Shop.Pricing",
    "lib/shop/bom.ex -> lib/shop/cart.ex @2 Shop.Cart",
    "lib/shop/cart.ex -> lib/shop/pricing.ex @2 Shop.Pricing",
    "lib/shop/crlf.ex -> lib/shop/billing.ex @2 Shop.Billing",
    "lib/shop_web/controllers/cart_controller.ex -> lib/shop_web.ex @2 ShopWeb",
    "lib/shop_web/controllers/cart_controller.ex -> lib/shop/cart.ex @3 Shop.Cart",
    "lib/shop_web/controllers/cart_controller.ex -> lib/shop/accounts/user.ex @4 Shop.Accounts coarse",
    "test/cart_test.exs -> lib/shop/cart.ex @3 Shop.Cart",
  ]);
  assert.equal(report.externals.map((e) => `${e.file} ${e.name} ${e.specifier}`), [
    "lib/shop/accounts/user.ex Ecto Ecto.Schema",
    "lib/shop/cart.ex Logger Logger",
    "lib/shop_web.ex Phoenix Phoenix.Controller",
    // Shop is local but nothing local starts with Shop.Crypto: another package's namespace.
    "lib/shop_web/controllers/cart_controller.ex Shop.Crypto Shop.Crypto.Signer",
    "mix.exs Mix Mix.Project",
    "test/cart_test.exs ExUnit ExUnit.Case",
  ]);
  assert.equal(report.unresolved.map((u) => `${u.file} ${u.specifier} (${u.reason})`), [
    "lib/shop_web/controllers/cart_controller.ex Shop.Missing (no file defines Shop.Missing)",
  ]);
  const billing = report.files.find((f) => f.path === "lib/shop/billing.ex")!;
  // a behaviour (@callback): abstract; one rescue clause arrow
  assert.equal([billing.types, billing.abstractTypes, billing.complexity], [1, 1, 1]);
  const payable = report.files.find((f) => f.path === "lib/shop/payable.ex")!;
  assert.equal([payable.types, payable.abstractTypes, payable.functions], [2, 1, 2]);
  const cart = report.files.find((f) => f.path === "lib/shop/cart.ex")!;
  // if and `and` (line 13); the fn clause on line 22 is no decision
  assert.equal([cart.complexity, cart.nesting, cart.functions], [2, 3, 3]);
  assert.equal(cart.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@12"]);
});

test.run();
