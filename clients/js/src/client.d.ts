// The types of client.js. The frames' and documents' types are generated from the JSON Schemas
// (../types/schemas.d.ts, by scripts/generate.mjs).

import type {
  ErrorMessage,
  JoinAnswer,
  MovedMessage,
  NewTable,
  PongMessage,
  SeatsMessage,
  ServerMessage,
  StateMessage,
  TableSummary,
  VotesMessage,
  WelcomeMessage,
} from "../types/schemas.js";

export type * from "../types/schemas.js";

/** The protocol version this client speaks (the welcome's `protocol`). */
export declare const PROTOCOL_VERSION: 1;
/** The milliseconds waited before each attempt to connect again (the Python client's RECONNECT_BACKOFF). */
export declare const RECONNECT_BACKOFF: readonly number[];
/** The close codes after which the client does not connect again. */
export declare const FINAL_CLOSE_CODES: readonly number[];

/** Something the server refused, or that did not go as the protocol says: `code` says what. */
export declare class ClientError extends Error {
  constructor(code: string, message: string);
  /** The server's error code (`seat-taken`, `bad-token` …), or the client's own (`unreachable`, `protocol`, `connection-lost`, `closed`, `no-websocket`). */
  readonly code: string;
}

/** A frame that is not JSON or does not match its schema: refused (never given to a listener but `invalid`'s), the connection kept. */
export declare class FrameError extends ClientError {
  constructor(path: string, reason: string, frame: unknown);
  readonly code: "bad-frame";
  /** Where in the frame: `$`, `$.seat`, `$.table.seats[0].bot` … */
  readonly path: string;
  /** What is wrong there. */
  readonly reason: string;
  /** The frame: its text if it is not JSON, else its data. */
  readonly frame: unknown;
}

/** A move the server refused, or one the client did not send. */
export declare class MoveRefused extends ClientError {
  constructor(code: string, message: string, move: string, rule?: string | null, text?: string);
  /**
   * The server's code (`illegal-move`, `not-your-turn`, `stale`, `bad-move`, `not-seated`, `not-started`, `game-over` …),
   * or the client's: `not-connected` (not sent: the connection was not welcomed) or `connection-lost` (no answer came).
   */
  readonly code: string;
  /** The move as it was given to `move()`. */
  readonly move: string;
  /** The rule id that forbids it (an illegal move), else null. */
  readonly rule: string | null;
  /** What a player is told, in the connection's language. */
  readonly text: string;
}

/** The problem of a frame's data (`"$.seat: expected integer or null, not string"`), or null when it matches its schema. */
export declare function frameProblem(data: unknown): string | null;
/** The frame written `text`, parsed and checked against its schema. @throws {FrameError} */
export declare function parseFrame(text: unknown): ServerMessage;

/** Options of the HTTP calls. */
export interface RequestOptions {
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
}
/** Make a table (POST /api/tables): its summary. @throws {ClientError} */
export declare function createTable(url: string, settings: NewTable, options?: RequestOptions): Promise<TableSummary>;
/** Take a seat (POST /api/tables/{id}/seats/{seat}): its token. @throws {ClientError} */
export declare function joinTable(
  url: string,
  table: string,
  seat: number,
  name: string,
  options?: RequestOptions,
): Promise<JoinAnswer>;
/** A table's summary (GET /api/tables/{id}). @throws {ClientError} */
export declare function getTable(url: string, table: string, options?: RequestOptions): Promise<TableSummary>;
/** The websocket address of a table (http → ws, https → wss). */
export declare function tableSocketUrl(url: string, table: string): string;

/** The constructor of a WebSocket (the browser's, Node 22's, or a compatible one). */
export type WebSocketConstructor = new (url: string) => WebSocket;

/** How to open a table's connection. */
export interface ConnectionOptions {
  /** The server: `http://127.0.0.1:8000`, or `location.origin` in a page it serves. */
  url: string;
  /** The table's id. */
  table: string;
  /** The seat's token (from `joinTable`); none: a spectator. */
  token?: string | null;
  /** The language of the narration and of the refusals' text (`"fr"`, `"nl-BE"` …; the server tells others in English). */
  lang?: string | null;
  /**
   * The milliseconds to wait before each attempt to connect again after a loss, read anew after each
   * welcome (default RECONNECT_BACKOFF; an endless iterable waits for ever). A function is called for a fresh one.
   */
  backoff?: Iterable<number> | (() => Iterable<number>);
  /** The WebSocket to use (default: the global one). */
  WebSocket?: WebSocketConstructor;
}

/** Where a connection is. */
export type ConnectionStatus = "connecting" | "open" | "reconnecting" | "closed";

/** A change of a connection's status: `code` and `reason` of the close that caused it, `wait` before the next attempt. */
export interface StatusChange {
  status: ConnectionStatus;
  seat?: number | null;
  code?: number;
  reason?: string;
  wait?: number;
}

/** The events of a connection and what their listeners are given. */
export interface ConnectionEvents {
  welcome: WelcomeMessage;
  state: StateMessage;
  seats: SeatsMessage;
  votes: VotesMessage;
  moved: MovedMessage;
  error: ErrorMessage;
  pong: PongMessage;
  /** Every valid frame, in order, after its own event. */
  frame: ServerMessage;
  /** A frame refused: not JSON, or not of its schema. */
  invalid: FrameError;
  status: StatusChange;
}

/** One table followed over the websocket; it connects again by itself after a drop or a drain (close 1012). */
export declare class TableConnection {
  /** Open a connection: it connects at once. @throws {ClientError} `no-websocket` */
  static open(options: ConnectionOptions): TableConnection;
  private constructor(options: ConnectionOptions);
  readonly url: string;
  readonly tableId: string;
  readonly token: string | null;
  readonly lang: string | null;
  readonly status: ConnectionStatus;
  /** Whether the connection is welcomed and open (moves can be sent). */
  readonly welcomed: boolean;
  /** The latest welcome, or null before the first. */
  readonly welcome: WelcomeMessage | null;
  /** The seat this connection acts for (null: a spectator), as the welcome says. */
  readonly seat: number | null;
  /** The table's summary, its seats kept up to date by the seats frames. */
  readonly table: WelcomeMessage["table"] | null;
  /** The latest state. */
  readonly state: StateMessage | null;
  /** The legal moves of this seat in the latest state (none unless it is to move; none while not welcomed, nor before the first state after a reconnect). */
  readonly moves: string[];
  /** The latest error frame. */
  readonly lastError: ErrorMessage | null;
  /** The code of the close that ended the connection for good, else null. */
  readonly closeCode: number | null;
  readonly closeReason: string;
  /** Resolves once the connection is closed for good (never rejects). */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Listen to `kind`: returns a function that stops listening. */
  on<K extends keyof ConnectionEvents>(kind: K, listener: (value: ConnectionEvents[K]) => void): () => void;
  /** The engine's reason why a play this seat might tap is refused now (8½ gives them), or null. */
  refusal(move: string): { reason: string; rule: string } | null;
  /** The next frame of a type (or the latest state if it is one): rejects with a ClientError once closed for good. */
  next<K extends ServerMessage["type"]>(type: K, options?: { now?: boolean }): Promise<Extract<ServerMessage, { type: K }>>;
  next(test: (frame: ServerMessage) => boolean, options?: { now?: boolean }): Promise<ServerMessage>;
  /** The welcome: now if welcomed, else the next one. */
  ready(): Promise<WelcomeMessage>;
  /**
   * Send a move: resolves with the state that shows it made, rejects with a MoveRefused (the server's
   * refusal, or `not-connected` at once and unsent while not welcomed, or `connection-lost`).
   */
  move(text: string, options?: { number?: number | null }): Promise<StateMessage>;
  /** A ping: resolves with the pong. */
  ping(): Promise<PongMessage>;
  /** Connect again now, the waits starting over. */
  reconnect(): void;
  /** Close for good (1000). */
  close(): void;
}
