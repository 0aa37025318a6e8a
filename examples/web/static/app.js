// The page of the eighthalf web example: plain JavaScript, no build step.
// It only ever sees what the server sends for seat 0: its view and the narrated events.
"use strict";

const LABELS = { H: "½", G: "Ghost" };
const COLOURS = { 0: "green", 5: "blue", 9: "red", H: "lilac", G: "black" };
const PILE_SHOWN = 10;

let gameId = null;
let busy = false;

const $ = (id) => document.getElementById(id);

function label(symbol) {
  return LABELS[symbol] || symbol;
}

function card(symbol, seat, names) {
  const item = document.createElement("li");
  item.className = `card ${COLOURS[symbol] || "yellow"}`;
  item.textContent = label(symbol);
  if (seat !== undefined) {
    const by = document.createElement("span");
    by.className = "by";
    by.textContent = `seat ${seat}`;
    item.append(by);
    item.title = `${label(symbol)}, played by ${names[seat]}`;
  }
  return item;
}

// A move in a few characters, from its notation: "2 × 3", "8½", "open 7", "blind 0", "collect".
function shortLabel(move) {
  if (move === "c") return "Collect the pile";
  if (move === "8H") return "8 + ½";
  if (move[0] === "o") return `Open ${label(move.slice(1))}`;
  if (move[0] === "b") return `Blind card ${move.slice(1)}`;
  return move.length === 1 ? label(move) : `${move.length} × ${label(move[0])}`;
}

function fillCards(list, symbols, emptyText) {
  list.replaceChildren();
  for (const symbol of symbols) list.append(card(symbol));
  if (!symbols.length) {
    const none = document.createElement("li");
    none.className = "muted";
    none.textContent = emptyText;
    list.append(none);
  }
}

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

function render(doc) {
  const view = doc.view;
  const names = doc.names;
  gameId = doc.game_id;
  $("game").hidden = false;
  $("intro").hidden = true;

  $("call").textContent = view.pile.length ? doc.call : `${doc.call} (new pile)`;
  $("lock").textContent = view.locked ? "on: only 1–5, 0, ½ or Ghost may follow" : "off";
  $("at-risk").textContent = view.at_risk === null
    ? "nobody"
    : `${names[view.at_risk]} (a ${doc.catch_card} catches)`;
  $("to-move").textContent = view.outcome ? "—" : names[view.to_move];
  $("move-number").textContent = String(view.move_number);

  const pile = $("pile");
  pile.replaceChildren();
  const top = view.pile.slice(-PILE_SHOWN);
  for (const [symbol, seat] of top) pile.append(card(symbol, seat, names));
  if (!top.length) {
    const none = document.createElement("li");
    none.className = "muted";
    none.textContent = "empty";
    pile.append(none);
  }
  $("pile-size").textContent = view.pile.length > PILE_SHOWN
    ? `(top ${PILE_SHOWN} of ${view.pile.length}, newest last)`
    : `(${view.pile.length} card${view.pile.length === 1 ? "" : "s"}, newest last)`;

  const body = $("seats").tBodies[0];
  body.replaceChildren();
  view.seats.forEach((seat, index) => {
    const row = body.insertRow();
    if (index === view.to_move && !view.outcome) row.className = "to-move";
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = names[index];
    if (seat.on_table) {
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = "on the table";
      head.append(badge);
    }
    row.append(head);
    const count = seat.collected.length + seat.hand_size + seat.bank_size + seat.open.length + seat.blind_size;
    for (const value of [
      seat.hand_size,
      seat.bank_size,
      seat.open ? [...seat.open].map(label).join(" ") : "—",
      seat.blind_size,
      seat.collected.length,
      count,
    ]) {
      row.insertCell().textContent = String(value);
    }
  });

  const me = view.seats[doc.seat];
  fillCards($("hand"), [...(me.hand || "")], "no cards in hand");
  fillCards($("open"), [...me.open], "no open cards");
  $("blind").textContent = `Blind cards: ${me.blind_size} (nobody knows them, you neither).`;

  const moves = $("moves");
  moves.replaceChildren();
  for (const { move, description } of doc.legal_moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.move = move;
    // The full description, and a short label that a phone shows instead (style.css).
    const long = document.createElement("span");
    long.className = "long";
    long.textContent = description;
    const short = document.createElement("span");
    short.className = "short";
    short.textContent = shortLabel(move);
    button.append(long, short);
    button.setAttribute("aria-label", description);
    button.title = `${description} (notation: ${move})`;
    button.addEventListener("click", () => play(move));
    moves.append(button);
  }
  $("turn").textContent = doc.over
    ? "— the round is over"
    : doc.my_turn ? "— it is your turn" : "— waiting for the bots…";
  // Undo is refused when it would hide again a card you have seen (I3): say why.
  const undo = $("undo");
  undo.disabled = !doc.can_undo;
  undo.title = doc.can_undo ? "Take back your last move and the bots' replies" : doc.undo_refused || "";
  $("undo-reason").textContent = doc.can_undo ? "" : doc.undo_refused || "";

  const log = $("log");
  log.replaceChildren();
  for (const line of doc.log) {
    const item = document.createElement("li");
    item.textContent = line;
    log.append(item);
  }
  log.scrollTop = log.scrollHeight;

  const outcome = $("outcome");
  if (view.outcome) {
    const result = view.outcome;
    const headline = result.winner === null
      ? "The round ended at the move limit, without a winner."
      : result.winner === doc.seat ? "You win the round!" : `${names[result.winner]} wins the round.`;
    const details = names
      .map((name, seat) => `${name}: count ${result.counts[seat]}, ${result.points[seat]} point${result.points[seat] === 1 ? "" : "s"}`)
      .join("; ");
    const losers = result.big_losers.length
      ? ` Big Loser: ${result.big_losers.map((seat) => names[seat]).join(", ")}.`
      : "";
    outcome.replaceChildren();
    const strong = document.createElement("strong");
    strong.textContent = headline;
    outcome.append(strong, ` ${details}.${losers}`);
    outcome.hidden = false;
  } else {
    outcome.hidden = true;
    outcome.replaceChildren();
  }
  document.body.dataset.renders = String(Number(document.body.dataset.renders) + 1);
}

async function request(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let doc;
  try {
    doc = await response.json();
  } catch {
    doc = { error: `The server answered ${response.status} ${response.statusText}.` };
  }
  return { response, doc };
}

async function call(method, url, body) {
  if (busy) return;
  busy = true;
  document.body.setAttribute("aria-busy", "true");
  for (const button of document.querySelectorAll("#moves button, #undo")) button.disabled = true;
  try {
    const { response, doc } = await request(method, url, body);
    if (response.ok) {
      showError("");
      render(doc);
    } else {
      // Nothing changed on the server: show why, and the game as it stands.
      showError(doc.error || `The server answered ${response.status}.`);
      if (gameId && response.status !== 404) {
        const current = await request("GET", `/api/games/${gameId}`);
        if (current.response.ok) render(current.doc);
      }
    }
  } catch (error) {
    showError(`Cannot reach the game server: ${error}`);
  } finally {
    busy = false;
    document.body.removeAttribute("aria-busy");
  }
}

function play(move) {
  return call("POST", `/api/games/${gameId}/moves`, { move });
}

function newRound(event) {
  if (event) event.preventDefault();
  const body = { players: Number($("players").value), bots: $("bots").value };
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  return call("POST", "/api/games", body);
}

document.addEventListener("DOMContentLoaded", () => {
  $("new-round").addEventListener("submit", newRound);
  $("undo").addEventListener("click", () => call("POST", `/api/games/${gameId}/undo`));
});
