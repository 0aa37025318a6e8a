// The table page: joins a seat (or watches: seat.js holds the seat's token, its private link
// and its webhook), follows the table over the websocket
// (/ws/{id}: hello, then welcome, state, seats, votes, moved, error and pong messages) and renders what
// the server sends this seat: its own view, the legal moves, the narrated events.
// It never holds more than the server sends it, and the server sends each seat only its view.
// It names no game: the game's board (its folder's board.js, loaded by the game's name the
// welcome gives; app.js describes its interface) draws the view and turns the tapped cards
// into moves. A person plays by tapping cards, by keyboard, or by typing a move's notation.
// The connection is the JavaScript client's (client.js, a copy of clients/js/src/client.js): it
// checks each frame against its schema, and connects again by itself after a drop or a drain.

import { TableConnection } from "./client.js";
import { seatHolder } from "./seat.js";
import { chime, notify, setupNotify, setupSound } from "./sound.js";

(() => {
  const { $, el, t } = eighthalf;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000]; // then 10 s for ever
  const LOG_LINES = 300;

  let notifiable = false; // whether this browser can show notifications (setupNotify)
  let seat = null; // the seat this connection acts for (null: a spectator)
  const holder = seatHolder(tableId, connect); // its token (seat.js), from the join answer, the link's fragment or localStorage
  let connection = null; // the table's TableConnection (client.js)
  let attempts = 0;
  let reconnectTimer = null;
  let stopped = false;
  let summary = null; // the table's public summary (welcome), its seats kept up to date
  let last = null; // the last state message
  let pending = false; // a move was sent and not yet answered
  let deadline = null; // when the seat to move runs out of time (this device's clock)
  let selection = []; // the tapped cards' pick keys, in the order they were tapped
  let pickable = new Map(); // pick key -> what the card is (the board's: {zone, card, index...})
  let board = null; // the game's board (app.js: eighthalf.loadBoard), or null: the view shown plainly
  let rules = eighthalf.rulesOf(null); // the links to the game's How to play page (app.js: eighthalf.loadRules)
  let inbox = Promise.resolve(); // the messages received, handled one after another
  let failed = null; // the first error a message's handling threw
  let wasMyTurn = false;
  let votes = null; // the last votes message: who asked for a rematch of the finished game

  // ------------------------------------------------------------------ names and the log

  function names() {
    return summary ? eighthalf.seatNames(summary.seats) : [];
  }

  const nameOf = (index) => names()[index] || t("seat {seat}", { seat: index + 1 }); // seats counted from 1 where people read them

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
    // What a player is told (the server's text, in this page's language; else its message,
    // whose rule id at the end is dropped: the rule is shown once, in front).
    const told = error.text || error.message;
    const message = error.rule ? told.replace(new RegExp(`\\s*\\(${error.rule}\\)$`), "") : told;
    // each rule id shown links to that rule on the game's How to play page
    $("error-rule").replaceChildren(...(error.rule ? rules.linked(t("Rule {rule}:", { rule: error.rule })) : [t("Refused:")]));
    $("error-message").replaceChildren(...rules.linked(message));
    $("error-code").textContent = "";
    $("error").dataset.rule = error.rule || "";
    $("error").dataset.code = error.code || "";
    $("error").hidden = false;
  }


  // ------------------------------------------------------------------ cards to tap

  const selected = (pick) => selection.includes(pick);

  function pickButton(pick, what, make) {
    pickable.set(pick, what);
    return make(pick, selected(pick));
  }

  // ------------------------------------------------------------------ the move being picked

  function picks() {
    return selection.map((pick) => pickable.get(pick)).filter(Boolean);
  }

  function toggle(pick) {
    if (!pickable.has(pick)) return;
    if (!last || !last.moves.length) {
      $("selection-note").textContent = seat === null ? t("You are watching.") : waitingText(last);
      return;
    }
    selection = selected(pick) ? selection.filter((each) => each !== pick) : [...selection, pick];
    markCards();
    renderActions(last);
  }

  // Each card button shows and says whether it is selected.
  function markCards() {
    for (const node of document.querySelectorAll("button[data-pick]")) {
      const on = selected(node.dataset.pick);
      node.classList.toggle("selected", on);
      node.setAttribute("aria-pressed", on ? "true" : "false");
      node.setAttribute("aria-label", on ? t("{card}, selected", { card: node.dataset.words }) : node.dataset.words);
    }
  }

  function clearSelection() {
    selection = [];
    markCards();
    if (last) renderActions(last);
  }

  const openSeatsText = () => eighthalf.openSeats(summary ? summary.seats.filter((each) => each.open).length : 0);

  function waitingText(state) {
    if (!state) return t("Connecting…");
    if (state.result) return t("The game is over.");
    if (!state.started) return t("Waiting for players: {seats}.", { seats: openSeatsText() });
    return t("Waiting for {name} to move.", { name: nameOf(state.to_move) });
  }

  // The buttons of the board's answer (Play …), before Clear: each makes its move.
  function renderButtons(actions) {
    const row = $("actions");
    for (const node of [...row.querySelectorAll("button[data-board]")]) node.remove();
    for (const action of actions) {
      const button = el("button", {
        type: "button", id: action.id, class: action.secondary ? "secondary" : null, "data-board": "1",
        "aria-keyshortcuts": action.key || null, "data-key": action.key || null, hidden: action.shown === false,
        disabled: !action.move || pending, "data-move": action.move || "", text: action.label,
      });
      button.addEventListener("click", () => send(button.dataset.move));
      $("clear").before(button);
    }
  }

  // Hints, at a table made with them (its summary says): the best moves of this seat's turn,
  // from its view (POST /api/tables/{id}/hint with the seat's token), asked for by a button.
  function renderHint(state) {
    const mine = seat !== null && state.moves.length > 0 && !state.result;
    $("hint-option").hidden = !(summary && summary.hints && mine && holder.token);
    if (!$("hint").dataset.number || Number($("hint").dataset.number) !== state.number) {
      $("hint").hidden = true; // a hint is of one position
      $("hint").replaceChildren();
    }
  }

  async function askHint() {
    if (!holder.token || !last) return;
    const number = last.number;
    $("hint-button").disabled = true;
    $("hint").hidden = false;
    $("hint").dataset.number = String(number);
    $("hint").replaceChildren(t("Working out the best moves…"));
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hint`, {
        method: "POST", headers: { authorization: `Bearer ${holder.token}` },
      });
      const body = await answer.json();
      if (!last || last.number !== number) return; // the game moved on meanwhile
      if (!answer.ok) {
        $("hint").replaceChildren(body.error.message);
        return;
      }
      const percent = (value) => `${Math.round(value * 100)}%`;
      $("hint").replaceChildren(el("strong", { text: t("The best moves, from what you can see:") }),
        el("ol", {}, ...body.moves.map((each) => el("li", {}, el("code", { text: each.move }),
          ` ${t("{chance} to win", { chance: percent(each.chance) })}`))));
    } catch (error) {
      $("hint").replaceChildren(error.message);
    } finally {
      $("hint-button").disabled = false;
    }
  }

  function renderActions(state) {
    renderHint(state);
    const mine = seat !== null && state.moves.length > 0 && !state.result;
    $("your-move").hidden = seat === null || Boolean(state.result);
    $("keys-hint").hidden = seat === null;
    $("type-a-move").hidden = seat === null || Boolean(state.result);
    $("clear").disabled = !selection.length;
    const choices = $("choices");
    let answer = { note: "", actions: [], choices: [], shown: [] };
    if (!mine) {
      answer.note = waitingText(state);
      answer.actions = [{ id: "play-button", label: t("Play"), move: null }];
    } else if (board) {
      answer = { ...answer, ...board.choose(state, picks(), page()) };
    } else {
      answer.note = t("Type your move below: {count} legal moves.", { count: state.moves.length });
      answer.actions = [{ id: "play-button", label: t("Play"), move: null }];
      $("type-a-move").open = true;
    }
    renderButtons(answer.actions);
    $("picked").replaceChildren(...(answer.shown || []));
    $("selection-note").replaceChildren(...rules.linked(answer.note));
    choices.hidden = !(answer.choices || []).length;
    choices.replaceChildren(...(answer.choices || []).map((choice) => el("button", {
      type: "button", class: "secondary choice", "data-move": choice.move, disabled: pending, onclick: () => send(choice.move),
    }, choice.label)));
  }

  // A move, sent with the number of the state it was chosen in; a refusal is shown from its error frame (receive).
  function send(move) {
    if (!move || pending || !connection || !connection.welcomed || seat === null) return;
    pending = true;
    for (const button of $("your-move").querySelectorAll("#actions button, #choices button")) button.disabled = true;
    connection.move(move, { number: last ? last.number : null }).catch(() => {});
  }

  // ------------------------------------------------------------------ the seats

  function renderSeats() {
    if (!summary) return;
    const view = last ? last.view : null;
    const own = board ? board.seats(view, page()) : { heads: [], rows: [] };
    const head = [t("Player"), ...own.heads];
    $("seats").tHead.rows[0].replaceChildren(...head.map((text) => el("th", { scope: "col", text })));
    const body = $("seats").tBodies[0];
    body.replaceChildren();
    summary.seats.forEach((each, index) => {
      const row = own.rows[index] || { cells: [], notes: [] };
      const who = el("th", { scope: "row" }, nameOf(index));
      const notes = [];
      // the seat to move, once the game has started (until every seat is taken nobody moves)
      const moving = Boolean(last && last.started && last.to_move === index && !last.result);
      if (moving) notes.push(t("to move"));
      if (index === seat) notes.push(t("you"));
      if (each.bot) notes.push(t("bot"));
      else if (!each.open) notes.push(each.connected ? t("online") : t("offline"));
      notes.push(...row.notes);
      who.append(el("span", { class: `badge${each.connected ? " online" : ""}`, text: notes.join(" · ") }));
      const line = el("tr", { "data-seat": index }, who, ...row.cells.map((value) => el("td", { text: String(value) })));
      if (moving) line.className = "to-move";
      body.append(line);
    });
    $("spectators").textContent = summary.spectators ? t("({count} watching)", { count: summary.spectators }) : "";
  }

  // ------------------------------------------------------------------ whose turn, what happened

  function renderTurn(state) {
    const banner = $("turn");
    let text;
    let kind = "theirs";
    if (state.result) {
      text = t("The game is over");
      kind = "over";
    } else if (summary && summary.abandoned) {
      text = t("Ended as abandoned: nobody played for too long");
      kind = "over";
    } else if (!state.started) {
      text = t("Waiting for players: {seats}", { seats: openSeatsText() });
      kind = "waiting";
    } else if (state.to_move === seat) {
      text = t("Your turn");
      kind = "mine";
    } else {
      text = t("{name}'s turn", { name: nameOf(state.to_move) });
    }
    banner.textContent = text;
    banner.dataset.kind = kind;
    const game = summary ? summary.game : "";
    document.title = kind === "mine" ? t("● Your turn — {game}", { game }) : t("{game}, table {id} — eighthalf", { game, id: tableId });
    const mine = kind === "mine";
    if (mine && !wasMyTurn) {
      chime();
      notify(t("● Your turn — {game}", { game }), t("{game}, table {id} — eighthalf", { game, id: tableId }));
    }
    wasMyTurn = mine;
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
    clock.textContent = t("{seconds} s left", { seconds: Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) });
  }

  function renderLastMove(state) {
    const box = $("last-move");
    const lines = state.narration || [];
    box.hidden = !state.last || !lines.length;
    if (box.hidden) return;
    box.textContent = "";
    box.append(el("strong", { text: t("Last move:") }), ` ${lines.join(" ")}`);
  }

  // A table of the scores, highest first: a round's or hand's end, and the game's.
  function scoreTable(rows, heads) {
    return el("table", { class: "scores" },
      el("thead", {}, el("tr", {}, ...heads.map((text) => el("th", { scope: "col" }, ...rules.linked(text))))),
      el("tbody", {}, ...rows.map((cells) => el("tr", { class: cells.winner ? "winner" : "" },
        el("th", { scope: "row" }, cells.winner ? `★ ${cells.name}` : cells.name),
        ...cells.values.map((value) => el("td", { text: String(value) }))))));
  }

  function renderRoundEnd(state) {
    const ended = board && !state.result ? board.ended(state, page()) : null;
    if (!ended) {
      if (state.result) $("round-end").hidden = true;
      return;
    }
    $("round-end-heading").textContent = ended.heading;
    $("round-end-scores").replaceChildren(el("p", { text: (state.narration || []).join(" ") }),
      ended.rows.length ? scoreTable(ended.rows, ended.heads) : "");
    $("round-end").hidden = false;
  }

  function renderResult(state) {
    const box = $("result");
    box.hidden = !state.result;
    if (!state.result) return;
    const { winners, scores } = state.result; // its record's text is in the record's download
    const and = t(" and "); // not inside t()'s arguments: the extraction reads no nested call
    const who = winners.length === 0 ? t("Nobody wins.")
      : winners.length === 1 ? t("{name} wins.", { name: nameOf(winners[0]) })
      : t("{names} win.", { names: winners.map(nameOf).join(and) });
    $("result-text").textContent = who;
    const rows = scores.map((score, index) => ({ name: nameOf(index), values: [score], winner: winners.includes(index) }))
      .sort((a, b) => b.values[0] - a.values[0]);
    $("result-scores").replaceChildren(scoreTable(rows, [t("Player"), t("Score")]));
    // Once the game is over nothing is secret: the frame's `final` is the whole state, which the board shows.
    $("result-reveal").replaceChildren(...(board && board.reveal && state.final ? board.reveal(state, page()) : []));
    const offline = connection && connection.offline ? connection.recordLinks() : null; // offline-start.js: the engine's
    $("review-link").hidden = Boolean(offline); // a review is the server's: the offline table has none
    $("review-link").href = `/table/${encodeURIComponent(tableId)}/review${seat === null ? "" : `?perspective=${seat}`}`;
    $("record-text").href = offline ? offline.text : `/api/tables/${encodeURIComponent(tableId)}/record`;
    $("record-text").setAttribute("download", `${tableId}.txt`);
    $("record-json").href = offline ? offline.json : `/api/tables/${encodeURIComponent(tableId)}/record.json`;
    $("record-json").setAttribute("download", `${tableId}.json`);
  }

  // ------------------------------------------------------------------ rematch

  // Who asked for another game with the same seats, and this seat's button to ask or withdraw.
  function renderVotes() {
    const box = $("rematch");
    box.hidden = !votes;
    if (!votes) return;
    const and = t(" and "); // not inside t()'s arguments: the extraction reads no nested call
    const list = (seats) => seats.map(nameOf).join(and);
    const button = $("rematch-button");
    if (votes.rematch) {
      $("rematch-text").textContent = t("The rematch has started.");
      button.hidden = true;
      $("rematch-link").hidden = !votes.link;
      if (votes.link) $("rematch-link").href = votes.link;
      return;
    }
    $("rematch-link").hidden = true;
    const waiting = votes.people.filter((each) => !votes.agreed.includes(each));
    const agreed = seat !== null && votes.agreed.includes(seat);
    button.hidden = seat === null || !holder.token || !votes.people.includes(seat);
    button.textContent = agreed ? t("Withdraw") : t("Play again");
    button.dataset.agree = agreed ? "false" : "true";
    $("rematch-text").textContent = votes.agreed.length === 0
      ? t("Another game with the same seats? Everyone at the table must agree; bots always do.")
      : t("{names} would play again; waiting for {waiting}.", { names: list(votes.agreed), waiting: list(waiting) });
  }

  async function askRematch() {
    if (!holder.token) return;
    const button = $("rematch-button");
    button.disabled = true;
    $("rematch-error").hidden = true;
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
        method: "POST",
        headers: { authorization: `Bearer ${holder.token}`, "content-type": "application/json" },
        body: JSON.stringify({ agree: button.dataset.agree === "true" }),
      });
      if (!answer.ok) {
        const body = await answer.json().catch(() => null);
        $("rematch-error").textContent = body && body.error ? eighthalf.words(body.error) : `HTTP ${answer.status}`;
        $("rematch-error").hidden = false;
      } // the votes (and, once made, the moved) frame says what it did
    } catch (error) {
      $("rematch-error").textContent = error.message;
      $("rematch-error").hidden = false;
    } finally {
      button.disabled = false;
    }
  }

  // The rematch started: this page goes to the new table, with this seat's new token in the fragment.
  function moveTo(message) {
    stopped = true;
    if (message.token !== null) eighthalf.saveSeat(message.to, message.seat, message.token);
    location.assign(message.link);
  }

  // ------------------------------------------------------------------ a state

  function render(state) {
    const fresh = !last || last.number !== state.number;
    if (fresh) {
      showError(null); // an error is about the move it refused
      selection = []; // a selection is made for one position
    }
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.pick : undefined;
    last = state;
    pending = false;
    pickable = new Map();
    document.body.dataset.game = summary ? summary.game : "";
    const watching = seat === null;
    $("watching").hidden = !watching;
    $("sound-option").hidden = watching;
    $("notify-option").hidden = watching || !notifiable;
    if (state.result) $("webhook").hidden = true; // the game is over: nobody's turn to tell
    if (watching) $("mine-heading").textContent = t("Hands");
    if (board) board.draw(state, page());
    else drawPlain(state.view);
    selection = selection.filter((pick) => pickable.has(pick));
    renderActions(state);
    renderTurn(state);
    renderSeats();
    renderLastMove(state);
    renderRoundEnd(state);
    renderResult(state);
    if (state.last && state.last.timed_out) addLog([t("({name}'s time ran out: a bot moved.)", { name: nameOf(state.last.seat) })]);
    addLog(state.narration);
    if (focused !== undefined) {
      const again = document.querySelector(`[data-pick="${focused}"]`);
      if (again) again.focus();
    }
    document.body.dataset.number = String(state.number);
    document.body.dataset.moves = String(state.moves.length);
    document.body.dataset.renders = String(Number(document.body.dataset.renders) + 1);
  }

  // What a board is given (app.js: eighthalf.board): who looks, whether they may move, names, where to draw.
  function page() {
    const mine = seat !== null && Boolean(last) && last.moves.length > 0 && !last.result;
    return { seat, mine, nameOf, pickButton, rules, area: $("board"), own: $("own") };
  }

  // A game without a board: its view as the server sends it, field by field; its moves are typed.
  function drawPlain(view) {
    const lines = Object.entries(view)
      .filter(([key]) => !["format", "version", "type"].includes(key))
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    $("board").replaceChildren(el("pre", { class: "plain", text: lines.join("\n") }));
    $("mine-heading").textContent = seat === null ? t("The table") : t("Your view");
  }

  function setConnection(text) {
    $("connection").textContent = text;
  }

  // The waits before each attempt to connect again: BACKOFF_MS, then its last for ever.
  function* backoff() {
    yield* BACKOFF_MS;
    for (;;) yield BACKOFF_MS[BACKOFF_MS.length - 1];
  }

  function connect() {
    clearTimeout(reconnectTimer);
    const old = connection;
    connection = null; // what the old connection still says is not heard
    if (old) old.close();
    // the offline table (offline-start.js) plays on the engine in the browser instead
    const open = globalThis.eighthalfConnect || ((options) => TableConnection.open(options));
    const opened = open({ url: location.origin, table: tableId, token: holder.token, lang: eighthalf.lang(), backoff });
    connection = opened;
    setConnection(t("connecting…"));
    opened.on("frame", (message) => {
      if (connection !== opened) return;
      inbox = inbox.then(() => receive(message)).catch((error) => {
        failed = failed || error;
        console.error(error);
      });
    });
    opened.on("invalid", (error) => console.error(error)); // a frame the server should never send
    opened.on("status", (change) => {
      if (connection !== opened) return;
      if (change.status === "reconnecting" && change.wait !== undefined) {
        pending = false;
        setConnection(t("connection lost; reconnecting in {seconds} s…", { seconds: Math.round(change.wait / 100) / 10 }));
      } else if (change.status === "closed") {
        closed(change.code, change.reason || "");
      }
    });
  }

  // The connection closed for good (client.js: FINAL_CLOSE_CODES).
  function closed(code, reason) {
    pending = false;
    if (code === 4404) {
      stopped = true;
      setConnection("");
      $("turn").textContent = t("No such table");
      return;
    }
    if (code === 1000 && reason === "moved") {
      stopped = true; // the moved frame before it takes this page to the rematch
      return;
    }
    if (code === 1000 && reason === "abandoned") {
      // The server ended the table as abandoned: nothing more will happen here.
      stopped = true;
      setConnection("");
      if (summary) summary.abandoned = true;
      if (last) {
        last = { ...last, moves: [], to_move: null }; // as the server's state of such a table says
        renderActions(last);
        renderTurn(last);
        renderSeats();
      }
      return;
    }
    if (code === 4401) {
      // The token is no seat's (the table was made anew?): forget it and watch.
      eighthalf.forgetSeat(tableId);
      holder.token = null;
      seat = null;
      showPrivate();
      connect();
      return;
    }
    if (stopped) return;
    // another close the client does not retry (a policy's, a normal one): this page tries again
    const wait = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length - 1)];
    attempts += 1;
    setConnection(t("connection lost; reconnecting in {seconds} s…", { seconds: Math.round(wait / 100) / 10 }));
    reconnectTimer = setTimeout(connect, wait);
  }

  // Handles one message (after the ones before it): a welcome loads the table's board first.
  async function receive(message) {
    switch (message.type) {
      case "welcome":
        attempts = 0;
        if (!summary || summary.game !== message.table.game) {
          board = await eighthalf.loadBoard(message.table.game);
          rules = await eighthalf.loadRules(message.table.game);
          showRules();
        }
        summary = message.table;
        $("keys-hint").textContent = board && board.keys ? `${t("Keyboard: Tab and the arrow keys move among the cards, Space selects, Esc clears.")} ${t(board.keys)}`
          : t("Keyboard: Tab and the arrow keys move among the cards, Space selects, Esc clears.");
        seat = message.seat;
        if (seat !== null && holder.token) eighthalf.saveSeat(tableId, seat, holder.token);
        setConnection(seat === null ? t("watching") : t("connected"));
        const who = seat === null ? "" : ` · ${t("{name}, seat {seat}", { name: nameOf(seat), seat: seat + 1 })}`;
        const rounds = summary.rounds > 1 ? ` ${t("({rounds} rounds)", { rounds: summary.rounds })}` : "";
        $("title").textContent = `${summary.game}${rounds} · ${t("table {id}", { id: summary.id })}${who}`;
        $("links").textContent = connection && connection.offline ? "" // nobody follows an offline table
          : t("Spectators follow this table at {link}", { link: eighthalf.absolute(`/table/${summary.id}`) });
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
      case "votes":
        if (message.table === tableId) {
          votes = message;
          renderVotes();
        }
        break;
      case "moved":
        if (message.table === tableId) moveTo(message);
        break;
      case "error":
        pending = false;
        showError(message);
        if (last) renderActions(last);
        if (message.code === "bad-token") {
          eighthalf.forgetSeat(tableId);
        }
        break;
      default:
        break;
    }
  }

  // The seat's private link and webhook (seat.js), shown to a seated person.
  const showPrivate = () => holder.showPrivate(seat, Boolean(last && last.result));

  // The header's link to the game's How to play page, in the page's language (none: the game has no page).
  function showRules() {
    $("rules-link").hidden = !rules.page;
    if (rules.page) $("rules-link").href = rules.page;
  }

  // The keyboard: Tab or the arrow keys among the cards (left and right within a row, up
  // and down between rows), Space or Enter selects (the cards are buttons), a button's letter
  // (its action's key, given by the board: P plays …) presses it, Esc clears the selection.
  function setupKeys() {
    document.addEventListener("keydown", (event) => {
      const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement
        || event.target instanceof HTMLSelectElement;
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const button = key.length === 1 ? document.querySelector(`#actions button[data-key="${key}"]`) : null;
      if (button) {
        if (!button.hidden && !button.disabled) {
          event.preventDefault();
          button.click();
        }
        return;
      }
      if (key === "Escape") {
        clearSelection();
        return;
      }
      if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(key)) return;
      const here = document.activeElement;
      if (!here || !here.dataset || here.dataset.pick === undefined) {
        if (key === "ArrowUp" || key === "ArrowLeft") return;
        const first = document.querySelector(".game button[data-pick]");
        if (first) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
      event.preventDefault();
      const rows = [...document.querySelectorAll(".game .cards")]
        .map((list) => [...list.querySelectorAll("button[data-pick]")].filter((node) => node.offsetParent !== null))
        .filter((row) => row.length);
      const row = rows.findIndex((each) => each.includes(here));
      const at = rows[row].indexOf(here);
      if (key === "ArrowLeft" || key === "ArrowRight") {
        const step = key === "ArrowLeft" ? -1 : 1;
        rows[row][(at + step + rows[row].length) % rows[row].length].focus();
      } else {
        const next = rows[(row + (key === "ArrowUp" ? -1 : 1) + rows.length) % rows.length];
        next[Math.min(at, next.length - 1)].focus();
      }
    });
    document.addEventListener("click", (event) => {
      const card = event.target instanceof Element ? event.target.closest("button[data-pick]") : null;
      if (card) toggle(card.dataset.pick);
    });
    $("clear").addEventListener("click", clearSelection);
    $("hint-button").addEventListener("click", askHint);
    $("round-end-close").addEventListener("click", () => {
      $("round-end").hidden = true;
    });
    $("notation-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("notation").value.trim();
      if (!text || !connection || !connection.welcomed) return;
      connection.move(text, { number: last ? last.number : null }).catch(() => {}); // a refusal is shown from its error frame
      $("notation").value = "";
    });
  }

  async function start() {
    await eighthalf.ready; // the page's language, before any text is written
    document.documentElement.style.setProperty("--fresh-mark", JSON.stringify(t("new"))); // style.css: .card.fresh
    setupKeys();
    setupSound($("sound"));
    notifiable = setupNotify($("notify"));
    $("rematch-button").addEventListener("click", askRematch);
    setInterval(tick, 500);
    holder.start();
    connect();
    window.addEventListener("online", () => {
      if (stopped || !connection || connection.welcomed) return;
      attempts = 0;
      if (connection.status === "closed") connect();
      else connection.reconnect();
    });
  }

  // Resolves once every message received so far is handled (rejects with the first error one threw): for tests and tools.
  eighthalf.settled = () => inbox.then(() => {
    if (failed) throw failed;
  });

  document.addEventListener("DOMContentLoaded", start);
})();
