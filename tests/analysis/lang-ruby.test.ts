import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { languageOf } from "../../analysis/languages/mod.ts";
import { extractRuby } from "../../analysis/languages/ruby/mod.ts";
import { RUBY_AUTOLOAD_WARNING } from "../../analysis/resolve/ruby.ts";
import { fixtureRepo, writeFiles } from "../helpers/repo.ts";

const test = suite("ruby");
const importsOf = (src: string, path = "lib/x.rb") =>
  extractRuby(src, path).imports.map((i) => `${i.kind} ${i.specifier}@${i.line}`);

test("languageOf() claims .rb and .rake files for Ruby", () => {
  assert.is(languageOf("lib/shop.rb")?.id, "ruby");
  assert.is(languageOf("lib/tasks/db.rake")?.id, "ruby");
});

test("extract() finds require, require_relative, load and autoload with their lines", () => {
  const src = [
    'require "json"',
    "require_relative 'shop/cart'",
    'require_relative "../up"',
    'require("set")',
    'load "tasks/seed.rake"',
    'autoload :Billing, "shop/billing"',
    'autoload(:Tax, "shop/tax")',
    'require "#{dir}/dynamic"',
    "Kernel.require 'qualified_is_skipped'",
  ].join("\n");
  assert.equal(importsOf(src), [
    "require json@1",
    "require ./shop/cart@2",
    "require ../up@3",
    "require set@4",
    "require tasks/seed.rake@5",
    "dynamic shop/billing@6",
    "dynamic shop/tax@7",
  ]);
});

test("extract() reads a require inside a method as loaded on call (dynamic), and one in a class body or a block as loaded with the file", () => {
  const src = [
    'require "sidekiq/version"',
    "module Sidekiq",
    '  require "sidekiq/config"',
    "  def self.testing!(mode = :fake)",
    '    raise "unknown" unless mode',
    "    if mode == :fake",
    '      require "sidekiq/test_api"',
    "    end",
    "  end",
    "  private def embed",
    '    require_relative "embedded"',
    "  end",
    "  [1].each do |x|",
    '    require "sidekiq/each"',
    "  end",
    '  require "sidekiq/after"',
    "end",
  ].join("\n");
  assert.equal(importsOf(src), [
    "require sidekiq/version@1",
    "require sidekiq/config@3",
    "dynamic sidekiq/test_api@7",
    "dynamic ./embedded@11",
    "require sidekiq/each@14",
    "require sidekiq/after@16",
  ]);
});

test("extract() ignores requires in comments, strings, %-literals, regexes, heredocs and =begin blocks", () => {
  const src = [
    '# require "commented"',
    'x = "require \'in_string\' #{h["k"]} still"',
    "y = %q(require 'percent' (nested))",
    "z = %w[require x]",
    'r = /require "regex"/',
    "sql = <<~SQL.strip + <<-TWO",
    '  require "heredoc"',
    "SQL",
    '  require "second heredoc"',
    "  TWO",
    "=begin",
    'require "block"',
    "=end",
    "a = b / 2; c = d / e",
    'q = "quote: #{\'"\'} and #{x.map { |y| "#{y}" }}"',
    'require "real"',
    "__END__",
    'require "data section"',
  ].join("\n");
  assert.equal(importsOf(src), ["require real@16"]);
});

test("extract() declares the load-path folders a file adds", () => {
  const src = [
    '$LOAD_PATH.unshift File.expand_path("../lib", __dir__)',
    '$: << File.join(__dir__, "vendor", "lib")',
    '$LOAD_PATH.unshift(File.expand_path("../../ext", __FILE__))',
    "$LOAD_PATH << some_variable",
  ].join("\n");
  assert.equal(extractRuby(src, "script/seed.rb").declares, [
    "$LOAD_PATH:lib",
    "$LOAD_PATH:script/vendor/lib",
    "$LOAD_PATH:ext",
  ]);
});

test("extract() finds classes and modules; abstract classes and mixin modules", () => {
  const src = [
    "class Gateway",
    "  def charge",
    "    raise NotImplementedError",
    "  end",
    "end",
    "class ApplicationRecord < ActiveRecord::Base",
    "  self.abstract_class = true",
    "end",
    "module Pricing",
    "  def price_of(sku); end",
    "end",
    "module Util",
    "  module_function",
    "  def helper; end",
    "end",
    "module Shop",
    "  class Cart < Base; end",
    "  class << self",
    "  end",
    "end",
    "module Trackable",
    "  extend ActiveSupport::Concern",
    "end",
    "def top_level; end",
    "def self.not_top_level; end",
  ].join("\n");
  const facts = extractRuby(src, "lib/x.rb");
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}@${t.line}`), [
    "Gateway:true@1",
    "ApplicationRecord:true@6",
    "Pricing:true@9",
    "Util:false@12",
    "Shop:false@16",
    "Cart:false@17",
    "Trackable:true@21",
  ]);
  assert.is(facts.functions, 1);
});

test("extract() counts decision points, modifiers and ternaries but not hash keys or symbols", () => {
  const src = [
    "def f(x, y)",
    "  if x && y", // if, &&: 2
    "    1",
    "  elsif x || y", // elsif, ||: 4
    "    2",
    "  end",
    "  return 0 unless x", // unless: 5
    "  while x; x -= 1; end", // while: 6
    "  until y; y += 1; end", // until: 7
    "  for i in 1..3 do end", // for: 8
    "  case x",
    "  when 1 then :a", // when: 9
    "  when 2 then :b", // when: 10
    "  end",
    "  z = x.nil? ? 1 : 2", // ternary: 11 (the `?` of nil? is no decision)
    "  x and y or z", // and, or: 13
    "  validates :name, if: :present?, unless: :blank?",
    "  @memo ||= compute", // ||=: 14
    '  s = "if unless while"',
    "rescue StandardError", // rescue: 15
    "  nil",
    "end",
  ].join("\n");
  assert.is(extractRuby(src, "x.rb").complexity, 15);
});

test("extract() measures nesting from the source, finds markers in comments and =begin blocks", () => {
  const src = [
    "module A",
    "  class B",
    "    def c",
    "      %w[a b].each do |x|",
    "        puts x",
    "      end",
    "    end",
    "  end",
    "end",
    "# TODO: split",
    "=begin",
    "FIXME: old docs",
    "=end",
  ].join("\n");
  const facts = extractRuby(src, "x.rb");
  assert.is(facts.nesting, 4);
  assert.equal(facts.markers.map((m) => `${m.kind}@${m.line}`), ["TODO@10", "FIXME@12"]);
});

test("extract() leaves aligned continuation lines out of nesting", () => {
  const src = [
    "def accept",
    "  @accept ||= header",
    "                .to_s", // a method chain aligned under `=`: no nesting
    "                .split(',')",
    "  validates :name,",
    "            presence: true", // an argument after a trailing comma
    "  total = a +",
    "          b",
    "end",
  ].join("\n");
  assert.is(extractRuby(src, "x.rb").nesting, 1);
});

test("extract() reads CRLF files and a UTF-8 BOM", () => {
  const src =
    '\ufeffrequire "json"\r\nrequire_relative "cart"\r\nclass A\r\n  def f\r\n    raise NotImplementedError\r\n  end\r\nend\r\n';
  const facts = extractRuby(src, "lib/x.rb");
  assert.equal(facts.imports.map((i) => `${i.specifier}@${i.line}`), ["json@1", "./cart@2"]);
  assert.equal(facts.types.map((t) => `${t.name}:${t.abstract}`), ["A:true"]);
  assert.is(facts.lines, 7);
  assert.is(facts.nesting, 2);
});

test("RUBY_AUTOLOAD_WARNING says constant autoloading makes no edges", () => {
  assert.match(RUBY_AUTOLOAD_WARNING, /Zeitwerk/);
});

test("analyze() resolves the Ruby fixture through lib/, the gemspecs, $LOAD_PATH and each gem's spec/", () => {
  const root = fixtureRepo("lang-ruby");
  writeFiles(root, {
    "lib/shop/crlf.rb": 'require_relative "version"\r\nrequire "shop/cart"\r\n',
    "lib/shop/bom.rb": '\ufeffrequire "shop/pricing"\n',
  });
  const report = analyze(root);
  assert.equal(report.edges.map((e) => `${e.from} -> ${e.to} ${e.kind} @${e.line} ${e.specifier}`), [
    "lib/shop.rb -> lib/shop/version.rb require @4 shop/version",
    "lib/shop.rb -> lib/shop/cart.rb require @5 ./shop/cart",
    "lib/shop.rb -> lib/shop/billing.rb dynamic @9 shop/billing",
    "lib/shop/bom.rb -> lib/shop/pricing.rb require @1 shop/pricing",
    "lib/shop/cart.rb -> lib/shop/pricing.rb require @2 ./pricing",
    "lib/shop/crlf.rb -> lib/shop/version.rb require @1 ./version",
    "lib/shop/crlf.rb -> lib/shop/cart.rb require @2 shop/cart",
    "plugins/shop-rack/lib/rack/shop.rb -> lib/shop.rb require @2 shop",
    "plugins/shop-rack/spec/shop_spec.rb -> plugins/shop-rack/spec/spec_helper.rb require @1 spec_helper",
    "plugins/shop-rack/spec/spec_helper.rb -> plugins/shop-rack/lib/rack/shop.rb require @1 rack/shop",
    "script/seed.rb -> lib/shop.rb require @3 shop",
    "spec/cart_spec.rb -> spec/spec_helper.rb require @1 spec_helper",
    "spec/spec_helper.rb -> lib/shop.rb require @1 shop",
  ]);
  // rack is a gem even though the shop-rack gem adds files under lib/rack/: no rack.rb is local.
  assert.equal(report.externals.map((e) => `${e.file} ${e.name}`), [
    "lib/shop.rb json",
    "lib/shop/cart.rb bigdecimal",
    "plugins/shop-rack/lib/rack/shop.rb rack",
  ]);
  assert.equal(report.unresolved.map((u) => `${u.file} ${u.specifier} (${u.reason})`), [
    "script/seed.rb shop/missing (no such file in the load path (lib/))",
    "script/seed.rb ../../outside (outside the repository)",
  ]);
  const billing = report.files.find((f) => f.path === "lib/shop/billing.rb")!;
  // Shop, Billing (namespaces), Gateway (raises NotImplementedError: abstract), Fake
  assert.equal([billing.types, billing.abstractTypes], [4, 1]);
  // || and the modifier if (line 12), rescue (line 15)
  assert.is(billing.complexity, 3);
  const pricing = report.files.find((f) => f.path === "lib/shop/pricing.rb")!;
  assert.equal([pricing.types, pricing.abstractTypes, pricing.complexity], [2, 1, 1]);
  assert.equal(pricing.markers.map((m) => `${m.kind}@${m.line}`), ["FIXME@11"]);
  assert.is(report.files.find((f) => f.path === "script/seed.rb")!.functions, 1);
});

test.run();
