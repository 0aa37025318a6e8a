// A server drained mid-game (SIGTERM: it closes each websocket with 1012 and exits), then started
// again on the same port and database: the client connects again with its token by itself and
// plays the game to its end; a move made while it is away is refused unsent (not-connected).

import assert from "node:assert/strict";
import { once } from "node:events";
import { test } from "node:test";
import { TableConnection, createTable, joinTable } from "../src/client.js";
import { BOUND, chooser, playToEnd, startServer, temporary } from "./support.mjs";

for (const [game, how] of [["Eights", "drained"], ["8½", "killed"]]) {
  test(`the client plays on after its server is ${how} and started again (${game})`, BOUND, async () => {
    const { directory, remove } = temporary();
    const servers = [await startServer(directory)];
    try {
      const { url, port } = servers[0];
      const table = await createTable(url, { game, players: 2, seats: [null, "greedy"], seed: 7 });
      const { token } = await joinTable(url, table.id, 0, "Anna");
      // waits of 50 ms for ever: the test, not the client, bounds how long the restart takes
      const connection = TableConnection.open({ url, table: table.id, token, backoff: () => ({ *[Symbol.iterator]() { for (;;) yield 50; } }) });
      const changes = [];
      connection.on("status", (change) => {
        changes.push(change);
        if (process.env.DEBUG_CLIENT) console.log(change);
      });
      await connection.ready();
      let away = null;
      const result = await playToEnd(connection, chooser(11), {
        before: async (state, moves) => {
          if (moves !== 2 || away !== null) return;
          const lost = new Promise((resolve) => {
            const stop = connection.on("status", (change) => {
              if (change.status === "reconnecting" && change.code !== undefined) {
                stop();
                resolve(change);
              }
            });
          });
          servers[0].child.kill(how === "drained" ? "SIGTERM" : "SIGKILL");
          away = await lost;
          await servers[0].exited;
          // while it is away, a move is refused, unsent
          const refused = await connection.move(state.moves[0]).catch((error) => error);
          assert.equal(refused.code, "not-connected");
          const back = connection.next("welcome", { now: false });
          servers.push(await startServer(directory, port));
          await back;
        },
      });
      // a drain closes with 1012; Node 20's WebSocket sometimes reports the close as 1006 (the process exits at once)
      assert.ok((how === "drained" ? [1012, 1006] : [1006]).includes(away.code), String(away.code));
      assert.ok(result.moves > 2);
      assert.notEqual(result.state.result, null);
      assert.equal(changes.filter((change) => change.status === "open").length, 2);
      connection.close();
      await connection.closed;
    } finally {
      for (const server of servers) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill("SIGKILL");
          await once(server.child, "exit");
        }
      }
      remove();
    }
  });
}
