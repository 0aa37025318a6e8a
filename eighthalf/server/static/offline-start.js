// The offline table's start (offline/index.html): the engine in Pyodide, and the table page's
// connection to it. The page's address chooses the game: ?game=eights (a key or a name;
// 8½ by default), seed=N (a fresh deal without it), bots=greedy,random (the other seats'),
// name=… and pause=MS (the wait before each bot's move, 400 ms by default).
import { loadEngine, OfflineConnection } from "./offline.js";

const params = new URLSearchParams(location.search);
const here = (path) => new URL(path, location.href).href;
const started = performance.now();

const engine = fetch("offline.json")
  .then((answer) => answer.json())
  .then((manifest) => loadEngine({ indexURL: here(manifest.pyodide), archives: manifest.archives.map(here) }));

function settings(options) {
  const table = { game: params.get("game") || "8½" };
  if (/^\d{1,15}$/.test(params.get("seed") || "")) table.seed = Number(params.get("seed"));
  if (params.get("bots")) table.seats = [null, ...params.get("bots").split(",")];
  return { table, id: options.table || "offline", lang: options.lang, name: params.get("name") || "you" };
}

// table.js opens its connection with this instead of a websocket's (client.js: TableConnection.open).
globalThis.eighthalfConnect = (options) => {
  const table = engine.then((loaded) => {
    const opened = loaded.openTable(settings(options));
    document.body.dataset.engineMs = String(Math.round(performance.now() - started));
    return opened;
  });
  table.catch((error) => {
    console.error(error);
    document.getElementById("turn").textContent = String(error.message || error).split("\n").slice(-2).join(" ");
  });
  const pause = /^\d{1,5}$/.test(params.get("pause") || "") ? Number(params.get("pause")) : 400;
  return OfflineConnection.open(table, pause);
};
