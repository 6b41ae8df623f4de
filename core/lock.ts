import { linkSync, lstatSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ToolError } from "./errors.ts";
import { readInside } from "./inside.ts";
import { currentOwner, isAlive } from "./process.ts";

/** How long a writer waits for a live owner before giving up with 409. */
export const LOCK_WAIT_MS = 10_000;
/** A lock whose owner cannot be read (being written, or left by an older tool) is stale after this. */
const UNREADABLE_STALE_MS = 2_000;
const RETRY_MS = 25;

type Owner = { pid: number; start: string | null; token: string };

/**
 * Runs `fn` holding the lock of a folder: the file `<dir>/.lock`, which names its owner
 * (pid, process start time, a token). The server and the CLI, separate processes, share it.
 *
 * - The lock is created by link(2) from a temp file already holding the owner, so it appears
 *   whole or not at all, and of two writers exactly one gets it.
 * - A lock whose owner is gone (no such pid, or the pid reused by a later process) is taken
 *   over at once; a live owner is waited for, asynchronously (never blocking the event loop:
 *   the server keeps answering meanwhile), for at most LOCK_WAIT_MS, then 409.
 * - Release removes the lock only while it still holds this owner's token.
 */
export async function withLock<T>(root: string, dir: string, fn: () => T | Promise<T>, waitMs = LOCK_WAIT_MS): Promise<T> {
  const lock = join(dir, ".lock");
  const owner: Owner = { ...currentOwner(), token: Math.random().toString(36).slice(2, 12) };
  const temp = `${lock}.${owner.pid}-${owner.token}.tmp`;
  writeFileSync(temp, JSON.stringify(owner));
  try {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        linkSync(temp, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const held = readOwner(root, lock);
      if (held ? !isAlive(held) : unreadableFor(lock) > UNREADABLE_STALE_MS) {
        takeOver(root, lock, held);
        continue;
      }
      if (Date.now() > deadline) {
        throw new ToolError("busy", `${lock} is held by ${held ? `process ${held.pid}` : "another process"}; try again when it is done`, 409);
      }
      await sleep(RETRY_MS);
    }
  } finally {
    unlinkSync(temp);
  }
  try {
    return await fn();
  } finally {
    if (readOwner(root, lock)?.token === owner.token) unlinkSync(lock);
  }
}

function readOwner(root: string, lock: string): Owner | undefined {
  try {
    const value = JSON.parse(readInside(root, lock)) as Partial<Owner>;
    if (typeof value.pid === "number" && typeof value.token === "string") return { pid: value.pid, start: value.start ?? null, token: value.token };
  } catch {
    // being replaced, a folder left by an older tool, or not ours at all
  }
  return undefined;
}

/** How long the lock has been there, unreadable; 0 when it is gone. */
function unreadableFor(lock: string): number {
  try {
    return Date.now() - lstatSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Removes a dead owner's lock. It is first renamed aside, then checked to be the lock that was
 * judged dead: two writers taking over at once must not remove the lock one of them just took.
 */
function takeOver(root: string, lock: string, dead: Owner | undefined): void {
  const aside = `${lock}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // already released or taken over by another
  }
  const moved = readOwner(root, aside);
  if (moved && moved.token !== dead?.token) {
    // A live lock was moved aside: put it back unless someone holds the lock already.
    try {
      linkSync(aside, lock);
    } catch {
      // taken meanwhile: that writer holds it now
    }
  }
  removeAside(aside);
}

function removeAside(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    try {
      rmdirSync(path); // a `.lock` folder left by a tool of the earlier protocol
    } catch {
      // gone already
    }
  }
}
