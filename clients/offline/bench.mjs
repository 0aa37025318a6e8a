// The offline engine's benchmark in Node (benchmarks/offline.py runs it): the engine's start,
// its CPU time, then the Python code of EIGHTHALF_OFFLINE_CODE run in Pyodide once, then each expression of
// the JSON list EIGHTHALF_OFFLINE_CALLS evaluated in turn, with the CPU time it took this
// process (process.cpuUsage: the machine's other work does not count) and its wall time.
import fs from "node:fs";
import { startEngine } from "./support.mjs";

const { engine, startMs } = await startEngine();
const started = process.cpuUsage(); // this process's CPU time so far: Node's own start, then the engine's
engine.pyodide.runPython(fs.readFileSync(process.env.EIGHTHALF_OFFLINE_CODE, "utf8"));
const calls = [];
for (const call of JSON.parse(process.env.EIGHTHALF_OFFLINE_CALLS)) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const value = engine.pyodide.runPython(call);
  const used = process.cpuUsage(cpu);
  calls.push({ call, value, cpu_s: (used.user + used.system) / 1e6, wall_s: (performance.now() - wall) / 1000 });
}
console.log(JSON.stringify({ start_ms: startMs, start_cpu_s: (started.user + started.system) / 1e6, calls }));
