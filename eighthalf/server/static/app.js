// What the lobby and the table page share: plain JavaScript, no build step, nothing fetched
// from elsewhere. The pages talk to the server of eighthalf.server: its HTTP API and its
// websocket protocol (docs: "Playing over a network").
"use strict";

const eighthalf = (() => {
  const $ = (id) => document.getElementById(id);

  // An element with attributes and children (strings become text, never HTML).
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("data-")) node.setAttribute(key, String(value));
      else if (key in node && typeof value !== "string") node[key] = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) node.append(child);
    }
    return node;
  }

  // The JSON answer of an API call, or an Error whose message is the server's.
  // The offline table (offline-api.js) answers from its own files.
  async function request(method, asked, body) {
    const url = typeof eighthalfLocal === "function" ? eighthalfLocal(method, asked) : asked;
    const response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
    let doc = null;
    try {
      doc = await response.json();
    } catch {
      doc = null;
    }
    if (!response.ok) {
      const error = doc && doc.error ? doc.error : { code: "http", message: `${response.status} ${response.statusText}` };
      throw Object.assign(new Error(error.message), { code: error.code, status: response.status });
    }
    return { doc, response };
  }

  async function api(method, url, body) {
    return (await request(method, url, body)).doc;
  }

  // A page of a paged list (GET /api/tables): its items, and the address of the next page
  // (the answer's Link header, rel="next"), or null on the last page.
  async function apiPage(url) {
    const { doc, response } = await request("GET", url);
    const link = /<([^>]*)>;\s*rel="next"/.exec(response.headers.get("link") || "");
    return { items: doc, next: link ? link[1] : null };
  }

  // A seat's token is kept on this device only, per table (never put in a URL sent to the server).
  const seatKey = (table) => `eighthalf:seat:${table}`;

  function savedSeat(table) {
    try {
      const saved = JSON.parse(localStorage.getItem(seatKey(table)) || "null");
      const seated = saved && (saved.seat === null || Number.isInteger(saved.seat));
      return seated && typeof saved.token === "string" ? saved : null;
    } catch {
      return null;
    }
  }

  function saveSeat(table, seat, token) {
    localStorage.setItem(seatKey(table), JSON.stringify({ seat, token }));
  }

  function forgetSeat(table) {
    localStorage.removeItem(seatKey(table));
  }

  function savedName() {
    return localStorage.getItem("eighthalf:name") || "";
  }

  function saveName(name) {
    localStorage.setItem("eighthalf:name", name);
  }

  // ------------------------------------------------------------------ languages
  // The pages speak English, French or Dutch (docs: "Languages: English, French and Dutch"):
  // the language is the page's setting (a select marked data-language, kept in localStorage),
  // else the browser's (its Accept-Language, as the server reads it), else English. The
  // catalogue is the server's (GET /api/i18n/{lang}), compiled from eighthalf/locale/*/pages.po.
  const LANGUAGES = { en: "English", fr: "Français", nl: "Nederlands" };
  const LANGUAGE_KEY = "eighthalf:lang";
  const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  let messages = {};
  let language = "en";

  function savedLanguage() {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    return saved && own(LANGUAGES, saved) ? saved : null;
  }

  // The English message msgid in the page's language, its {placeholders} filled from values.
  // A msgid is a plain string literal (the extraction reads t("...") calls: see docs/languages.rst).
  function t(msgid, values) {
    const text = own(messages, msgid) && messages[msgid] ? messages[msgid] : msgid;
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (own(values, name) ? String(values[name]) : whole));
  }

  // Marks msgid for the extraction where it is written, to be told with t() where it is shown.
  const N_ = (msgid) => msgid;

  // Put the page's language into the marked elements under root: the text of each element
  // marked data-i18n (its English text is kept as the attribute's value), and each attribute
  // <name> of an element with data-i18n-<name> (the English text).
  function translate(root) {
    const scope = root || document;
    for (const node of scope.querySelectorAll("[data-i18n]")) {
      if (!node.dataset.i18n) node.dataset.i18n = node.textContent.trim().replace(/\s+/g, " ");
      node.textContent = t(node.dataset.i18n);
    }
    for (const node of scope.querySelectorAll("*")) {
      for (const name of node.getAttributeNames()) {
        if (name.startsWith("data-i18n-")) node.setAttribute(name.slice("data-i18n-".length), t(node.getAttribute(name)));
      }
    }
  }

  // The language setting: each select marked data-language offers the three, and a choice is
  // kept on this device and applied by loading the page again.
  function languageSelects() {
    for (const select of document.querySelectorAll("select[data-language]")) {
      select.replaceChildren(
        ...Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, lang: code, text: name })),
      );
      select.value = language;
      select.addEventListener("change", () => {
        localStorage.setItem(LANGUAGE_KEY, select.value);
        location.reload();
      });
    }
  }

  async function loadLanguage() {
    const asked = savedLanguage();
    try {
      const answer = await api("GET", asked ? `/api/i18n/${asked}` : "/api/i18n");
      language = answer.lang;
      messages = answer.messages;
    } catch {
      language = asked || "en";
      messages = {};
    }
    document.documentElement.lang = language;
    translate(document);
    languageSelects();
    return language;
  }

  // Resolves to the page's language once its catalogue is in: a page's script awaits it
  // before it writes any text with t().
  const ready = loadLanguage();

  // Who a seat is, from a table summary's seat: a person's name, a bot, or an open seat.
  function seatName(seat) {
    if (seat.bot) return t("{bot} (bot)", { bot: seat.bot });
    if (seat.name) return seat.name;
    return t("seat {seat} (open)", { seat: seat.seat + 1 });
  }

  // Who each seat of a table is: as seatName, but a name that several seats share is told
  // apart by each seat's number ("greedy 1 (bot)", "greedy 2 (bot)"), as the server's
  // narration names them (eighthalf.server.protocol.games.seat_names).
  function seatNames(seats) {
    const key = (seat) => (seat.bot ? `bot:${seat.bot}` : seat.name ? `name:${seat.name}` : null);
    const shared = (seat) => seats.filter((other) => key(other) !== null && key(other) === key(seat)).length > 1;
    return seats.map((seat) => {
      if (!shared(seat)) return seatName(seat);
      return seat.bot
        ? t("{bot} {seat} (bot)", { bot: seat.bot, seat: seat.seat })
        : `${seat.name} ${seat.seat}`;
    });
  }

  // What a person reads of a refusal: the API's message without the JSON path it starts with
  // ("$.players: Eights is played by 2 to 6 players, not 7 (WS2)" shows from "Eights ..."); the
  // code and the path stay in the API's answer, for programs.
  function words(error) {
    const text = String((error && error.message) || error || "").replace(/^\$[^\s:]*: /, "");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function absolute(path) {
    return new URL(path, location.href).href;
  }

  // Copy a link's field to the clipboard, the button saying whether it could.
  async function copyLink(input, button) {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = t("Copied");
    } catch {
      button.textContent = t("Select and copy");
    }
  }

  // "1 open seat", "2 open seats".
  function openSeats(count) {
    return count === 1 ? t("1 open seat") : t("{count} open seats", { count });
  }

  // ------------------------------------------------------------------ cards and boards
  // What every game's cards share: a card is a button a person taps (or reaches by Tab and
  // the arrow keys and selects with Space or Enter), or a plain item where it is only shown.
  // Each says what it is in words (aria-label), so colour is never the only thing that tells
  // one card from another. A game's board (below) draws its own faces with these.

  // A card's two corners around its face, the lower one upside down. A 6 or a 9 in a corner is
  // underlined, as on printed cards, so that the one upside down is not read as the other.
  function corners(index, big) {
    const turnable = index === "6" || index === "9" ? " turnable" : "";
    return [
      el("span", { class: `corner top${turnable}`, "aria-hidden": "true", text: index }),
      el("span", { class: "big", "aria-hidden": "true", text: big }),
      el("span", { class: `corner bottom${turnable}`, "aria-hidden": "true", text: index }),
    ];
  }

  // A card to tap: `pick` names it in the page's selection, `words` says what it is, and
  // `selected` is shown by raising it, outlining it and marking it with a tick, and said.
  function cardButton(pick, words, faceNodes, classes, selected, attributes) {
    const label = selected ? t("{card}, selected", { card: words }) : words;
    return el("button", {
      type: "button", class: `card ${classes}${selected ? " selected" : ""}`, "data-pick": pick,
      "aria-pressed": selected ? "true" : "false", "aria-label": label, "data-words": words, ...(attributes || {}),
    }, ...faceNodes, el("span", { class: "mark", "aria-hidden": "true", text: "✓" }));
  }

  // A card only shown (not a control): its face and its words, for the eye and the ear.
  function cardItem(words, faceNodes, classes, attributes) {
    return el("li", { class: `card ${classes}`, title: words, ...(attributes || {}) }, ...faceNodes, el("span", { class: "sr", text: words }));
  }

  // Fill a card list: buttons go in list items so the list stays a list; `empty` says an empty one.
  function fill(list, nodes, empty) {
    list.replaceChildren(...nodes.map((node) => (node.tagName === "LI" ? node : el("li", { class: "slot" }, node))));
    if (!nodes.length) list.append(el("li", { class: "muted empty", text: empty }));
  }

  // A game's board: the script board.js of the game's own folder (its registry entry's board,
  // served at /games/<key>/board/, listed by GET /api/games), loaded by the table page for
  // the game of its table. The script calls eighthalf.board(definition) once; the table page
  // (table.js) then calls the definition's members, documented in docs/server.rst ("A
  // game's board"):
  //   draw(state, page)         draw the state message's view: the board in page.area, the
  //                             seat's own cards in page.own; each card a person may tap made
  //                             with page.pickButton(pick, what, make);
  //   choose(state, picks, page) -> {note, actions, choices, shown}: what the tapped cards
  //                             (their `what`s, in the order tapped) make: the sentence that
  //                             says it, the buttons ({id, label, move, key, shown}; a move
  //                             null: off), the moves to choose among, nodes shown above;
  //   seats(view, page) -> {heads, rows}: the seats table's own columns and each seat's cells
  //                             and notes (view: null before the first state);
  //   ended(state, page) -> {heading, heads, rows} | null: a round's end, to show its scores;
  //   keys: the keyboard's letters for the buttons, in words (a msgid).
  // `page` gives seat (null: a spectator), mine (the seat may move now), nameOf(seat), area,
  // own, and pickButton. A game without a board is shown plainly: its view's fields, its moves typed.
  let defined = null;

  function board(definition) {
    defined = definition;
  }

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.onload = resolve;
      script.onerror = () => reject(new Error(`cannot load ${src}`));
      script.src = src;
      document.head.append(script);
    });
  }

  // The board of the game named `name` (from GET /api/games), or null if the game has none.
  async function loadBoard(name) {
    const games = await api("GET", `/api/games?lang=${encodeURIComponent(language)}`);
    const game = games.find((each) => each.name === name);
    if (!game || !game.board) return null;
    defined = null;
    await loadScript(game.board);
    if (!defined) throw new Error(`${game.board} defined no board`);
    return { ...defined, key: game.key };
  }

  // ------------------------------------------------------------------ how to play
  // A game's "How to play" page (docs: "The browser table"): GET /api/games gives its address
  // (rules_page, or null: the game has none) and the rule ids it has an anchor for (rule_ids).
  // rulesOf(game) gives the links a page makes to it, in the page's language, each opening in
  // a new tab (the table stays where it is): page, the page's address (or null); link(text, id),
  // a link to the anchor id (a rule id, or a word such as "the-call"), or the plain text without a
  // page; linked(text), the text's nodes with each rule id in it a link to that rule.
  function rulesOf(game) {
    const page = game && game.rules_page ? game.rules_page : null;
    const ids = page ? [...(game.rule_ids || [])] : [];
    const href = (id) => `${page}?lang=${encodeURIComponent(language)}${id ? `#${encodeURIComponent(id)}` : ""}`;
    const escaped = ids.sort((a, b) => b.length - a.length).map((id) => id.replace(/[^A-Za-z0-9]/g, "\\$&"));
    const pattern = escaped.length ? new RegExp(`(?<![A-Za-z0-9])(${escaped.join("|")})(?![A-Za-z0-9])`, "g") : null;
    const link = (text, id) => (page
      ? el("a", { href: href(id), target: "_blank", rel: "noopener", class: "rule-link", "data-rule": id || "", text })
      : text);
    function linked(text) {
      const whole = text === null || text === undefined ? "" : String(text);
      if (!pattern) return [whole];
      const nodes = [];
      let at = 0;
      for (const found of whole.matchAll(pattern)) {
        nodes.push(whole.slice(at, found.index), link(found[0], found[0]));
        at = found.index + found[0].length;
      }
      nodes.push(whole.slice(at));
      return nodes.filter((node) => node !== "");
    }
    return { page: page ? href(null) : null, ids, link, linked };
  }

  // The links to the "How to play" page of the game named `name` (rulesOf; none if it has no page).
  async function loadRules(name) {
    const games = await api("GET", `/api/games?lang=${encodeURIComponent(language)}`);
    return rulesOf(games.find((each) => each.name === name) || null);
  }

  return {
    $, el, api, apiPage, savedSeat, saveSeat, forgetSeat, savedName, saveName, seatName, seatNames, absolute, copyLink,
    words, t, N_, translate, ready, lang: () => language, openSeats,
    corners, cardButton, cardItem, fill, board, loadBoard, rulesOf, loadRules,
  };
})();
