// What the offline engine's Node test and benchmark share: Pyodide from this package's
// node_modules, and the archives to unpack into it, named by EIGHTHALF_OFFLINE_ARCHIVES
// (paths joined by the path delimiter: the pure wheel of eighthalf, attrs, typing-extensions).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import { loadEngine } from "../../eighthalf/server/static/offline.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The engine started in Node, and the milliseconds its start took. */
export async function startEngine() {
  const listed = process.env.EIGHTHALF_OFFLINE_ARCHIVES;
  if (!listed) throw new Error("EIGHTHALF_OFFLINE_ARCHIVES names no archive (tests/server/test_offline_node.py sets it)");
  const started = performance.now();
  const archives = listed.split(path.delimiter).map((file) => new Uint8Array(fs.readFileSync(file)));
  const indexURL = `${path.join(here, "node_modules", "pyodide")}${path.sep}`;
  const engine = await loadEngine({ indexURL, archives, loadPyodide });
  return { engine, startMs: performance.now() - started };
}
