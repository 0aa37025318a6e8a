// The review page (/table/{id}/review): a table's game move by move, as one perspective saw it.
// It asks the server for the frames of every position from the chosen perspective
// (GET /api/tables/{id}/review: a seat, the spectators or every seat; docs/review.rst) and
// draws each with the game's own board (its folder's board.js, as the table page does), with
// the narration of each move. The server sends only what the perspective may see: during
// play only the seat of this device's token, once the game is over every perspective.
// A link names its perspective and its move: /table/{id}/review?perspective=1&move=12.
"use strict";

(() => {
  const { $, el, t } = eighthalf;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");

  let token = null; // this device's seat token (the table page keeps it in localStorage), or null
  let review = null; // the server's review document: table, perspective, perspectives, frames
  let board = null; // the game's board (app.js: eighthalf.loadBoard), or null: the view shown plainly
  let rules = eighthalf.rulesOf(null);
  let number = 0; // the position shown: the number of moves made
  let judgement = null; // the finished table's judgement (GET /api/tables/{id}/judgement), or null during play
  let judged = new Map(); // move number -> its decision, once the judgement is done
  let asking = null; // the timer of the next question about the judgement
  const ASK_MS = 2000; // how often the page asks how far the judgement is, until it is done

  const names = () => (review ? eighthalf.seatNames(review.table.seats) : []);
  const nameOf = (index) => names()[index] || t("seat {seat}", { seat: index + 1 });

  function perspectiveLabel(perspective) {
    if (perspective === "spectator") return t("The spectators");
    if (perspective === "all") return t("Every seat");
    return t("{name}, seat {seat}", { name: nameOf(perspective), seat: perspective + 1 });
  }

  function showError(text) {
    $("error").hidden = !text;
    $("error").replaceChildren(...(text ? [text] : []));
  }

  // The review from `perspective` (undefined: the server's default, this device's seat or the spectators').
  async function load(perspective) {
    const params = new URLSearchParams({ lang: eighthalf.lang() });
    if (perspective !== undefined && perspective !== null) params.set("perspective", String(perspective));
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/review?${params}`, { headers });
    const body = await answer.json();
    if (answer.status === 401 && token) { // a token no seat has any more: forget it, ask again without
      eighthalf.forgetSeat(tableId);
      token = null;
      return load(perspective);
    }
    if (!answer.ok) throw Object.assign(new Error(body.error.message), { code: body.error.code });
    return body;
  }

  // ------------------------------------------------------------------ drawing one position

  // Cards are shown, never tapped: a board's pick buttons are drawn disabled.
  function pickButton(pick, what, make) {
    const node = make(pick, false);
    node.disabled = true;
    return node;
  }

  function page(frame) {
    return { seat: frame.seat, mine: false, nameOf, pickButton, rules, area: $("board"), own: $("own") };
  }

  // A game without a board: its view's fields as the server sends them.
  function drawPlain(frame) {
    const lines = Object.entries(frame.view)
      .filter(([key]) => !["format", "version", "type"].includes(key))
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    $("board").replaceChildren(el("pre", { class: "plain", text: lines.join("\n") }));
  }

  function draw(frame) {
    if (board) board.draw(frame, page(frame));
    else drawPlain(frame);
  }

  // A copy of what a board drew, without ids (the board's own drawing keeps them).
  function copied(node) {
    const copy = node.cloneNode(true);
    for (const each of [copy, ...copy.querySelectorAll("[id], [aria-labelledby]")]) {
      each.removeAttribute("id");
      each.removeAttribute("aria-labelledby");
    }
    return copy;
  }

  // Every seat at once: each seat's own cards as its view showed them, then the spectators' board.
  function drawEverySeat(frame) {
    const hands = [];
    if (board) {
      frame.views.forEach((view, index) => {
        board.draw({ ...frame, seat: index, view }, page({ seat: index }));
        const heading = el("h3", { id: `hand-of-${index}`, text: perspectiveLabel(index) });
        hands.push(el("section", { class: "seat-hand", "aria-labelledby": `hand-of-${index}` }, heading,
          ...[...$("own").children].map(copied)));
      });
    }
    draw(frame);
    $("hands").replaceChildren(...hands);
  }

  function renderSeats(frame) {
    const own = board ? board.seats(frame.view, page(frame)) : { heads: [], rows: [] };
    $("seats").tHead.rows[0].replaceChildren(...[t("Player"), ...own.heads].map((text) => el("th", { scope: "col", text })));
    const body = $("seats").tBodies[0];
    body.replaceChildren(...review.table.seats.map((each, index) => {
      const row = own.rows[index] || { cells: [], notes: [] };
      const notes = [];
      if (frame.to_move === index) notes.push(t("to move"));
      if (index === review.seat) notes.push(t("you"));
      if (each.bot) notes.push(t("bot"));
      notes.push(...row.notes);
      const who = el("th", { scope: "row" }, nameOf(index), el("span", { class: "badge", text: notes.join(" · ") }));
      return el("tr", { "data-seat": index, class: frame.to_move === index ? "to-move" : "" }, who,
        ...row.cells.map((value) => el("td", { text: String(value) })));
    }));
  }

  function render() {
    const frames = review.frames;
    number = Math.max(0, Math.min(number, frames.length - 1));
    const frame = frames[number];
    const perspective = review.perspective;
    if (perspective === "all") drawEverySeat(frame);
    else draw(frame);
    $("every-seat").hidden = perspective !== "all";
    $("mine").hidden = frame.seat === null;
    if (frame.seat !== null) $("mine-heading").textContent = t("{name}'s cards", { name: nameOf(frame.seat) });
    const reveal = board && board.reveal && frame.final ? board.reveal(frame, page(frame)) : [];
    $("reveal").hidden = !reveal.length;
    $("reveal-cards").replaceChildren(...reveal);
    renderSeats(frame);
    const last = frames.length - 1;
    $("position").textContent = number === 0 ? t("The deal, before the first move")
      : t("Move {number} of {count}", { number, count: last });
    const said = number === 0 ? t("The cards are dealt.") : (frame.narration.join(" ") || t("{name} moved.", { name: nameOf(frame.last.seat) }));
    $("now").replaceChildren(el("strong", { text: number === 0 ? t("The deal:") : t("Move {number}:", { number }) }), " ",
      ...rules.linked(said));
    renderJudged();
    renderPlayOn(frame);
    $("scrub").max = String(last);
    $("scrub").value = String(number);
    $("scrub").setAttribute("aria-valuetext", $("position").textContent);
    $("first").disabled = $("previous").disabled = number === 0;
    $("next").disabled = $("final").disabled = number === last;
    for (const item of $("moves").children) {
      const here = Number(item.dataset.number) === number;
      item.classList.toggle("current", here);
      const button = item.querySelector("button");
      if (button) button.setAttribute("aria-current", here ? "step" : "false");
    }
    const current = $("moves").querySelector("li.current");
    if (current) { // the list scrolls to the move shown; the page itself stays where it is
      const list = $("moves");
      const top = current.offsetTop; // the list is positioned: its items' offsets are from its top
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 3;
      }
    }
    const params = new URLSearchParams({ perspective: String(perspective), move: String(number) });
    history.replaceState(null, "", `${location.pathname}?${params}`);
    document.body.dataset.number = String(number);
    document.body.dataset.perspective = String(perspective);
    document.body.dataset.game = review.table.game;
  }

  // ------------------------------------------------------------------ play on from here

  // A finished game's position, not its end: a new table from there, this person in the
  // seat chosen (the perspective's by default) and bots in the others (POST .../play-on).
  function renderPlayOn(frame) {
    const over = Boolean(review.table.result) || review.table.abandoned;
    $("play-on").hidden = !over || frame.to_move === null;
  }

  function setupPlayOn() {
    const select = $("play-on-seat");
    select.replaceChildren(...review.table.seats.map((_, index) =>
      el("option", { value: String(index), text: perspectiveLabel(index) })));
    if (Number.isInteger(review.perspective)) select.value = String(review.perspective);
    $("play-on-name").value = eighthalf.savedName();
  }

  async function playOn(event) {
    event.preventDefault();
    const name = $("play-on-name").value.trim();
    if (!name) return;
    $("play-on-button").disabled = true;
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/play-on`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ move: number, seat: Number($("play-on-seat").value), name }),
      });
      const body = await answer.json();
      if (!answer.ok) throw new Error(body.error.message);
      eighthalf.saveSeat(body.table, body.seat, body.token);
      eighthalf.saveName(name);
      location.assign(`/table/${encodeURIComponent(body.table)}`);
    } catch (error) {
      $("play-on-error").textContent = error.message;
      $("play-on-error").hidden = false;
      $("play-on-button").disabled = false;
    }
  }

  // ------------------------------------------------------------------ the judgement

  function renderJudged() {
    const decision = judged.get(number);
    $("judged").hidden = !decision;
    if (!decision) return;
    $("judged").replaceChildren(el("span", { class: `label label-${decision.label.replace(/ /g, "-")}`, text: decision.label_text }),
      " ", decision.text);
  }

  function renderJudgement() {
    const box = $("judgement");
    box.hidden = !judgement;
    if (!judgement) return;
    const { status, done, total } = judgement;
    const told = status === "done" ? t("Every decision is judged, {budget} play-outs each.", { budget: judgement.budget })
      : status === "failed" ? t("The judgement failed.")
      : status === "running" && total ? t("Judging the moves: {done} of {count} decisions…", { done, count: total })
      : t("The moves wait to be judged…");
    $("judgement-status").textContent = told;
    $("judgement-progress").hidden = status !== "running" || !total;
    $("judgement-progress").max = Math.max(1, total);
    $("judgement-progress").value = done;
    // Beside the moves, the judgements the perspective could have made itself: a seat's own
    // decisions (another seat's best move would show its cards), every seat's for every seat,
    // none for the spectators; each seat's summary is shown to all.
    const shown = judgement.decisions.filter((decision) => review.perspective === "all" || decision.seat === review.perspective);
    judged = new Map(shown.map((decision) => [decision.number, decision]));
    $("summaries").replaceChildren(...judgement.summaries.map((summary) => el("li", {},
      el("strong", { text: nameOf(summary.seat) }), " ", summary.text)));
    for (const item of $("moves").children) {
      const decision = judged.get(Number(item.dataset.number));
      const old = item.querySelector(".label");
      if (old) old.remove();
      if (decision && decision.label !== "only move") {
        item.append(" ", el("span", { class: `label label-${decision.label}`, text: decision.label_text }));
      }
    }
    renderJudged();
    document.body.dataset.judgement = status;
  }

  // Asks how far the judgement is until it is done (the page works meanwhile).
  async function ask() {
    clearTimeout(asking);
    if (!judgement || judgement.status === "done" || judgement.status === "failed") return;
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/judgement?lang=${encodeURIComponent(eighthalf.lang())}`);
      if (answer.ok) judgement = await answer.json();
    } catch {
      // the server is away a moment: the next question is asked all the same
    }
    renderJudgement();
    asking = setTimeout(ask, ASK_MS);
  }

  // The list of every move, each a button that jumps to it.
  function renderMoves() {
    $("moves").replaceChildren(...review.frames.map((frame) => {
      const said = frame.number === 0 ? t("The cards are dealt.") : (frame.narration.join(" ") || t("{name} moved.", { name: nameOf(frame.last.seat) }));
      const label = frame.number === 0 ? t("The deal") : t("Move {number}", { number: frame.number });
      return el("li", { "data-number": frame.number },
        el("button", { type: "button", class: "link-button", onclick: () => go(frame.number) }, el("strong", { text: label })),
        " ", said);
    }));
  }

  function renderPerspectives() {
    const select = $("perspective");
    select.replaceChildren(...review.perspectives.map((each) =>
      el("option", { value: String(each), text: perspectiveLabel(each), selected: each === review.perspective })));
    select.disabled = review.perspectives.length < 2;
  }

  function go(to) {
    number = to;
    render();
  }

  async function choose(perspective) {
    try {
      review = await load(perspective);
      showError(null);
      renderPerspectives();
      renderMoves();
      judgement = review.judgement || judgement;
      renderJudgement();
      render();
    } catch (error) {
      showError(error.message);
    }
  }

  function setupControls() {
    $("first").addEventListener("click", () => go(0));
    $("previous").addEventListener("click", () => go(number - 1));
    $("next").addEventListener("click", () => go(number + 1));
    $("final").addEventListener("click", () => go(review.frames.length - 1));
    $("play-on").addEventListener("submit", playOn);
    $("scrub").addEventListener("input", () => go(Number($("scrub").value)));
    $("perspective").addEventListener("change", () => {
      const value = $("perspective").value;
      choose(/^\d+$/.test(value) ? Number(value) : value);
    });
    document.addEventListener("keydown", (event) => {
      const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
      if (!review || typing || event.ctrlKey || event.metaKey || event.altKey) return;
      const to = { ArrowLeft: number - 1, ArrowRight: number + 1, Home: 0, End: review.frames.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      go(to);
    });
  }

  async function start() {
    await eighthalf.ready;
    setupControls();
    const saved = eighthalf.savedSeat(tableId);
    token = saved ? saved.token : null;
    const params = new URLSearchParams(location.search);
    const asked = params.get("perspective");
    number = /^\d+$/.test(params.get("move") || "") ? Number(params.get("move")) : Number.MAX_SAFE_INTEGER;
    try {
      review = await load(asked === null ? undefined : asked);
    } catch (error) {
      $("position").textContent = t("No review");
      showError(error.code === "review-closed"
        ? t("During play a review shows only your own seat, on the device you play on. Every seat's review opens once the game is over.")
        : error.message);
      document.body.dataset.number = "none";
      return;
    }
    board = await eighthalf.loadBoard(review.table.game);
    rules = await eighthalf.loadRules(review.table.game);
    $("rules-link").hidden = !rules.page;
    if (rules.page) $("rules-link").href = rules.page;
    const rounds = review.table.rounds > 1 ? ` ${t("({rounds} rounds)", { rounds: review.table.rounds })}` : "";
    $("title").textContent = `${review.table.game}${rounds} · ${t("table {id}", { id: review.table.id })} · ${t("review")}`;
    document.title = t("Review of {game}, table {id} — eighthalf", { game: review.table.game, id: review.table.id });
    $("links").replaceChildren(el("a", { href: `/table/${encodeURIComponent(tableId)}`, text: t("Back to the table") }));
    renderPerspectives();
    renderMoves();
    setupPlayOn();
    judgement = review.judgement;
    renderJudgement();
    render();
    asking = setTimeout(ask, ASK_MS);
  }

  document.addEventListener("DOMContentLoaded", start);
})();
