// The engine in the browser: eighthalf's own Python, run by Pyodide, with no server at all
// (docs: "Build a front-end", "The engine in the browser"). For browsers and Node alike.
//
// loadEngine() starts Pyodide from its own files (indexURL: nothing is fetched from a CDN),
// unpacks the wheels of eighthalf, attrs and typing-extensions into its site-packages, and
// imports eighthalf.server.offline. engine.openTable(settings) is a table of one person and
// the built-in bots whose messages are the server's, as JSON objects (welcome, state, error).
// OfflineConnection is a TableConnection of client.js played on such a table: the table page
// (table.js) plays offline through it, with the same drawing and the same refusals.

const ENGINE_MODULE = "eighthalf.server.offline";

/**
 * Start Pyodide and eighthalf in it.
 * @param {object} options
 * @param {string} options.indexURL  The folder of Pyodide's files (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip …), ending in "/".
 * @param {Array<string|Uint8Array>} options.archives  The wheels (or zip archives of site-packages) to unpack: addresses, or their bytes.
 * @param {Function} [options.loadPyodide]  Pyodide's loadPyodide (by default imported from indexURL's pyodide.mjs).
 */
export async function loadEngine({ indexURL, archives, loadPyodide }) {
  const load = loadPyodide || (await import(`${indexURL}pyodide.mjs`)).loadPyodide;
  const pyodide = await load({ indexURL, packages: [] });
  const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const archive of archives) {
    const bytes = typeof archive === "string" ? new Uint8Array(await (await fetch(archive)).arrayBuffer()) : archive;
    pyodide.unpackArchive(bytes, "zip", { extractDir: site });
  }
  const engine = pyodide.pyimport(ENGINE_MODULE);
  return {
    pyodide,
    /** A new offline table: settings as eighthalf.server.offline.open_table takes them ({table, name, id, lang}). */
    openTable(settings) {
      const table = engine.open_table(JSON.stringify(settings));
      const json = (text) => (text === undefined || text === null ? null : JSON.parse(text));
      return {
        seat: table.seat === undefined ? null : table.seat,
        welcome: () => json(table.welcome()),
        frame: () => json(table.frame()),
        move: (text, number = null) => json(table.move(text, number)),
        botToMove: () => table.bot_to_move(),
        botMove: () => json(table.bot_move()),
        final: () => json(table.final()),
        recordText: () => table.record_text(),
        recordJson: () => json(table.record_json()),
        close: () => table.destroy(),
      };
    },
  };
}

/**
 * A connection of the table page (client.js's TableConnection: on, move, close, welcomed,
 * status) to an offline table: the person's moves are played at once, then each bot's
 * after `pause` milliseconds, as a server would send them.
 */
export class OfflineConnection {
  constructor(table, pause) {
    this.table = table;
    this.pause = pause;
    this.welcomed = false;
    this.offline = true; // table.js: no spectators' link, the record from the engine
    this.status = "connecting";
    this.listeners = { frame: [], status: [], invalid: [] };
    this.timer = null;
  }

  /** An opened connection to `table` (or to the table a promise gives): a welcome and the first state come next. */
  static open(table, pause = 400) {
    const connection = new OfflineConnection(null, pause);
    Promise.resolve(table).then((opened) => {
      if (connection.status === "closed") return;
      connection.table = opened;
      connection.status = "open";
      connection.welcomed = true;
      connection.emit("frame", connection.table.welcome());
      connection.emit("frame", connection.table.frame());
      connection.bots();
    }, () => {});
    return connection;
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
    return this;
  }

  emit(kind, value) {
    for (const listener of this.listeners[kind]) listener(value);
  }

  // The bots' moves, one after another, until the person is to move or the game is over.
  bots() {
    clearTimeout(this.timer);
    if (this.status !== "open" || !this.table.botToMove()) return;
    this.timer = setTimeout(() => {
      if (this.status !== "open") return;
      const frame = this.table.botMove();
      if (frame) this.emit("frame", frame);
      this.bots();
    }, this.pause);
  }

  /** Play the person's move: its state frame, or the error frame of its refusal, as the server sends them. */
  async move(text, { number = null } = {}) {
    if (!this.table) return Promise.reject(new Error("the engine is not loaded yet"));
    const answer = this.table.move(text, number);
    this.emit("frame", answer);
    if (answer.type === "error") return Promise.reject(Object.assign(new Error(answer.message), answer));
    this.bots();
    return answer;
  }

  /** The record's downloads (table.js: the result's links): the game's record text and its JSON document, as blob URLs. */
  recordLinks() {
    const blob = (text, type) => URL.createObjectURL(new Blob([text], { type }));
    return {
      text: blob(this.table.recordText(), "text/plain"),
      json: blob(JSON.stringify(this.table.recordJson()), "application/json"),
    };
  }

  reconnect() {}

  close() {
    clearTimeout(this.timer);
    this.status = "closed";
  }
}
