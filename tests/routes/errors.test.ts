import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hono } from "hono";
import { z } from "zod";
import { ToolError } from "../../core/errors.ts";
import { pickEncoding } from "../../routes/cached.ts";
import { errorStatus, onError } from "../../routes/errors.ts";
import { readJson, readQuery } from "../../routes/validate.ts";

const test = suite("errors to statuses, in one place; validation messages name the field");

test("errorStatus maps ToolError to its status, bad input to 400, the rest to 500", () => {
  assert.is(errorStatus(new ToolError("conflict", "busy", 409)), 409);
  assert.is(errorStatus(new ToolError("unknown-task", "no", 404)), 404);
  assert.is(errorStatus(new TypeError("x")), 400);
  assert.is(errorStatus(new RangeError("x")), 400);
  assert.is(errorStatus(new SyntaxError("x")), 400);
  assert.is(errorStatus(new Error("x")), 500);
});

const Body = z.strictObject({
  task: z.string(),
  count: z.number().int().max(50).optional(),
  nested: z.object({ flag: z.boolean() }).optional(),
});
const app = new Hono();
app.onError(onError);
app.post("/echo", async (c) => c.json(await readJson(c, Body)));
app.get("/q", (c) => c.json(readQuery(c, z.object({ file: z.string().min(1) }))));

async function errorOf(body: string): Promise<[number, string]> {
  const res = await app.request("/echo", { method: "POST", body, headers: { "content-type": "application/json" } });
  return [res.status, (await res.json()).error];
}

test("readJson: 400 for bad JSON, a missing field, a wrong type, an unknown field; each named", async () => {
  assert.equal(await errorOf("{"), [400, (await errorOf("{"))[1]]);
  assert.match((await errorOf("{"))[1], /not valid JSON/);
  assert.match((await errorOf("{}"))[1], /"task" is required/);
  assert.match((await errorOf('{"task": 1}'))[1], /"task" expected string, received number/);
  assert.match((await errorOf('{"task": "a", "count": 99}'))[1], /"count" .*50/);
  assert.match((await errorOf('{"task": "a", "nested": {"flag": "yes"}}'))[1], /"nested\.flag"/);
  assert.match((await errorOf('{"task": "a", "extra": 1}'))[1], /unknown field "extra"/);
  assert.match((await errorOf("[]"))[1], /Invalid body/);
  const ok = await app.request("/echo", { method: "POST", body: '{"task":"a"}' });
  assert.equal(await ok.json(), { task: "a" });
});

test("readQuery names the missing parameter", async () => {
  const res = await app.request("/q");
  assert.is(res.status, 400);
  assert.match((await res.json()).error, /Invalid query: "file" is required/);
});

test("an unexpected error is a 500 with { error } and no stack", async () => {
  const broken = new Hono();
  broken.onError(onError);
  broken.get("/", () => {
    throw new Error("kaput");
  });
  const original = console.error;
  console.error = () => {};
  try {
    const res = await broken.request("/");
    assert.is(res.status, 500);
    const body = await res.json();
    assert.equal(Object.keys(body), ["error"]);
    assert.not.match(body.error, /at /);
  } finally {
    console.error = original;
  }
});

test("pickEncoding prefers brotli, then gzip, and honours q=0", () => {
  assert.is(pickEncoding("gzip, deflate, br, zstd"), "br");
  assert.is(pickEncoding("gzip"), "gzip");
  assert.is(pickEncoding("br;q=0, gzip;q=0.5"), "gzip");
  assert.is(pickEncoding("*"), "gzip");
  assert.is(pickEncoding("identity"), undefined);
  assert.is(pickEncoding(null), undefined);
});

test.run();
