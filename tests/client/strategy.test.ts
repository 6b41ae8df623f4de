import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ExponentialJitterRetryStrategy, parseRetryAfter } from "../../client/retry.ts";

const ALMOST_ONE = 1 - Number.EPSILON;

const jitter = suite("ExponentialJitterRetryStrategy");

jitter("random() = 0 waits 0 ms", () => {
  const strategy = new ExponentialJitterRetryStrategy(100, 5000, () => 0);
  for (let retry = 0; retry < 10; retry++) assert.is(strategy.delay(retry), 0);
});

jitter("random() close to 1 waits (almost) the cap, which doubles per retry", () => {
  const strategy = new ExponentialJitterRetryStrategy(100, 100_000, () => ALMOST_ONE);
  const delays = [0, 1, 2, 3, 4].map((retry) => strategy.delay(retry));
  const expected = [100, 200, 400, 800, 1600];
  delays.forEach((delay, i) => {
    const cap = expected[i] ?? 0;
    assert.ok(delay < cap && delay > cap - 1e-6, `retry ${i}: ${delay} vs ${cap}`);
  });
});

jitter("random() = 0.5 grows by powers of two until the ceiling", () => {
  const strategy = new ExponentialJitterRetryStrategy(10, 100, () => 0.5);
  assert.equal([0, 1, 2, 3, 4, 5].map((retry) => strategy.delay(retry)), [5, 10, 20, 40, 50, 50]);
});

jitter("never waits more than maxDelayMs, even after many retries", () => {
  const strategy = new ExponentialJitterRetryStrategy(7, 250, () => ALMOST_ONE);
  for (let retry = 0; retry < 2000; retry++) {
    const delay = strategy.delay(retry);
    assert.ok(delay >= 0 && delay <= 250, `retry ${retry}: ${delay}`);
  }
});

jitter("stays within [0, cap) with the real random source", () => {
  const strategy = new ExponentialJitterRetryStrategy(50, 300);
  for (let i = 0; i < 1000; i++) {
    const retry = i % 8;
    const delay = strategy.delay(retry);
    assert.ok(delay >= 0 && delay < strategy.cap(retry), `retry ${retry}: ${delay}`);
  }
});

jitter("a zero base never waits, even with a huge exponent", () => {
  const strategy = new ExponentialJitterRetryStrategy(0, 1000, () => ALMOST_ONE);
  assert.is(strategy.delay(5000), 0);
});

jitter("Retry-After is obeyed exactly, up to maxDelayMs", () => {
  const strategy = new ExponentialJitterRetryStrategy(100, 2000, () => 0);
  assert.is(strategy.delay(0, 1500), 1500);
  assert.is(strategy.delay(0, 120_000), 2000);
  assert.is(strategy.delay(3, 0), 0);
});

jitter("rejects negative or non-finite delays", () => {
  assert.throws(() => new ExponentialJitterRetryStrategy(-1, 100), RangeError);
  assert.throws(() => new ExponentialJitterRetryStrategy(1, Infinity), RangeError);
  assert.throws(() => new ExponentialJitterRetryStrategy(Number.NaN, 100), RangeError);
});

const header = suite("parseRetryAfter()");

header("reads delay-seconds", () => {
  assert.is(parseRetryAfter("2"), 2000);
  assert.is(parseRetryAfter(" 0 "), 0);
});

header("reads an HTTP date relative to now", () => {
  const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
  assert.is(parseRetryAfter("Wed, 21 Oct 2015 07:28:03 GMT", now), 3000);
  assert.is(parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now), 0);
});

header("ignores a missing or unreadable header", () => {
  assert.is(parseRetryAfter(undefined), undefined);
  assert.is(parseRetryAfter(""), undefined);
  assert.is(parseRetryAfter("soon"), undefined);
  assert.is(parseRetryAfter("-5"), undefined);
});

jitter.run();
header.run();
