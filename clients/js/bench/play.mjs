// The JavaScript client's side of `python -m benchmarks.clients`: play every seat it is given
// (a JSON file of {url, seats: [{table, token}]}) to the end of its game, each seat choosing the
// first of its legal moves, and print what it received and what that cost this process.
//
//   node --experimental-websocket clients/js/bench/play.mjs SEATS.json

import { readFileSync } from "node:fs";
import { TableConnection } from "../src/client.js";

const { url, seats } = JSON.parse(readFileSync(process.argv[2], "utf8"));
let frames = 0;
let moves = 0;

async function playSeat({ table, token }) {
  const connection = TableConnection.open({ url, table, token });
  connection.on("frame", () => {
    frames += 1;
  });
  for (;;) {
    const state = await connection.next((frame) => frame.type === "state" && (frame.result !== null || frame.moves.length > 0));
    if (state.result !== null) break;
    const made = await connection.move(state.moves[0]);
    moves += 1;
    if (made.result !== null) break;
  }
  connection.close();
  await connection.closed;
}

const cpuBefore = process.cpuUsage();
const began = performance.now();
await Promise.all(seats.map(playSeat));
const wall = (performance.now() - began) / 1000;
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({ frames, moves, wall, cpu: (cpu.user + cpu.system) / 1e6 }));
