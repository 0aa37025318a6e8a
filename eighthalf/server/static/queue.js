// "Play now" on the lobby: the queue's form, its counts (GET /api/queue) and the wait on its
// websocket (/api/queue/wait), which ends with a seat: the page then moves to the table.
"use strict";

(() => {
  const { $, el, api, t, N_ } = eighthalf;
  const REFRESH_MS = 5000;
  // The kinds of play as the queue names them, and as a person reads them.
  const KIND_NAMES = { "8½ round": N_("8½ round"), "8½ match": N_("8½ match"), Eights: N_("Eights") };
  // What a person is told of a refused join, in words (the code and the API's message stay in the frame).
  const REFUSED = {
    "bad-kind": N_("Choose a kind of play from the list."),
    "bad-size": N_("Choose a number of players from the list."),
    "bad-name": N_("A name has 1 to 40 letters, no comma, and does not end in (bot)."),
    "in-queue": N_("You are in the queue already."),
    "database-unavailable": N_("The server cannot reach its database: try again in a moment."),
  };
  let kinds = [];
  let socket = null; // the connection that waits, or null

  const kindOf = () => kinds.find((kind) => kind.kind === $("queue-kind").value) || kinds[0];

  function showError(message) {
    $("queue-error").textContent = message || "";
    $("queue-error").hidden = !message;
  }

  function fillSizes() {
    const kind = kindOf();
    const select = $("queue-size");
    const keep = select.value || String(kind.sizes[0]);
    select.replaceChildren(...kind.sizes.map((size) => el("option", {
      value: size, text: t("{size} players · {count} waiting", { size, count: kind.waiting[String(size)] || 0 }),
    })));
    select.value = kind.sizes.map(String).includes(keep) ? keep : String(kind.sizes[0]);
  }

  async function refresh() {
    try {
      const answer = await api("GET", "/api/queue");
      kinds = answer.kinds;
      const select = $("queue-kind");
      const keep = select.value;
      if (select.options.length !== kinds.length) {
        select.replaceChildren(...kinds.map((kind) => el("option", { value: kind.kind, text: t(KIND_NAMES[kind.kind] || kind.kind) })));
      }
      if (keep) select.value = keep;
      fillSizes();
      $("play-now").hidden = false;
    } catch {
      $("play-now").hidden = true; // a server without a queue, or the offline table
    }
  }

  function waiting(on) {
    $("queue-join").disabled = on;
    $("queue-leave").hidden = !on;
    for (const id of ["queue-kind", "queue-size", "queue-name"]) $(id).disabled = on;
  }

  function join(event) {
    event.preventDefault();
    showError("");
    const name = $("queue-name").value.trim();
    if (!name) {
      showError(t("Your name, please."));
      $("queue-name").focus();
      return;
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/queue/wait`);
    socket = ws;
    waiting(true);
    $("queue-status").textContent = t("Waiting for a table…");
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "join", kind: $("queue-kind").value, size: Number($("queue-size").value), name }));
    });
    ws.addEventListener("message", (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "queued") {
        eighthalf.saveName(name);
      } else if (frame.type === "waiting") {
        $("queue-status").textContent = t("Place {place} of {waiting} · waited {waited} s · bots fill the table in {bots} s",
          { place: frame.place, waiting: frame.waiting, waited: Math.round(frame.waited), bots: Math.ceil(frame.bots_in) });
      } else if (frame.type === "seated") {
        socket = null;
        eighthalf.saveSeat(frame.table, frame.seat, frame.token);
        $("queue-status").textContent = t("Seated at seat {seat}: to the table.", { seat: frame.seat + 1 });
        location.assign(frame.link);
      } else if (frame.type === "left") {
        $("queue-status").textContent = t("You left the queue.");
      } else if (frame.type === "error") {
        showError(REFUSED[frame.code] ? t(REFUSED[frame.code]) : frame.text || frame.message);
        if (frame.code !== "in-queue") {
          $("queue-status").textContent = "";
          ws.close();
        }
      }
    });
    ws.addEventListener("close", () => {
      if (socket === ws) {
        socket = null;
        waiting(false);
        if ($("queue-error").hidden && $("queue-status").textContent !== t("You left the queue.")) {
          $("queue-status").textContent = t("The queue's connection was lost: join again.");
        }
      }
    });
  }

  function leave() {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "leave" }));
    else if (socket) socket.close();
  }

  async function start() {
    await eighthalf.ready;
    $("queue-name").value = eighthalf.savedName();
    $("queue-form").addEventListener("submit", join);
    $("queue-leave").addEventListener("click", leave);
    $("queue-kind").addEventListener("change", fillSizes);
    await refresh();
    setInterval(() => {
      if (document.visibilityState === "visible" && !socket) refresh();
    }, REFRESH_MS);
  }

  document.addEventListener("DOMContentLoaded", start);
})();
