// The table page: joins a seat (or watches), follows the table over the websocket
// (/ws/{id}: hello, then welcome, state, seats, error and pong messages) and renders what
// the server sends this seat: its own view, the legal moves, the narrated events.
// It never holds more than the server sends it, and the server sends each seat only its view.
"use strict";

(() => {
  const { $, el, api, rank } = eighthalf;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];
  const LOG_LINES = 300;
  const PILE_SHOWN = 12;
  const FILTER_FROM = 10;

  let token = null; // this seat's token, from the join answer, the link's fragment or localStorage
  let seat = null; // the seat this connection acts for (null: a spectator)
  let socket = null;
  let attempts = 0;
  let reconnectTimer = null;
  let stopped = false;
  let summary = null; // the table's public summary (welcome), its seats kept up to date
  let last = null; // the last state message
  let pending = false; // a move was sent and not yet answered
  let deadline = null; // when the seat to move runs out of time (this device's clock)

  // ------------------------------------------------------------------ names and the log

  function names() {
    return summary ? summary.seats.map(eighthalf.seatName) : [];
  }

  const nameOf = (index) => names()[index] || `seat ${index}`;
  function loadLog(lines) {
    // The welcome carries the narration of every move so far as this seat may see it, so a
    // reload or a second device starts with the whole log.
    $("log").replaceChildren();
    addLog((lines || []).map(String));
  }

  function addLog(lines) {
    if (!lines.length) return;
    const log = $("log");
    for (const line of lines) log.append(el("li", { text: line }));
    while (log.children.length > LOG_LINES) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
  }

  // ------------------------------------------------------------------ errors

  function showError(error) {
    if (!error) {
      $("error").hidden = true;
      return;
    }
    $("error-rule").textContent = error.rule ? `Rule ${error.rule}:` : "Refused:";
    $("error-message").textContent = error.message;
    $("error-code").textContent = error.code ? `(${error.code})` : "";
    $("error").dataset.rule = error.rule || "";
    $("error").dataset.code = error.code || "";
    $("error").hidden = false;
  }

  // ------------------------------------------------------------------ cards

  function rankCard(symbol, by) {
    const colours = { 0: "green", 5: "blue", 9: "red", H: "lilac", G: "black" };
    const item = el("li", { class: `card ${colours[symbol] || "yellow"}`, "data-card": symbol }, rank(symbol));
    if (by !== undefined) {
      item.append(el("span", { class: "by", text: `seat ${by}` }));
      item.title = `${rank(symbol)}, played by ${nameOf(by)}`;
    }
    return item;
  }

  function letterCard(card) {
    // An Eights card is its suit (a digit) and its letter: "4w".
    return el("li", { class: "card letter", "data-card": card, title: `card ${card}` },
      el("span", { class: "big", text: card.slice(1).toUpperCase() }), el("span", { class: "by", text: card[0] }));
  }

  function fill(list, cards, make, empty) {
    list.replaceChildren(...cards.map((card) => make(card)));
    if (!cards.length) list.append(el("li", { class: "muted empty", text: empty }));
  }

  // ------------------------------------------------------------------ moves

  // A short description of an 8½ move from its notation (docs/rules.rst): 33, 8H, o7, b0, c, x729, d.
  function describe8(move) {
    if (move === "c") return "collect the pile";
    if (move === "d") return "decline the exchange";
    if (move === "8H") return "8 and ½";
    if (move[0] === "o") return `open ${[...move.slice(1)].map(rank).join(" ")}`;
    if (move[0] === "b") return `blind card ${move.slice(1)}`;
    if (move[0] === "x") return `give your ${rank(move[1])}, take seat ${move[2]}'s ${rank(move[3])}`;
    return move.length === 1 ? rank(move) : `${move.length} × ${rank(move[0])}`;
  }

  function describe(move) {
    if (summary && summary.game === "8½") return describe8(move);
    return move.startsWith("pass") ? "pass" : "";
  }

  function renderMoves(state) {
    const moves = $("moves");
    const filter = $("move-filter");
    const wanted = filter.value.trim().toLowerCase();
    filter.hidden = state.moves.length < FILTER_FROM;
    moves.replaceChildren();
    state.moves.forEach((move, index) => {
      const said = describe(move);
      const text = said === move ? "" : said;
      const button = el("button", { type: "button", class: "move", "data-move": move, "data-index": index,
        title: `notation: ${move}` }, el("code", { text: move }), text ? el("span", { class: "what", text }) : null);
      button.hidden = Boolean(wanted) && !move.toLowerCase().includes(wanted) && !text.toLowerCase().includes(wanted);
      button.addEventListener("click", () => send(move));
      moves.append(button);
    });
    const over = Boolean(state.result);
    $("moves-note").textContent = state.moves.length
      ? `— your turn: ${state.moves.length} legal move${state.moves.length === 1 ? "" : "s"}`
      : over ? "— the game is over" : seat === null ? "— you are watching"
      : state.started ? `— waiting for ${nameOf(state.to_move)}` : "— waiting for players";
    $("notation-form").hidden = seat === null || over;
  }

  function send(move) {
    if (pending || !socket || socket.readyState !== WebSocket.OPEN || seat === null) return;
    pending = true;
    for (const button of $("moves").querySelectorAll("button")) button.disabled = true;
    socket.send(JSON.stringify({ type: "move", move, number: last ? last.number : undefined }));
  }

  // ------------------------------------------------------------------ the seats

  function renderSeats() {
    if (!summary) return;
    const view = last ? last.view : null;
    const game = summary.game;
    const round = view && view.type === "MatchView" ? view.round : view;
    const head = ["Seat"];
    if (game === "8½") head.push("Hand", "Bank", "Open", "Blind", "Collected");
    else head.push("Hand", "Words", "This hand", "Total");
    if (view && view.type === "MatchView") head.push("Points");
    $("seats").tHead.rows[0].replaceChildren(...head.map((text) => el("th", { scope: "col", text })));
    const body = $("seats").tBodies[0];
    body.replaceChildren();
    summary.seats.forEach((each, index) => {
      const cells = [];
      if (view && game === "8½" && round.seats[index]) {
        const s = round.seats[index];
        cells.push(s.hand_size, s.bank_size, s.open ? [...s.open].map(rank).join(" ") : "—", s.blind_size, s.collected.length);
      } else if (view && game !== "8½" && view.hand_sizes) {
        const words = view.piles[index] || [];
        cells.push(view.hand_sizes[index], words.length ? `${words.length}: ${words[words.length - 1].split(" ")[0]}` : "0",
          view.scores[index], view.totals[index]);
      }
      if (view && view.type === "MatchView") {
        cells.push(view.results.reduce((sum, outcome) => sum + outcome.points[index], 0));
      }
      const who = el("th", { scope: "row" }, eighthalf.seatName(each));
      const notes = [];
      if (index === seat) notes.push("you");
      if (each.bot) notes.push("bot");
      else if (!each.open) notes.push(each.connected ? "online" : "offline");
      if (round && game === "8½" && round.seats[index] && round.seats[index].on_table) notes.push("on the table");
      who.append(el("span", { class: `badge${each.connected ? " online" : ""}`, text: notes.join(" · ") }));
      const row = el("tr", { "data-seat": index }, who, ...cells.map((value) => el("td", { text: String(value) })));
      if (last && last.to_move === index && !last.result) row.className = "to-move";
      body.append(row);
    });
    $("spectators").textContent = summary.spectators ? `(${summary.spectators} watching)` : "";
  }

  // ------------------------------------------------------------------ a state

  function render8(view) {
    const round = view.type === "MatchView" ? view.round : view;
    $("board-8").hidden = false;
    $("board-eights").hidden = true;
    $("call").textContent = eighthalf.call(round.call_halves) + (round.pile.length ? "" : " (new pile)");
    $("lock").textContent = round.locked ? "on" : "off";
    $("at-risk").textContent = round.at_risk === null ? "nobody" : nameOf(round.at_risk);
    $("move-number").textContent = String(round.move_number);
    $("round-fact").hidden = view.type !== "MatchView";
    if (view.type === "MatchView") {
      const deciding = view.exchange_by === null ? "" : `, ${nameOf(view.exchange_by)} may exchange (M3)`;
      $("round").textContent = `${view.round_index + 1} of ${view.rounds}${deciding}`;
    }
    const pile = round.pile.slice(-PILE_SHOWN);
    fill($("pile"), pile, ([symbol, by]) => rankCard(symbol, by), round.opening ? `empty: the opening card is ${rank(round.opening)}` : "empty");
    $("pile-size").textContent = round.pile.length > PILE_SHOWN
      ? `(top ${PILE_SHOWN} of ${round.pile.length}, newest last)`
      : `(${round.pile.length} card${round.pile.length === 1 ? "" : "s"}, newest last)`;
    const own = seat === null ? null : round.seats[seat];
    $("open-zone").hidden = own === null;
    if (own && own.hand !== null) {
      fill($("hand"), [...own.hand], (symbol) => rankCard(symbol), "no cards in hand");
      fill($("open"), [...own.open], (symbol) => rankCard(symbol), "none");
      $("mine-heading").textContent = `Your hand (${own.blind_size} blind, ${own.bank_size} in the bank)`;
    }
  }

  function renderEights(view) {
    $("board-8").hidden = true;
    $("board-eights").hidden = false;
    $("open-zone").hidden = true;
    fill($("letters"), view.table, letterCard, "no cards");
    const target = view.rules.target ? `, to ${view.rules.target}` : "";
    $("eights-facts").textContent = `(hand ${view.number + 1}${target}, turn ${view.turns + 1}, ${view.stack.length} in the stack)`;
    if (seat !== null && view.hand !== null) {
      fill($("hand"), view.hand, letterCard, "no cards in hand");
      $("mine-heading").textContent = "Your hand";
    }
  }

  function renderPlain(view) {
    // A game this page has no drawing of (a game registered by another package): its
    // view as the server sends it, field by field, and its legal moves as buttons.
    $("board-8").hidden = false;
    $("board-eights").hidden = true;
    $("open-zone").hidden = true;
    const lines = Object.entries(view)
      .filter(([key]) => !["format", "version", "type"].includes(key))
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    const text = document.createElement("pre");
    text.textContent = lines.join("\n");
    $("hand").replaceChildren(text);
    $("mine-heading").textContent = seat === null ? "The table" : "Your view";
  }

  function renderTurn(state) {
    let text;
    if (state.result) text = "Game over";
    else if (!state.started) text = `Waiting for players: ${summary ? summary.seats.filter((each) => each.open).length : "?"} open seat(s)`;
    else if (state.to_move === seat) text = "Your turn";
    else text = `${nameOf(state.to_move)} to move`;
    $("turn").textContent = text;
    deadline = state.seconds_left === null || state.result ? null : Date.now() + state.seconds_left * 1000;
    tick();
  }

  function tick() {
    const clock = $("clock");
    if (deadline === null) {
      clock.hidden = true;
      return;
    }
    clock.hidden = false;
    clock.textContent = `${Math.max(0, Math.ceil((deadline - Date.now()) / 1000))} s left`;
  }

  function renderResult(state) {
    const box = $("result");
    box.hidden = !state.result;
    if (!state.result) return;
    const { winners, scores, text } = state.result;
    const who = winners.length ? `${winners.map(nameOf).join(" and ")} ${winners.length > 1 ? "win" : "wins"}.` : "Nobody wins.";
    const points = scores.map((score, index) => `${nameOf(index)} ${score}`).join(" · ");
    $("result-text").textContent = `${who} Scores: ${points} (result ${text}).`;
    $("record-text").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
    $("record-text").setAttribute("download", `${tableId}.txt`);
    $("record-json").href = `/api/tables/${encodeURIComponent(tableId)}/record.json`;
    $("record-json").setAttribute("download", `${tableId}.json`);
  }

  function render(state) {
    if (!last || last.number !== state.number) showError(null); // an error is about the move it refused
    last = state;
    pending = false;
    document.body.dataset.game = summary ? summary.game : "";
    const watching = seat === null;
    $("watching").hidden = !watching;
    $("hand").hidden = watching;
    if (watching) {
      $("hand").replaceChildren();
      $("open").replaceChildren();
      $("mine-heading").textContent = "Hands";
    }
    if (state.view.type === "eights.PlayerView") renderEights(state.view);
    else if (state.view.type === "PlayerView" || state.view.type === "MatchView") render8(state.view);
    else renderPlain(state.view);
    renderMoves(state);
    renderTurn(state);
    renderSeats();
    renderResult(state);
    if (state.last && state.last.timed_out) addLog([`(${nameOf(state.last.seat)}'s time ran out: a bot moved.)`]);
    addLog(state.narration);
    document.body.dataset.number = String(state.number);
    document.body.dataset.renders = String(Number(document.body.dataset.renders) + 1);
  }

  // ------------------------------------------------------------------ the connection

  function setConnection(text) {
    $("connection").textContent = text;
  }

  function connect() {
    clearTimeout(reconnectTimer);
    if (socket) {
      socket.onclose = null;
      socket.close(1000, "reconnecting");
    }
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(tableId)}`);
    socket = ws;
    setConnection("connecting…");
    ws.onopen = () => {
      ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      receive(message);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      pending = false;
      if (event.code === 4404) {
        stopped = true;
        setConnection("");
        $("turn").textContent = "No such table";
        return;
      }
      if (event.code === 4401) {
        // The token is no seat's (the table was made anew?): forget it and watch.
        eighthalf.forgetSeat(tableId);
        token = null;
        seat = null;
        showPrivate();
        connect();
        return;
      }
      if (stopped) return;
      const wait = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length - 1)];
      attempts += 1;
      setConnection(`connection lost; reconnecting in ${Math.round(wait / 100) / 10} s…`);
      reconnectTimer = setTimeout(connect, wait);
    };
  }

  function receive(message) {
    switch (message.type) {
      case "welcome":
        attempts = 0;
        summary = message.table;
        seat = message.seat;
        if (seat !== null && token) eighthalf.saveSeat(tableId, seat, token);
        setConnection(seat === null ? "watching" : "connected");
        $("title").textContent = `${summary.game}${summary.rounds > 1 ? ` (${summary.rounds} rounds)` : ""} · table ${summary.id}${seat === null ? "" : ` · seat ${seat}`}`;
        document.title = `eighthalf — ${summary.game}, table ${summary.id}`;
        $("links").textContent = `Spectators follow this table at ${eighthalf.absolute(`/table/${summary.id}`)}`;
        loadLog(message.log);
        showPrivate();
        break;
      case "state":
        if (message.table === tableId) render(message);
        break;
      case "seats":
        if (summary) {
          summary.seats = message.seats;
          summary.started = message.started;
          renderSeats();
          if (last) renderTurn(last);
        }
        break;
      case "error":
        pending = false;
        for (const button of $("moves").querySelectorAll("button")) button.disabled = false;
        showError(message);
        if (message.code === "bad-token") {
          eighthalf.forgetSeat(tableId);
        }
        break;
      default:
        break;
    }
  }

  // ------------------------------------------------------------------ joining

  function showPrivate() {
    const box = $("private");
    box.hidden = seat === null || !token;
    box.open = false;
    $("private-link").value = "";
  }

  function setupPrivate() {
    // The link holds the token in its fragment: never sent to the server, shown only on request.
    $("private").addEventListener("toggle", () => {
      $("private-link").value = $("private").open && token
        ? eighthalf.absolute(`/table/${tableId}#token=${encodeURIComponent(token)}`)
        : "";
    });
    $("private-copy").addEventListener("click", () => {
      if ($("private").open && token) eighthalf.copyLink($("private-link"), $("private-copy"));
    });
  }

  function setupJoin(wanted) {
    $("join").hidden = false;
    $("join-heading").textContent = `Take seat ${wanted}`;
    $("join-button").textContent = `Sit at seat ${wanted}`;
    $("join-name").value = eighthalf.savedName();
    $("join-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = $("join-name").value.trim();
      if (!name) return;
      $("join-button").disabled = true;
      try {
        const joined = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${wanted}`, { name });
        token = joined.token;
        eighthalf.saveSeat(tableId, joined.seat, joined.token);
        eighthalf.saveName(name);
        $("join").hidden = true;
        history.replaceState(null, "", location.pathname);
        connect();
      } catch (error) {
        $("join-error").textContent = `${error.message}${error.code ? ` (${error.code})` : ""}`;
        $("join-error").hidden = false;
      } finally {
        $("join-button").disabled = false;
      }
    });
    $("watch").addEventListener("click", () => {
      $("join").hidden = true;
      history.replaceState(null, "", location.pathname);
    });
  }

  function setupKeys() {
    document.addEventListener("keydown", (event) => {
      const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
      if (event.key === "m" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        const first = $("moves").querySelector("button:not([hidden])");
        if (first) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
      if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return;
      const buttons = [...$("moves").querySelectorAll("button:not([hidden])")];
      const at = buttons.indexOf(document.activeElement);
      if (at < 0) return;
      event.preventDefault();
      const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
      buttons[(at + step + buttons.length) % buttons.length].focus();
    });
    $("move-filter").addEventListener("input", () => {
      if (last) renderMoves(last);
    });
    $("notation-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("notation").value.trim();
      if (!text || !socket || socket.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify({ type: "move", move: text, number: last ? last.number : undefined }));
      $("notation").value = "";
    });
  }

  function start() {
    setupPrivate();
    setupKeys();
    setInterval(tick, 500);
    // A second device's link carries the token in the fragment: keep it here, then drop it from the address.
    const fragment = new URLSearchParams(location.hash.slice(1));
    const params = new URLSearchParams(location.search);
    const saved = eighthalf.savedSeat(tableId);
    if (fragment.get("token")) {
      token = fragment.get("token");
      eighthalf.saveSeat(tableId, null, token);
      history.replaceState(null, "", location.pathname);
    } else if (saved) {
      token = saved.token;
      if (params.has("seat")) history.replaceState(null, "", location.pathname);
    } else if (params.has("seat") && /^\d{1,2}$/.test(params.get("seat"))) {
      setupJoin(Number(params.get("seat")));
    }
    connect();
    window.addEventListener("online", () => {
      if (!socket && !stopped) {
        attempts = 0;
        connect();
      }
    });
  }

  document.addEventListener("DOMContentLoaded", start);
})();
