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
  async function request(method, url, body) {
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

  // 8½'s ranks as people read them.
  const RANKS = { H: "½", G: N_("Ghost") };
  const rank = (symbol) => (RANKS[symbol] ? t(RANKS[symbol]) : symbol);

  // A call in half points (8½: call_halves) as it is said: 7½, 8, 0.
  function call(halves) {
    const whole = Math.floor(halves / 2);
    return halves % 2 ? (whole ? `${whole}½` : "½") : String(whole);
  }

  // Who a seat is, from a table summary's seat: a person's name, a bot, or an open seat.
  function seatName(seat) {
    if (seat.bot) return t("{bot} (bot)", { bot: seat.bot });
    if (seat.name) return seat.name;
    return t("seat {seat} (open)", { seat: seat.seat });
  }

  // Who each seat of a table is: as seatName, but a name that several seats share is told
  // apart by each seat's number ("greedy 1 (bot)", "greedy 2 (bot)"), as the server's
  // narration names them (eighthalf.server.games.seat_names).
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

  return {
    $, el, api, apiPage, savedSeat, saveSeat, forgetSeat, savedName, saveName, rank, call, seatName, seatNames, absolute, copyLink,
    t, N_, translate, ready, lang: () => language, openSeats,
  };
})();
