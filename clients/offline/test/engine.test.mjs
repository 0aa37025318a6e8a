// The engine in Pyodide, in Node: seeded games and refusals, the same as CPython's
// (tests/server/test_offline_node.py writes what CPython gave into EIGHTHALF_OFFLINE_EXPECTED).
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { startEngine } from "../support.mjs";

const expected = JSON.parse(fs.readFileSync(process.env.EIGHTHALF_OFFLINE_EXPECTED, "utf8"));
const { engine } = await startEngine();

test("the engine runs on Pyodide's Python", () => {
  const version = engine.pyodide.runPython("import sys; '.'.join(map(str, sys.version_info[:2]))");
  assert.ok(Number(version.split(".")[1]) >= 10, version);
});

for (const game of expected.games) {
  test(`a seeded game of ${game.settings.table.game} ends in CPython's final state`, () => {
    const table = engine.openTable(game.settings);
    const frames = [table.frame()];
    let person = 0;
    for (;;) {
      while (table.botToMove()) frames.push(table.botMove());
      const frame = frames[frames.length - 1];
      if (frame.result !== null) break;
      const move = game.moves[person];
      person += 1;
      frames.push(table.move(move, frame.number));
    }
    assert.deepEqual(frames.map((frame) => frame.number), game.numbers);
    assert.deepEqual(frames[frames.length - 1], game.last);
    assert.deepEqual(table.final(), game.final);
    table.close();
  });
}

test("the refusals are CPython's, word for word", () => {
  for (const each of expected.refusals) {
    const table = engine.openTable(each.settings);
    const number = table.frame().number;
    const got = each.tries.map((text) => table.move(text, number));
    assert.deepEqual(got, each.errors);
    table.close();
  }
});
