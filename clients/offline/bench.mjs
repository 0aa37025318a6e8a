// The offline engine's benchmark in Node (benchmarks/offline.py runs it): the engine's start,
// then the Python code of EIGHTHALF_OFFLINE_CODE run in Pyodide, whose last expression's value
// (a JSON text) is printed with the start's milliseconds.
import fs from "node:fs";
import { startEngine } from "./support.mjs";

const { engine, startMs } = await startEngine();
const answer = engine.pyodide.runPython(fs.readFileSync(process.env.EIGHTHALF_OFFLINE_CODE, "utf8"));
console.log(JSON.stringify({ start_ms: startMs, answer: JSON.parse(answer) }));
