// A typed front-end of the eighthalf server in a terminal: it makes a table with a bot, takes a
// seat, draws each state it is sent as text and plays until the game is over. Checked with
// `tsc --strict --noEmit -p examples/tsconfig.json` (tests/server/test_js_client.py).
// Run it against a server: node --experimental-strip-types examples/table.ts http://127.0.0.1:8000
// (Node 22.6 or later; or compile it with tsc first).

import {
  MoveRefused,
  TableConnection,
  createTable,
  joinTable,
  type EightsPlayerView,
  type PlayerView,
  type StateMessage,
} from "../src/client.js";

/** One line of what a seat sees: its own cards, and what it may play. */
export function describe(state: StateMessage): string {
  const view = state.view;
  let own: string;
  if (view.type === "PlayerView") {
    own = `8½: the call is ${view.call_halves / 2}, hand ${hand8(view)}`; // the type narrows the view
  } else if (view.type === "eights.PlayerView") {
    own = `Eights: hand ${eights(view)}`;
  } else {
    own = `a ${view.type}`;
  }
  const moves = state.moves.length ? `moves: ${state.moves.join(", ")}` : "waiting";
  return `#${state.number} ${own}; ${moves}`;
}

function eights(view: EightsPlayerView): string {
  return view.hand === null ? "hidden" : view.hand.join(" ");
}

function hand8(view: PlayerView): string {
  const seat = view.seat === null ? null : view.seats[view.seat];
  return seat && seat.hand !== null ? seat.hand : "hidden";
}

/** Play seat 0 of a new table of `game` against a greedy bot: the result's text. */
export async function playAgainstABot(url: string, game: "8½" | "Eights"): Promise<string> {
  const table = await createTable(url, { game, players: 2, seats: [null, "greedy"] });
  const { token } = await joinTable(url, table.id, 0, "Anna");
  const connection = TableConnection.open({ url, table: table.id, token });
  connection.on("invalid", (error) => console.error(`refused a frame at ${error.path}: ${error.reason}`));
  connection.on("status", (change) => {
    if (change.status === "reconnecting" && change.wait !== undefined) console.log(`lost (${change.code}); again in ${change.wait} ms`);
  });
  await connection.ready();
  for (;;) {
    const state = await connection.next((frame) => frame.type === "state" && (frame.result !== null || frame.moves.length > 0));
    if (state.type !== "state") continue;
    console.log(describe(state));
    if (state.result !== null) {
      connection.close();
      return state.result.text;
    }
    try {
      await connection.move(state.moves[0]);
    } catch (error) {
      if (!(error instanceof MoveRefused)) throw error;
      console.log(`refused (${error.code}${error.rule ? `, ${error.rule}` : ""}): ${error.text}`);
    }
  }
}

const url = process.argv[2];
if (url) console.log(await playAgainstABot(url, process.argv[3] === "Eights" ? "Eights" : "8½"));
