// Whole games of both games against the server under test, through the client: a seat plays its
// legal moves until the game ends, a spectator follows, and the server refuses moves with reasons.

import assert from "node:assert/strict";
import { test } from "node:test";
import { ClientError, MoveRefused, TableConnection, createTable, getTable, joinTable } from "../src/client.js";
import { BOUND, chooser, playToEnd, serverUrl } from "./support.mjs";

for (const [game, seed] of [["8½", 3], ["Eights", 5]]) {
  test(`a seat plays a whole game of ${game} against a bot, and a spectator follows it`, BOUND, async () => {
    const url = serverUrl();
    const table = await createTable(url, { game, players: 2, seats: [null, "greedy"], seed });
    assert.equal(table.game, game);
    const spectator = TableConnection.open({ url, table: table.id });
    const watched = [];
    spectator.on("state", (state) => watched.push(state));
    const welcome = await spectator.ready();
    assert.equal(welcome.seat, null);
    assert.equal(spectator.seat, null);

    const { token, seat } = await joinTable(url, table.id, 0, "Anna");
    assert.equal(seat, 0);
    const connection = TableConnection.open({ url, table: table.id, token, lang: "fr" });
    const invalid = [];
    connection.on("invalid", (error) => invalid.push(error));
    assert.equal((await connection.ready()).seat, 0);
    assert.equal(connection.welcome.lang, "fr");

    const { state, moves } = await playToEnd(connection, chooser(seed));
    assert.ok(moves > 0);
    assert.deepEqual(connection.moves, []);
    assert.equal(state.result.scores.length, 2);
    const after = await connection.move("anything").catch((error) => error);
    assert.ok(after instanceof MoveRefused);
    assert.equal(after.code, "game-over");

    const end = await spectator.next((frame) => frame.type === "state" && frame.result !== null);
    assert.deepEqual(end.result, state.result);
    assert.ok(watched.every((frame) => frame.seat === null && frame.moves.length === 0));
    assert.equal((await getTable(url, table.id)).result.text, state.result.text);
    assert.deepEqual(invalid, []);
    connection.close();
    spectator.close();
    assert.deepEqual(await connection.closed, { code: 1000, reason: "closed by the client" });
    await spectator.closed;
  });
}

test("the server's refusals come back as MoveRefused, with their code, rule and reason", BOUND, async () => {
  const url = serverUrl();
  const table = await createTable(url, { game: "8½", players: 2, seats: [null, "greedy"], seed: 3 });
  const { token } = await joinTable(url, table.id, 0, "Anna");
  const connection = TableConnection.open({ url, table: table.id, token });
  const errors = [];
  connection.on("error", (frame) => errors.push(frame.code));
  const mine = await connection.next((frame) => frame.type === "state" && frame.moves.length > 0);

  const refusedWith = (promise) => promise.then(() => assert.fail("the move was made"), (error) => error);
  const notation = await refusedWith(connection.move("zz"));
  assert.ok(notation instanceof MoveRefused && notation instanceof ClientError);
  assert.equal(notation.code, "bad-move");
  assert.equal(notation.move, "zz");
  const stale = await refusedWith(connection.move(mine.moves[0], { number: mine.number + 5 }));
  assert.equal(stale.code, "stale");
  // a play the engine refuses (the state lists them, with the reason and the rule): the same reason
  const [play, why] = Object.entries(mine.refused || {})[0] || [];
  assert.ok(play !== undefined, "8½ lists the plays it refuses");
  assert.deepEqual(connection.refusal(play), why);
  const illegal = await refusedWith(connection.move(play));
  assert.equal(illegal.code, "illegal-move");
  assert.equal(illegal.rule, why.rule);
  assert.equal(illegal.text, why.reason);
  assert.equal(connection.refusal("no such play"), null);
  // nothing changed: the seat still moves from the same position
  const made = await connection.move(mine.moves[0]);
  assert.equal(made.number, mine.number + 1);
  assert.equal(made.last.seat, 0);
  assert.deepEqual(errors, ["bad-move", "stale", "illegal-move"]);
  const pong = await connection.ping();
  assert.equal(pong.type, "pong");
  connection.close();
  await connection.closed;
});

test("a spectator's move is refused as not-seated, and a bad token closes for good", BOUND, async () => {
  const url = serverUrl();
  const table = await createTable(url, { game: "Eights", players: 2, seats: [null, "random"] });
  const spectator = TableConnection.open({ url, table: table.id });
  await spectator.ready();
  const refused = await spectator.move("x").catch((error) => error);
  assert.equal(refused.code, "not-seated");
  spectator.close();

  // two people: the one not to move is refused as not-your-turn, and neither moves before both sit
  const pair = await createTable(url, { game: "Eights", players: 2, seats: [null, null], seed: 2 });
  const first = TableConnection.open({ url, table: pair.id, token: (await joinTable(url, pair.id, 0, "Anna")).token });
  const waiting = await first.next("state");
  assert.equal(waiting.started, false);
  assert.equal((await first.move("x").catch((error) => error)).code, "not-started");
  const second = TableConnection.open({ url, table: pair.id, token: (await joinTable(url, pair.id, 1, "Ben")).token });
  const started = await second.next((frame) => frame.type === "state" && frame.started);
  const idle = started.to_move === 0 ? second : first;
  await idle.next((frame) => frame.type === "state" && frame.started);
  assert.equal((await idle.move("x").catch((error) => error)).code, "not-your-turn");
  first.close();
  second.close();

  const stranger = TableConnection.open({ url, table: table.id, token: "not a token", backoff: [] });
  const closed = await stranger.closed;
  assert.equal(closed.code, 4401);
  assert.equal(stranger.lastError.code, "bad-token");
  const never = await stranger.ready().catch((error) => error);
  assert.ok(never instanceof ClientError);
  assert.equal(never.code, "bad-token");

  const nowhere = TableConnection.open({ url, table: "no-such-table" });
  assert.equal((await nowhere.closed).code, 4404);
  await assert.rejects(joinTable(url, "no-such-table", 0, "Anna"), (error) => error instanceof ClientError && error.code === "no-table");
  await assert.rejects(joinTable(url, table.id, 1, "Anna"), (error) => error.code === "seat-taken");
});
