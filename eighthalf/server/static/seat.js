// The table page's seat: the token that proves it (from the join answer, the link's fragment or
// localStorage), the form that takes a seat, the private link that carries the token to a second
// device, and the seat's webhook. table.js follows the table and draws it; this module holds the
// token it connects with.

import { joinTable } from "./client.js";

/**
 * The seat that the page of the table `tableId` acts for: its `token` (null: none, a spectator),
 * `start()` (reads the token, or offers the seat the address asks for) and
 * `showPrivate(seat, over)` (shows the private box to a seated person).
 * @param {string} tableId the table's id
 * @param {() => void} connect connects the page (again): called once a seat is taken
 */
export function seatHolder(tableId, connect) {
  const { $, t } = eighthalf;
  const holder = { token: null };

  // The box of the seat's private link and webhook: shown to a person with a seat (`seat` not
  // null) and a token; a webhook is the server's: none offline, nor once the game is `over`.
  holder.showPrivate = (seat, over) => {
    const box = $("private");
    box.hidden = seat === null || !holder.token;
    box.open = false;
    $("private-link").value = "";
    $("webhook").hidden = box.hidden || typeof eighthalfLocal === "function" || over;
  };

  // The seat's webhook (POST, GET, DELETE /api/tables/{id}/webhook with the seat's token as a bearer
  // header): shown when the box opens; its secret is shown once, when it is saved.
  async function webhookRequest(method, body) {
    const headers = { authorization: `Bearer ${holder.token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/webhook`, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store",
    });
    const doc = await response.json().catch(() => null);
    if (!response.ok) throw new Error(doc && doc.error ? doc.error.message : `${response.status} ${response.statusText}`);
    return doc;
  }

  function showWebhook(hook, secret) {
    $("webhook-remove").hidden = !hook;
    $("webhook-url").value = hook ? hook.url : "";
    $("webhook-status").textContent = !hook ? t("No webhook yet.")
      : secret ? t("Saved. Its secret, shown this once, signs each call: {secret}", { secret })
        : t("Saved: {url}", { url: hook.url });
  }

  function setupWebhook() {
    const failed = (error) => { $("webhook-status").textContent = error.message; };
    $("webhook").addEventListener("toggle", () => {
      if ($("webhook").open && holder.token) {
        webhookRequest("GET").then((answer) => showWebhook(answer.webhook, null), failed);
      }
    });
    $("webhook-form").addEventListener("submit", (event) => {
      event.preventDefault();
      webhookRequest("POST", { url: $("webhook-url").value.trim() }).then((made) => showWebhook(made, made.secret), failed);
    });
    $("webhook-remove").addEventListener("click", () => {
      webhookRequest("DELETE").then(() => showWebhook(null, null), failed);
    });
  }

  function setupPrivate() {
    // The link holds the token in its fragment: never sent to the server, shown only on request.
    $("private").addEventListener("toggle", () => {
      $("private-link").value = $("private").open && holder.token
        ? eighthalf.absolute(`/table/${tableId}#token=${encodeURIComponent(holder.token)}`)
        : "";
    });
    $("private-copy").addEventListener("click", () => {
      if ($("private").open && holder.token) eighthalf.copyLink($("private-link"), $("private-copy"));
    });
  }

  function setupJoin(wanted) {
    $("join").hidden = false;
    $("join-heading").textContent = t("Take seat {seat}", { seat: wanted + 1 });
    $("join-button").textContent = t("Sit at seat {seat}", { seat: wanted + 1 });
    $("join-name").value = eighthalf.savedName();
    $("join-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = $("join-name").value.trim();
      if (!name) return;
      $("join-button").disabled = true;
      try {
        const joined = await joinTable(location.origin, tableId, wanted, name);
        holder.token = joined.token;
        eighthalf.saveSeat(tableId, joined.seat, joined.token);
        eighthalf.saveName(name);
        $("join").hidden = true;
        history.replaceState(null, "", location.pathname);
        connect();
      } catch (error) {
        $("join-error").textContent = eighthalf.words(error);
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

  holder.start = () => {
    setupPrivate();
    setupWebhook();
    // A second device's link carries the token in the fragment: keep it here, then drop it from the address.
    const fragment = new URLSearchParams(location.hash.slice(1));
    const params = new URLSearchParams(location.search);
    const saved = eighthalf.savedSeat(tableId);
    if (fragment.get("token")) {
      holder.token = fragment.get("token");
      eighthalf.saveSeat(tableId, null, holder.token);
      history.replaceState(null, "", location.pathname);
    } else if (saved) {
      holder.token = saved.token;
      if (params.has("seat")) history.replaceState(null, "", location.pathname);
    } else if (params.has("seat") && /^\d{1,2}$/.test(params.get("seat"))) {
      setupJoin(Number(params.get("seat")));
    }
  };

  return holder;
}
