// eighthalf-client: a client of eighthalf's game server (python -m eighthalf serve), for browsers
// and Node, with no dependencies. It speaks the server's websocket protocol (docs: "Playing over a
// network"): hello, then welcome, state, seats, votes, moved, error and pong frames; moves and their refusals;
// reconnects with a backoff after a drop or a drain (close 1012). Every frame is checked against
// the server's JSON Schema (frames.js, generated from eighthalf/schemas) before anyone sees it.
// The types are in client.d.ts and ../types/schemas.d.ts. The server's table page runs this file
// (eighthalf/server/static/client.js is a copy, made by scripts/generate.mjs).

import { FRAME_SCHEMAS } from "./frames.js";

/** The protocol version this client speaks (the welcome's ``protocol``). */
export const PROTOCOL_VERSION = 1;

/** The milliseconds waited before each attempt to connect again, as the Python client's RECONNECT_BACKOFF. */
export const RECONNECT_BACKOFF = Object.freeze([100, 250, 500, 1000, 2000, 4000, 8000, 8000]);

/** The close codes after which the client does not connect again (docs: "Close codes"). */
export const FINAL_CLOSE_CODES = Object.freeze([1000, 1007, 1008, 1009, 4401, 4404]);

// ------------------------------------------------------------------ errors

/** Something the server refused, or that did not go as the protocol says: `code` says what. */
export class ClientError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "ClientError";
    this.code = code;
  }
}

/** A frame that is not JSON or does not match its schema: refused, and the connection kept. */
export class FrameError extends ClientError {
  constructor(path, reason, frame) {
    super("bad-frame", `${path}: ${reason}`);
    this.name = "FrameError";
    this.path = path;
    this.reason = reason;
    this.frame = frame;
  }
}

/** A move the server refused (its error frame's code, message, rule and text), or one never sent. */
export class MoveRefused extends ClientError {
  constructor(code, message, move, rule = null, text = message) {
    super(code, message);
    this.name = "MoveRefused";
    this.move = move;
    this.rule = rule;
    this.text = text;
  }
}

// ------------------------------------------------------------------ the frames' schemas

const kindOf = (value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

function isType(value, type) {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    default:
      return kindOf(value) === type;
  }
}

const same = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);

// Why `value` does not match `schema` (of the frame whose $defs are `defs`), or null: a pair
// [where, what], `where` the path below `value` (".seat", "[3].move", "" for `value` itself).
// The path is written only for a value that does not match, so a frame that does costs no strings.
function problem(value, schema, defs) {
  if (schema === true || schema === undefined) return null;
  if (schema === false) return ["", "not allowed"];
  if (schema.$ref) return problem(value, defs[schema.$ref.slice("#/$defs/".length)], defs);
  if (typeof schema.type === "string") {
    if (!isType(value, schema.type)) return ["", `expected ${schema.type}, not ${kindOf(value)}`];
  } else if (schema.type !== undefined && !schema.type.some((type) => isType(value, type))) {
    return ["", `expected ${schema.type.join(" or ")}, not ${kindOf(value)}`];
  }
  if ("const" in schema && !same(value, schema.const)) return ["", `expected ${JSON.stringify(schema.const)}`];
  if (schema.enum && !schema.enum.some((each) => same(value, each))) {
    return ["", `expected one of ${schema.enum.map((each) => JSON.stringify(each)).join(", ")}`];
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return ["", `below ${schema.minimum}`];
    if (schema.maximum !== undefined && value > schema.maximum) return ["", `above ${schema.maximum}`];
  }
  if (typeof value === "string") {
    if (schema.minLength !== undefined || schema.maxLength !== undefined) {
      const length = [...value].length; // in code points, as JSON Schema counts
      if (schema.minLength !== undefined && length < schema.minLength) return ["", `shorter than ${schema.minLength}`];
      if (schema.maxLength !== undefined && length > schema.maxLength) return ["", `longer than ${schema.maxLength}`];
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) {
      return ["", `does not match ${schema.pattern}`];
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return ["", `fewer than ${schema.minItems} items`];
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return ["", `more than ${schema.maxItems} items`];
    const prefix = schema.prefixItems || [];
    for (let index = 0; index < value.length; index += 1) {
      const found = problem(value[index], index < prefix.length ? prefix[index] : schema.items, defs);
      if (found) return [`[${index}]${found[0]}`, found[1]];
    }
  } else if (kindOf(value) === "object") {
    if (schema.required) {
      for (const key of schema.required) {
        if (!Object.hasOwn(value, key)) return [`.${key}`, "missing"];
      }
    }
    const properties = schema.properties;
    for (const key in value) {
      const sub = properties && Object.hasOwn(properties, key) ? properties[key] : schema.additionalProperties;
      if (sub === false) return [`.${key}`, "unknown key"];
      const found = problem(value[key], sub, defs);
      if (found) return [`.${key}${found[0]}`, found[1]];
    }
  }
  if (schema.allOf) {
    for (const part of schema.allOf) {
      const found = problem(value, part, defs);
      if (found) return found;
    }
  }
  if (schema.oneOf) {
    let matching = 0;
    for (const part of schema.oneOf) if (problem(value, part, defs) === null) matching += 1;
    if (matching !== 1) return ["", matching ? "matches more than one of its forms" : "matches none of its forms"];
  }
  if (schema.anyOf && !schema.anyOf.some((part) => problem(value, part, defs) === null)) {
    return ["", "matches none of its forms"];
  }
  if (schema.if !== undefined) {
    const found = problem(value, problem(value, schema.if, defs) === null ? schema.then : schema.else, defs);
    if (found) return found;
  }
  return null;
}

/**
 * The problem of a frame a server sent (its parsed JSON), as `"$.seat: expected integer or null,
 * not string"`, or null when it matches its type's schema.
 */
export function frameProblem(data) {
  if (kindOf(data) !== "object") return `$: expected a JSON object, not ${kindOf(data)}`;
  const schema = Object.prototype.hasOwnProperty.call(FRAME_SCHEMAS, data.type) ? FRAME_SCHEMAS[data.type] : null;
  if (!schema) return `$.type: expected one of ${Object.keys(FRAME_SCHEMAS).join(", ")}, not ${JSON.stringify(data.type)}`;
  const found = problem(data, schema, schema.$defs || {});
  return found === null ? null : `$${found[0]}: ${found[1]}`;
}

/** The frame written `text`, parsed and checked (throws a FrameError). */
export function parseFrame(text) {
  let data;
  try {
    data = JSON.parse(String(text));
  } catch {
    throw new FrameError("$", "not JSON text", text);
  }
  const found = frameProblem(data);
  if (found !== null) {
    const at = found.indexOf(": ");
    throw new FrameError(found.slice(0, at), found.slice(at + 2), data);
  }
  return data;
}

// ------------------------------------------------------------------ the HTTP API

const base = (url) => String(url).replace(/\/+$/, "");

async function request(method, url, body, fetcher = globalThis.fetch) {
  let response;
  try {
    response = await fetcher(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    throw new ClientError("unreachable", `cannot reach ${url}: ${error && error.message ? error.message : error}`);
  }
  let doc = null;
  try {
    doc = await response.json();
  } catch {
    doc = null;
  }
  if (!response.ok) {
    const told = doc && doc.error && typeof doc.error.code === "string" ? doc.error : null;
    throw new ClientError(told ? told.code : "protocol", told ? told.message : `${method} ${url}: HTTP ${response.status}`);
  }
  return doc;
}

/** Make a table on the server at `url` (POST /api/tables): its summary. */
export function createTable(url, settings, options = {}) {
  return request("POST", `${base(url)}/api/tables`, settings, options.fetch);
}

/** Take `seat` of `table` under `name` (POST /api/tables/{id}/seats/{seat}): `{seat, token}`; keep the token secret. */
export function joinTable(url, table, seat, name, options = {}) {
  return request("POST", `${base(url)}/api/tables/${encodeURIComponent(table)}/seats/${seat}`, { name }, options.fetch);
}

/** A table's summary (GET /api/tables/{id}). */
export function getTable(url, table, options = {}) {
  return request("GET", `${base(url)}/api/tables/${encodeURIComponent(table)}`, undefined, options.fetch);
}

/** The websocket address of `table` on the server at `url` (http → ws, https → wss). */
export function tableSocketUrl(url, table) {
  const address = base(url);
  const scheme = address.startsWith("https:") ? "wss:" : "ws:";
  return `${scheme}${address.slice(address.indexOf("//"))}/ws/${encodeURIComponent(table)}`;
}

// ------------------------------------------------------------------ a table's connection

/**
 * One table followed over the websocket, as the seat of a token or as a spectator; it connects
 * again by itself after a drop or a drain. Make one with `TableConnection.open(options)`.
 */
export class TableConnection {
  constructor(options) {
    const { url, table, token = null, lang = null, backoff = RECONNECT_BACKOFF } = options;
    this.url = url;
    this.tableId = table;
    this.token = token;
    this.lang = lang;
    this._backoff = backoff;
    this._WebSocket = options.WebSocket || globalThis.WebSocket;
    if (typeof this._WebSocket !== "function") {
      throw new ClientError(
        "no-websocket",
        "no WebSocket here: pass options.WebSocket, or run Node 20 with --experimental-websocket (Node 22 has one)",
      );
    }
    this.status = "connecting";
    this.welcome = null;
    this.seat = null;
    this.table = null;
    this.state = null;
    this._current = false; // whether the latest state came on the open connection (not before a loss)
    this.lastError = null;
    this.closeCode = null;
    this.closeReason = "";
    this._listeners = new Map();
    this._pendingMoves = [];
    this._pings = [];
    this._waiters = [];
    this._socket = null;
    this._timer = null;
    this._waits = null;
    this._closing = false;
    this.closed = new Promise((resolve) => {
      this._resolveClosed = resolve;
    });
  }

  /** Open a connection (it connects at once). */
  static open(options) {
    const connection = new TableConnection(options);
    connection._connect();
    return connection;
  }

  /** Call `listener` on each event of `kind`; returns a function that stops it. */
  on(kind, listener) {
    const listeners = this._listeners.get(kind) || new Set();
    listeners.add(listener);
    this._listeners.set(kind, listeners);
    return () => listeners.delete(listener);
  }

  _emit(kind, value) {
    for (const listener of [...(this._listeners.get(kind) || [])]) {
      try {
        listener(value);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  /** The legal moves of this seat in the latest state (none unless it is to move). */
  get moves() {
    return this.state && this.welcomed && this._current ? [...this.state.moves] : [];
  }

  /** Whether the latest connection is welcomed and open. */
  get welcomed() {
    return this.status === "open";
  }

  /** The engine's reason why `move` (a play this seat might tap) is refused now, from the latest state, or null. */
  refusal(move) {
    const refused = this.state && this.state.refused;
    return refused && Object.prototype.hasOwnProperty.call(refused, move) ? refused[move] : null;
  }

  /**
   * The next frame that `test` accepts (a frame's type, or a function), or the latest state if
   * it passes and came on the open connection (unless `now` is false); rejects with a
   * ClientError once the connection is closed for good.
   */
  next(test, options = {}) {
    const accepts = typeof test === "function" ? test : (frame) => frame.type === test;
    if (options.now !== false && this.state && this.welcomed && this._current && accepts(this.state)) {
      return Promise.resolve(this.state);
    }
    if (this.status === "closed") return Promise.reject(this._closedError());
    return new Promise((resolve, reject) => this._waiters.push({ accepts, resolve, reject }));
  }

  /** The welcome of this connection, now if it is welcomed, else the next one. */
  ready() {
    return this.welcomed ? Promise.resolve(this.welcome) : this.next("welcome");
  }

  /**
   * Send a move in the game's notation: resolves with the state that shows it made, or rejects with
   * a MoveRefused: the server's refusal (code, message, rule, text in the connection's language);
   * `not-connected` at once, unsent, while the connection is not welcomed (before the welcome,
   * while it connects again after a drop or a drain); `connection-lost` when the connection closed
   * before any answer (the move may have been made: the next state says).
   * `number` is the number of moves made when it was chosen (default: the latest state's), so
   * that the server refuses it as `stale` once the game has moved on; null sends none.
   */
  move(text, options = {}) {
    if (!this.welcomed || !this._socket) {
      return Promise.reject(new MoveRefused("not-connected", "the connection is not open: choose again from the next state", text));
    }
    const number = options.number === undefined ? (this.state ? this.state.number : null) : options.number;
    const message = number === null ? { type: "move", move: text } : { type: "move", move: text, number };
    const at = this.state ? this.state.number : -1;
    return new Promise((resolve, reject) => {
      this._pendingMoves.push({ text, at, resolve, reject });
      this._socket.send(JSON.stringify(message));
    });
  }

  /** Send a ping: resolves with the pong (rejects with a ClientError if the connection closes first). */
  ping() {
    if (!this.welcomed || !this._socket) return Promise.reject(new ClientError("not-connected", "the connection is not open"));
    return new Promise((resolve, reject) => {
      this._pings.push({ resolve, reject });
      this._socket.send(JSON.stringify({ type: "ping" }));
    });
  }

  /** Connect again now (after a drop, before the backoff's wait is over), the waits starting over. */
  reconnect() {
    if (this.status === "closed") return;
    clearTimeout(this._timer);
    this._waits = null;
    if (this._socket) {
      const socket = this._socket;
      this._socket = null;
      socket.onclose = null;
      socket.close(1000, "reconnecting");
    }
    this._connect();
  }

  /** Close the connection for good (code 1000): no reconnect. */
  close() {
    if (this.status === "closed") return;
    clearTimeout(this._timer);
    this._closing = true;
    if (this._socket) this._socket.close(1000, "closed by the client");
    else this._finish(1000, "closed by the client");
  }

  _waitsLeft() {
    if (this._waits === null) {
      const backoff = typeof this._backoff === "function" ? this._backoff() : this._backoff;
      this._waits = backoff[Symbol.iterator]();
    }
    return this._waits;
  }

  _setStatus(status, details = {}) {
    this.status = status;
    this._emit("status", { status, ...details });
  }

  _connect() {
    const socket = new this._WebSocket(tableSocketUrl(this.url, this.tableId));
    this._socket = socket;
    this._setStatus(this.welcome ? "reconnecting" : "connecting");
    socket.onopen = () => {
      opened = true;
      const hello = { type: "hello" };
      if (this.token !== null) hello.token = this.token;
      if (this.lang !== null) hello.lang = this.lang;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => {
      if (this._socket === socket) this._receive(event.data);
    };
    let opened = false;
    let ended = false;
    const end = (code, reason) => {
      if (ended || this._socket !== socket) return;
      ended = true;
      this._closed(code, reason);
    };
    // A socket that fails before it opens ends here (Node 20's WebSocket sends no close then);
    // after it opened, the close that follows an error says how it ended.
    socket.onerror = () => {
      if (!opened) end(1006, "");
    };
    socket.onclose = (event) => end(event.code, event.reason || "");
  }

  _receive(text) {
    let frame;
    try {
      frame = parseFrame(text);
    } catch (error) {
      this._emit("invalid", error);
      return;
    }
    switch (frame.type) {
      case "welcome":
        this.welcome = frame;
        this.seat = frame.seat;
        this.table = frame.table;
        this._waits = null; // welcomed: the waits of the next loss start over
        this._setStatus("open", { seat: frame.seat });
        break;
      case "state":
        if (frame.table !== this.tableId) return;
        this.state = frame;
        this._current = true;
        if (this._pendingMoves.length && frame.last && frame.last.seat === this.seat && !frame.last.timed_out
          && frame.number > this._pendingMoves[0].at) {
          this._pendingMoves.shift().resolve(frame);
        }
        break;
      case "seats":
        if (this.table) this.table = { ...this.table, seats: frame.seats, started: frame.started };
        break;
      case "error":
        this.lastError = frame;
        if (this._pendingMoves.length) {
          const pending = this._pendingMoves.shift();
          pending.reject(new MoveRefused(frame.code, frame.message, pending.text, frame.rule, frame.text));
        }
        break;
      case "pong":
        if (this._pings.length) this._pings.shift().resolve(frame);
        break;
      default:
        break;
    }
    this._emit(frame.type, frame);
    this._emit("frame", frame);
    const waiting = this._waiters;
    this._waiters = [];
    for (const waiter of waiting) {
      if (waiter.accepts(frame)) waiter.resolve(frame);
      else this._waiters.push(waiter);
    }
  }

  _closed(code, reason) {
    this._socket = null;
    this._current = false; // the state before a loss is not the one to move from: the next welcome's is
    const lost = "the connection closed before the server answered: the move may have been made (the next state says)";
    for (const pending of this._pendingMoves.splice(0)) pending.reject(new MoveRefused("connection-lost", lost, pending.text));
    for (const ping of this._pings.splice(0)) ping.reject(new ClientError("connection-lost", "the connection closed"));
    if (this._closing || FINAL_CLOSE_CODES.includes(code)) {
      this._finish(code, reason);
      return;
    }
    const next = this._waitsLeft().next();
    if (next.done) {
      this._finish(code, reason, new ClientError("connection-lost", `the server could not be reached again (close ${code})`));
      return;
    }
    this._setStatus("reconnecting", { code, reason, wait: next.value });
    this._timer = setTimeout(() => this._connect(), next.value);
  }

  _closedError() {
    if (this._lost) return this._lost;
    const told = this.lastError;
    return told ? new ClientError(told.code, told.message) : new ClientError("closed", `the connection closed (${this.closeCode})`);
  }

  _finish(code, reason, lost = null) {
    this.closeCode = code;
    this.closeReason = reason;
    this._lost = lost;
    this._setStatus("closed", { code, reason });
    for (const waiter of this._waiters.splice(0)) waiter.reject(this._closedError());
    this._resolveClosed({ code, reason });
  }
}
