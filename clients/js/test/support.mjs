// What the Node tests share: the server under test, a server of their own to drain and restart,
// and a player that plays a seat's legal moves until the game is over.
//
// tests/server/test_js_client.py runs these tests (node --test) with EIGHTHALF_TEST_URL, the
// server it started, and EIGHTHALF_PYTHON, the Python that runs `python -m eighthalf serve` for
// the tests that start their own. Every wait is on an event (a frame, a line, an exit); the
// tests' timeouts are only a bound for a hung server.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { createInterface } from "node:readline";

/** The server the tests play on (started by the pytest test). */
export function serverUrl() {
  const url = process.env.EIGHTHALF_TEST_URL;
  if (!url) throw new Error("EIGHTHALF_TEST_URL is not set: run these tests from tests/server/test_js_client.py");
  return url;
}

/** A bound on any one test (a hung server, not a slow one: the tests wait on events). */
export const BOUND = { timeout: 180_000 };

/** A server process of a test's own: `python -m eighthalf serve` on loopback, a SQLite file in `directory`. */
export async function startServer(directory, port = 0) {
  const python = process.env.EIGHTHALF_PYTHON;
  if (!python) throw new Error("EIGHTHALF_PYTHON is not set: run these tests from tests/server/test_js_client.py");
  const args = ["-m", "eighthalf", "serve", "--host", "127.0.0.1", "--port", String(port)];
  args.push("--db", path.join(directory, "tables.sqlite3"));
  const child = spawn(python, args, { cwd: directory, stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors = (errors + chunk).slice(-4000);
  });
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    if (line.startsWith("eighthalf serve: http://127.0.0.1:")) {
      const url = line.split(" ")[2].replace(/\/+$/, "");
      return { url, port: Number(url.split(":")[2]), child, exited, logs: () => errors };
    }
  }
  throw new Error(`the server did not start: ${errors}`);
}

/** A temporary folder, removed by the returned function. */
export function temporary() {
  const directory = mkdtempSync(path.join(tmpdir(), "eighthalf-js-"));
  return { directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** A seeded chooser among moves (a small LCG: the same moves each run). */
export function chooser(seed) {
  let value = seed >>> 0;
  return (moves) => {
    value = (Math.imul(value, 1664525) + 1013904223) >>> 0;
    return moves[value % moves.length];
  };
}

/**
 * Play the connection's seat until the game is over: each time it is to move, one of its legal
 * moves (`choose`), awaited until the server shows it made. The final state.
 */
export async function playToEnd(connection, choose, hooks = {}) {
  let moves = 0;
  for (;;) {
    const state = await connection.next((frame) => frame.type === "state" && (frame.result !== null || frame.moves.length > 0));
    if (state.result !== null) return { state, moves };
    if (hooks.before) await hooks.before(state, moves);
    const made = await connection.move(choose(state.moves));
    moves += 1;
    if (made.result !== null) return { state: made, moves };
  }
}
