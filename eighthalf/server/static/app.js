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
  async function api(method, url, body) {
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
    return doc;
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

  // 8½'s ranks as people read them.
  const RANKS = { H: "½", G: "Ghost" };
  const rank = (symbol) => RANKS[symbol] || symbol;

  // A call in half points (8½: call_halves) as it is said: 7½, 8, 0.
  function call(halves) {
    const whole = Math.floor(halves / 2);
    return halves % 2 ? (whole ? `${whole}½` : "½") : String(whole);
  }

  // Who a seat is, from a table summary's seat: a person's name, a bot, or an open seat.
  function seatName(seat) {
    if (seat.bot) return `${seat.bot} (bot)`;
    if (seat.name) return seat.name;
    return `seat ${seat.seat} (open)`;
  }

  function absolute(path) {
    return new URL(path, location.href).href;
  }

  // Copy a link's field to the clipboard, the button saying whether it could.
  async function copyLink(input, button) {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select and copy";
    }
  }

  // A player-visible text: msgid is the English text, {key} placeholders take values[key].
  // (The translated pages look msgid up in a catalogue; this is the English identity.)
  function t(msgid, values) {
    return msgid.replace(/\{(\w+)\}/g, (whole, key) => (values && key in values ? String(values[key]) : whole));
  }

  // "1 open seat", "2 open seats".
  function openSeats(count) {
    return count === 1 ? t("1 open seat") : t("{count} open seats", { count });
  }

  return { t, openSeats, $, el, api, savedSeat, saveSeat, forgetSeat, savedName, saveName, rank, call, seatName, absolute, copyLink };
})();
