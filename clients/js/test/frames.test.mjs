// The client without a server: frames checked against their schemas (a bad one refused with a
// FrameError, the connection kept), moves before the welcome refused unsent, the backoff's waits.

import assert from "node:assert/strict";
import { test } from "node:test";
import { FrameError, MoveRefused, TableConnection, frameProblem, parseFrame, tableSocketUrl } from "../src/client.js";

/** A WebSocket that a test drives: it opens when told, and records what the client sends. */
class FakeSocket {
  static made = [];
  constructor(url) {
    this.url = url;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000, reason = "") {
    this.onclose({ code, reason });
  }
  // what the server does
  open() {
    this.onopen({});
  }
  frame(data) {
    this.onmessage({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
  drop(code, reason = "") {
    this.onclose({ code, reason });
  }
}

const SUMMARY = {
  id: "t1", game: "Eights", players: 2, rounds: 1, rules: { format: "eighthalf", version: 1, type: "Rules" },
  move_seconds: null, seeded: false, hints: false, rated: false, spectators: 0, started: true, moves: 0, to_move: 0, abandoned: false,
  result: null, created: 1,
  seats: [
    { seat: 0, name: "Anna", bot: null, open: false, connected: 1 },
    { seat: 1, name: null, bot: "greedy", open: false, connected: 0 },
  ],
};
const WELCOME = { type: "welcome", protocol: 1, seat: 0, lang: "en", table: SUMMARY, log: [] };
const STATE = {
  type: "state", table: "t1", seat: 0, number: 0, to_move: 0, started: true, view: { type: "PlayerView" },
  moves: ["5c", "d"], events: [], narration: [], last: null, result: null, seconds_left: null,
};

test("a frame is checked against its schema", () => {
  assert.equal(frameProblem(WELCOME), null);
  assert.equal(frameProblem(STATE), null);
  assert.equal(frameProblem({ type: "pong" }), null);
  assert.equal(frameProblem([]), "$: expected a JSON object, not array");
  assert.equal(frameProblem({ type: "gossip" }), '$.type: expected one of welcome, state, seats, votes, moved, error, pong, not "gossip"');
  assert.equal(frameProblem({ ...STATE, seat: "0" }), "$.seat: matches none of its forms");
  assert.equal(frameProblem({ ...STATE, number: -1 }), "$.number: below 0");
  assert.equal(frameProblem({ ...STATE, extra: 1 }), "$.extra: unknown key");
  const { moves, ...noMoves } = STATE;
  assert.equal(frameProblem(noMoves), "$.moves: missing");
  assert.equal(frameProblem({ ...WELCOME, protocol: 2 }), "$.protocol: expected 1");
  assert.equal(frameProblem({ ...STATE, moves: ["5c", 5] }), "$.moves[1]: expected string, not number");
  // a game or a bot of the server's registry that the shipped schemas do not name: a name
  assert.equal(frameProblem({ ...WELCOME, table: { ...SUMMARY, game: "Shedding" } }), null);
  assert.throws(() => parseFrame("{"), (error) => error instanceof FrameError && error.path === "$" && error.frame === "{");
  assert.throws(
    () => parseFrame(JSON.stringify({ ...STATE, to_move: 9 })),
    (error) => error instanceof FrameError && error.code === "bad-frame" && error.path === "$.to_move",
  );
});

test("the websocket address follows the server's", () => {
  assert.equal(tableSocketUrl("http://127.0.0.1:8000/", "a b"), "ws://127.0.0.1:8000/ws/a%20b");
  assert.equal(tableSocketUrl("https://cards.example", "t"), "wss://cards.example/ws/t");
});

test("a bad frame is refused with a FrameError and the connection kept; a move before the welcome is not sent", async () => {
  FakeSocket.made = [];
  const connection = TableConnection.open({ url: "http://server", table: "t1", token: "secret", lang: "nl", WebSocket: FakeSocket });
  const socket = FakeSocket.made[0];
  assert.equal(socket.url, "ws://server/ws/t1");
  assert.equal(connection.status, "connecting");
  const early = await connection.move("5c").catch((error) => error);
  assert.ok(early instanceof MoveRefused);
  assert.equal(early.code, "not-connected");
  socket.open();
  assert.deepEqual(socket.sent, [{ type: "hello", token: "secret", lang: "nl" }]);
  const invalid = [];
  const frames = [];
  connection.on("invalid", (error) => invalid.push(error));
  connection.on("frame", (frame) => frames.push(frame.type));
  socket.frame("not json");
  socket.frame({ ...WELCOME, seat: "me" });
  assert.equal(invalid.length, 2);
  assert.ok(invalid.every((error) => error instanceof FrameError));
  assert.equal(invalid[1].path, "$.seat");
  assert.equal(connection.status, "connecting"); // kept, still waiting for a welcome
  socket.frame(WELCOME);
  socket.frame(STATE);
  assert.deepEqual(frames, ["welcome", "state"]);
  assert.equal(connection.status, "open");
  assert.deepEqual(connection.moves, ["5c", "d"]);
  // a move: sent with the number of its state, answered by the state that shows it made
  const made = connection.move("5c");
  assert.deepEqual(socket.sent.at(-1), { type: "move", move: "5c", number: 0 });
  const after = { ...STATE, number: 1, to_move: 1, moves: [], last: { seat: 0, move: "5c", timed_out: false } };
  socket.frame(after);
  assert.deepEqual(await made, after);
  // a refused one: the error frame's code, rule and text
  const refused = connection.move("zz", { number: null });
  assert.deepEqual(socket.sent.at(-1), { type: "move", move: "zz" });
  socket.frame({ type: "error", code: "not-your-turn", message: "not your turn", rule: null, text: "Not yet." });
  const error = await refused.catch((failure) => failure);
  assert.ok(error instanceof MoveRefused);
  assert.deepEqual([error.code, error.move, error.rule, error.text], ["not-your-turn", "zz", null, "Not yet."]);
  // a move still unanswered when the connection drops: connection-lost; then one while reconnecting: not sent
  const lost = connection.move("d");
  socket.drop(1012, "service restart");
  assert.equal((await lost.catch((failure) => failure)).code, "connection-lost");
  assert.equal(connection.status, "reconnecting");
  assert.equal((await connection.move("d").catch((failure) => failure)).code, "not-connected");
  assert.deepEqual(connection.moves, []);
  connection.close();
  assert.equal((await connection.closed).code, 1000);
});

test("after a drop it connects again after each wait of its backoff, read anew after each welcome", async () => {
  FakeSocket.made = [];
  const changes = [];
  const connection = TableConnection.open({ url: "http://server", table: "t1", WebSocket: FakeSocket, backoff: [0, 1] });
  connection.on("status", (change) => changes.push([change.status, change.code, change.wait]));
  const welcomed = () => {
    FakeSocket.made.at(-1).open();
    FakeSocket.made.at(-1).frame({ ...WELCOME, seat: null });
  };
  welcomed();
  const again = () => new Promise((resolve) => {
    const stop = connection.on("status", (change) => {
      if (change.status === "reconnecting" && change.wait === undefined) {
        stop();
        resolve();
      }
    });
  });
  FakeSocket.made.at(-1).drop(1006);
  await again();
  FakeSocket.made.at(-1).drop(1013);
  await again();
  welcomed(); // the waits start over
  FakeSocket.made.at(-1).drop(1012);
  await again();
  FakeSocket.made.at(-1).drop(1006);
  await again();
  FakeSocket.made.at(-1).drop(1006); // the backoff is spent: closed for good
  const closed = await connection.closed;
  assert.equal(closed.code, 1006);
  assert.equal(FakeSocket.made.length, 5);
  assert.equal((await connection.ready().catch((error) => error)).code, "connection-lost");
  assert.deepEqual(changes.map(([status, code, wait]) => `${status}:${code ?? ""}:${wait ?? ""}`), [
    "open::", "reconnecting:1006:0", "reconnecting::", "reconnecting:1013:1", "reconnecting::", "open::",
    "reconnecting:1012:0", "reconnecting::", "reconnecting:1006:1", "reconnecting::", "closed:1006:",
  ]);
  // a close the protocol calls final (a bad token, no such table, a policy) is not retried
  FakeSocket.made = [];
  const refused = TableConnection.open({ url: "http://server", table: "t1", token: "x", WebSocket: FakeSocket });
  FakeSocket.made[0].open();
  FakeSocket.made[0].frame({ type: "error", code: "bad-token", message: "no seat has that token", rule: null, text: "no seat has that token" });
  FakeSocket.made[0].drop(4401);
  assert.equal((await refused.closed).code, 4401);
  assert.equal(FakeSocket.made.length, 1);
  assert.equal((await refused.ready().catch((error) => error)).code, "bad-token");
});
