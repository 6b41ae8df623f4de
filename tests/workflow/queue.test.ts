import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ToolError } from "../../core/errors.ts";
import { WriteQueue } from "../../workflow/queue.ts";

const test = suite("WriteQueue: one write at a time");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("runs jobs one at a time, in the order they arrive", async () => {
  const queue = new WriteQueue();
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const job = (name: string, ms: number) => async () => {
    running++;
    most = Math.max(most, running);
    log.push(`start ${name}`);
    await sleep(ms);
    log.push(`end ${name}`);
    running--;
    return name;
  };
  const results = await Promise.all([
    queue.run("a", job("a", 30)),
    queue.run("b", job("b", 5)),
    queue.run("c", job("c", 10)),
  ]);
  assert.equal(results, ["a", "b", "c"]);
  assert.is(most, 1);
  assert.equal(log, ["start a", "end a", "start b", "end b", "start c", "end c"]);
});

test("a job that reaches the queue while another runs waits, and knows what runs", async () => {
  const queue = new WriteQueue();
  let release!: () => void;
  const first = queue.run("first", () => new Promise<void>((resolve) => (release = resolve)));
  await sleep(5);
  assert.is(queue.running, "first");
  let secondStarted = false;
  const second = queue.run("second", () => {
    secondStarted = true;
  });
  assert.is(queue.size, 2);
  await sleep(20);
  assert.not.ok(secondStarted, "waits while the first runs");
  release();
  await Promise.all([first, second]);
  assert.ok(secondStarted);
  assert.is(queue.size, 0);
  assert.is(queue.running, undefined);
});

test("a failing job rejects its own caller only; the queue goes on", async () => {
  const queue = new WriteQueue();
  const failed = queue.run("bad", () => {
    throw new RangeError("nope");
  });
  const next = queue.run("good", () => 42);
  try {
    await failed;
    assert.unreachable();
  } catch (error) {
    assert.instance(error, RangeError);
  }
  assert.is(await next, 42);
});

test("close waits for queued jobs and refuses new ones with a 503", async () => {
  const queue = new WriteQueue();
  let done = false;
  queue.run("slow", async () => {
    await sleep(30);
    done = true;
  });
  await queue.close();
  assert.ok(done, "the queued write finished before close resolved");
  try {
    await queue.run("late", () => 1);
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ToolError);
    assert.is((error as ToolError).status, 503);
  }
});

test.run();
