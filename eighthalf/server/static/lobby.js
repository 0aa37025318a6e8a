// The lobby: the list of tables, and the form that makes a table (POST /api/tables), takes
// the creator's seat and shows the invitation links.
"use strict";

(() => {
  const { $, el, api, apiPage, t } = eighthalf;
  const REFRESH_MS = 5000;
  const PAGE = 50; // tables a page of the list, newest first (GET /api/tables?limit=)
  const YOUR_GAMES_MAX = 100; // the most seats one POST /api/your-games may claim
  let pages = 1; // the pages of the list shown: "More tables" adds one, a new filter starts again
  let next = null; // the address of the page after them, or null
  let asked = 0; // refreshes asked for: only the newest one's answer is shown

  let games = [];
  const chosen = () => games.find((game) => game.name === $("game").value) || games[0];

  function fillForm() {
    const game = chosen();
    const [least, most] = game.players;
    const players = $("players");
    const keep = Number(players.value) || least;
    players.replaceChildren(
      ...Array.from({ length: most - least + 1 }, (_, at) => el("option", { value: least + at, text: String(least + at) })),
    );
    players.value = String(Math.min(Math.max(keep, least), most));
    $("rounds-label").hidden = game.max_rounds <= 1;
    $("rounds").replaceChildren(
      ...Array.from({ length: game.max_rounds }, (_, at) =>
        el("option", { value: at + 1, text: at ? t("a match of {rounds} rounds", { rounds: at + 1 }) : t("a single round") }),
      ),
    );
    const options = $("options");
    options.replaceChildren();
    const rules = eighthalf.rulesOf(game); // each rule id of a hint links to that rule (in a new tab)
    // The game's table options, as its registry entry labels them (GET /api/games, in the page's language).
    for (const field of game.options) {
      const id = `option-${field.key}`;
      const value = game.rules[field.key];
      const hint = field.hint;
      if (field.kind === "flag") {
        options.append(
          el("label", { class: "check", title: hint },
            el("input", { id, type: "checkbox", "data-key": field.key, "data-kind": "flag", checked: value === true }),
            el("span", { text: field.label }), el("span", { class: "hint" }, ...rules.linked(hint))),
        );
      } else {
        options.append(
          el("label", { title: hint }, field.label,
            el("input", { id, type: "number", min: "1", step: "1", "data-key": field.key, "data-kind": "count",
              placeholder: value === null || value === undefined ? field.empty || t("none") : String(value) }),
            el("span", { class: "hint" }, ...rules.linked(hint))),
        );
      }
    }
    fillSeats();
  }

  function fillSeats() {
    const game = chosen();
    const list = $("seat-choices");
    const before = [...list.querySelectorAll("select")].map((select) => select.value);
    list.replaceChildren();
    for (let seat = 0; seat < Number($("players").value); seat += 1) {
      const fallback = seat === 0 ? "" : game.bots.includes("greedy") ? "greedy" : "";
      const select = el("select", { id: `seat-${seat}`, "data-seat": seat },
        el("option", { value: "", text: t("a person") }),
        // each bot with a word on its strength, as the game's registry entry gives it (GET /api/games, in the page's language)
        ...game.bots.map((bot) => el("option", { value: bot,
          text: game.bot_words[bot] ? t("bot: {bot} — {words}", { bot, words: game.bot_words[bot] }) : t("bot: {bot}", { bot }) })));
      select.value = before[seat] !== undefined && [...select.options].some((o) => o.value === before[seat]) ? before[seat] : fallback;
      list.append(el("li", {}, el("label", {}, t("Seat {seat}", { seat: seat + 1 }), select)));
    }
  }

  function showError(box, message) {
    $(box).textContent = message || "";
    $(box).hidden = !message;
  }

  function spec() {
    const game = chosen();
    const rules = {};
    for (const input of $("options").querySelectorAll("input")) {
      if (input.dataset.kind === "flag") {
        if (input.checked) rules[input.dataset.key] = true;
      } else if (input.value.trim() !== "") {
        rules[input.dataset.key] = Number(input.value);
      }
    }
    const body = {
      game: game.name,
      players: Number($("players").value),
      seats: [...$("seat-choices").querySelectorAll("select")].map((select) => select.value || null),
      rules,
    };
    if (game.max_rounds > 1) body.rounds = Number($("rounds").value);
    if ($("timed").checked) body.move_seconds = Number($("move-seconds").value);
    if ($("hints").checked) body.hints = true;
    const pace = $("pace").value.trim(); // empty: the server's default (1 s at a table of bots alone, else 0)
    if (pace !== "") body.pace = Number(pace);
    if ($("rated").checked) body.rated = true;
    const seed = $("seed").value.trim();
    if (seed !== "") body.seed = Number(seed);
    return body;
  }

  async function create(event) {
    event.preventDefault();
    showError("form-error", "");
    const body = spec();
    const name = $("name").value.trim();
    const mine = body.seats.findIndex((bot) => bot === null);
    if (mine >= 0 && !name) {
      showError("form-error", t("Your name, please: you take the first seat for a person."));
      $("name").focus();
      return;
    }
    $("create").disabled = true;
    try {
      const table = await api("POST", "/api/tables", body);
      let seat = null;
      if (mine >= 0) {
        const joined = await api("POST", `/api/tables/${table.id}/seats/${mine}`, { name });
        eighthalf.saveSeat(table.id, joined.seat, joined.token);
        eighthalf.saveName(name);
        seat = joined.seat;
      }
      showCreated(table, seat, name);
      refresh();
    } catch (error) {
      showError("form-error", eighthalf.words(error)); // words for a person: the code and the path are the API's
    } finally {
      $("create").disabled = false;
    }
  }

  function linkItem(label, path) {
    const url = eighthalf.absolute(path);
    const input = el("input", { type: "text", readOnly: true, value: url, "aria-label": label, class: "link" });
    const copy = el("button", { type: "button", class: "secondary", text: t("Copy") });
    copy.addEventListener("click", () => eighthalf.copyLink(input, copy));
    return el("li", {}, el("span", { class: "label", text: label }), el("span", { class: "copy" }, input, copy));
  }

  function showCreated(table, seat, name) {
    $("created").hidden = false;
    $("created-seat").textContent = seat === null
      ? t("Table {table}: {game}, every seat is a bot's. Watch it from the table page.", { table: table.id, game: table.game })
      : t("Table {table}: {game}. You sit at seat {seat} as {name}; this browser remembers your seat.",
        { table: table.id, game: table.game, seat: seat + 1, name });
    $("go").href = table.link;
    const list = $("invitations");
    list.replaceChildren();
    table.seats.forEach((each, index) => {
      if (each.open && index !== seat) list.append(linkItem(t("Seat {seat}", { seat: index + 1 }), table.invitations[index]));
    });
    list.append(linkItem(t("Spectators"), table.link));
    $("created").scrollIntoView({ block: "nearest" });
  }

  function describe(table) {
    if (table.abandoned) return t("ended as abandoned");
    if (table.result) {
      const names = eighthalf.seatNames(table.seats);
      const and = t(" and "); // not inside t()'s arguments: the extraction reads no nested call
      const winners = table.result.winners.map((index) => names[index]).join(and);
      return winners ? t("over: won by {names}", { names: winners }) : t("over: no winner");
    }
    const open = table.seats.filter((seat) => seat.open).length;
    if (!table.started) return open === 1 ? t("waiting for 1 more player") : t("waiting for {count} more players", { count: open });
    return t("playing, move {number}", { number: table.moves });
  }

  function row(table) {
    const facts = [
      table.rounds > 1 ? t("{rounds} rounds", { rounds: table.rounds }) : "",
      table.seeded ? t("seeded") : "",
      table.hints ? t("with hints") : "",
      table.rated ? t("rated") : "",
      table.move_seconds ? t("{seconds} s a move", { seconds: table.move_seconds }) : "",
    ].filter(Boolean);
    const seats = table.seats.map((seat) => {
      const online = seat.connected ? " ●" : "";
      return el("li", { class: seat.open ? "open" : "" }, seat.open ? t("{seat}: open", { seat: seat.seat + 1 }) : `${seat.seat + 1}: ${eighthalf.seatName(seat)}${online}`);
    });
    const mine = eighthalf.savedSeat(table.id);
    const open = table.seats.find((seat) => seat.open);
    const over = Boolean(table.result || table.abandoned); // a finished game is one to see, not to play
    const play = over || !mine ? t("Watch") : mine.seat === null ? t("Play") : t("Play (seat {seat})", { seat: mine.seat + 1 });
    const actions = [el("a", { href: `/table/${table.id}`, text: play })];
    if (!mine && open && !over) {
      actions.push(" ", el("a", { href: `/table/${table.id}?seat=${open.seat}`, text: t("Sit at {seat}", { seat: open.seat + 1 }) }));
    }
    if (over) {
      actions.push(" ", el("a", { href: `/table/${table.id}/review`, class: "review-link", text: t("Review") }));
    }
    return el("tr", { "data-table": table.id },
      el("td", {}, el("strong", { text: table.game }), facts.map((fact) => `, ${fact}`).join("")),
      el("td", {}, el("ul", { class: "seat-list" }, seats)),
      el("td", { text: describe(table) }),
      el("td", {}, actions));
  }

  // The list's first pages as they are now (as many as shown), of the tables the filter keeps.
  async function refresh() {
    const status = $("status-filter").value;
    const mine = ++asked;
    try {
      let url = `/api/tables?limit=${PAGE}${status ? `&status=${status}` : ""}`;
      const tables = [];
      for (let page = 0; page < pages && url; page += 1) {
        const answer = await apiPage(url);
        tables.push(...answer.items);
        url = answer.next;
      }
      if (mine !== asked) return; // a newer refresh (a new filter, more pages) shows its own answer
      next = url;
      $("tables").tBodies[0].replaceChildren(...tables.map(row));
      $("more").hidden = !next;
      $("no-tables").hidden = tables.length > 0;
      $("no-tables").textContent = status ? t("No such tables.") : t("No tables yet: make one.");
      $("refreshed").textContent = t("({count}, at {time})", { count: tables.length, time: new Date().toLocaleTimeString(eighthalf.lang()) });
      showError("list-error", "");
    } catch (error) {
      if (mine !== asked) return;
      showError("list-error", t("Cannot list the tables: {error}", { error: eighthalf.words(error) }));
    }
  }

  function more() {
    pages += 1;
    return refresh();
  }

  function filter() {
    pages = 1;
    return refresh();
  }

  // Your games: the seats this browser keeps (localStorage), asked of the server with their tokens in
  // a POST body (never in an address): the tables where it is this person's turn, the longest waiting first.
  function keptSeats() {
    const seats = [];
    for (let at = 0; at < localStorage.length && seats.length < YOUR_GAMES_MAX; at += 1) {
      const key = localStorage.key(at);
      if (!key || !key.startsWith("eighthalf:seat:")) continue;
      const table = key.slice("eighthalf:seat:".length);
      const saved = eighthalf.savedSeat(table);
      if (saved) seats.push({ table, token: saved.token });
    }
    return seats;
  }

  async function refreshYourGames() {
    const seats = keptSeats();
    const signedIn = !$("account-in").hidden; // the server adds a signed-in person's own seats
    if (!seats.length && !signedIn) {
      $("your-games").hidden = true;
      return;
    }
    try {
      const answer = await api("POST", "/api/your-games", { seats });
      $("your-games-heading").textContent = answer.count
        ? t("Your games: {count} waiting for you", { count: answer.count })
        : t("Your games: none waiting for you");
      $("your-games-list").replaceChildren(...answer.waiting.map((game) => el("li", {},
        el("a", { href: game.link, text: `${game.game}: ${game.names.join(", ")}` }),
        game.seconds_left === null ? "" : ` (${t("{seconds} s left", { seconds: Math.ceil(game.seconds_left) })})`)));
      $("your-games").hidden = false;
    } catch {
      $("your-games").hidden = true; // the list of tables below says what is wrong with the server
    }
  }

  // The header's links to each game's How to play page, in the page's language (a game without one: no link).
  function showRules() {
    const links = games.map((game) => eighthalf.rulesOf(game)).map((rules, at) => (rules.page
      ? el("a", { href: rules.page, "data-game": games[at].key, text: games[at].name }) : null)).filter(Boolean);
    $("howto-games").replaceChildren(...links.flatMap((link, at) => (at ? [" · ", link] : [link])));
    $("howto").hidden = !links.length;
  }

  async function start() {
    await eighthalf.ready;
    $("name").value = eighthalf.savedName();
    $("timed").addEventListener("change", () => {
      $("move-seconds").disabled = !$("timed").checked;
    });
    try {
      games = await api("GET", `/api/games?lang=${encodeURIComponent(eighthalf.lang())}`);
    } catch (error) {
      showError("form-error", t("Cannot load the games: {error}", { error: eighthalf.words(error) }));
      return;
    }
    $("game").replaceChildren(...games.map((game) => el("option", { value: game.name, text: game.name })));
    showRules();
    $("game").addEventListener("change", fillForm);
    $("players").addEventListener("change", fillSeats);
    $("new-table").addEventListener("submit", create);
    $("status-filter").addEventListener("change", filter);
    $("more").addEventListener("click", more);
    fillForm();
    await Promise.all([refresh(), refreshYourGames()]);
    setInterval(() => {
      if (document.visibilityState === "visible") Promise.all([refresh(), refreshYourGames()]);
    }, REFRESH_MS);
    document.body.dataset.ready = "1";
  }

  document.addEventListener("DOMContentLoaded", start);
})();
