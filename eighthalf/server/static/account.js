// The lobby's account area: sign in, make an account, log out (here or everywhere). Guests
// need none. The session is an HttpOnly cookie the page never reads: GET /api/session says
// who is signed in (docs: "Players, ratings and the queue").
"use strict";

(() => {
  const { $, el, api, t } = eighthalf;

  function say(message) {
    $("account-error").textContent = message || "";
    $("account-error").hidden = !message;
  }

  // The area as it is for the signed-in name, or for a guest (null); the new-table form
  // takes the account's name, and offers a rated table only to a signed-in person.
  function show(name) {
    $("account-form").hidden = name !== null;
    $("account-in").hidden = name === null;
    $("rated").disabled = name === null;
    if (name === null) {
      $("rated").checked = false;
      $("name").disabled = false;
      return;
    }
    const page = el("a", { href: `/players/${encodeURIComponent(name)}`, text: name });
    $("account-name").replaceChildren(t("Signed in as"), " ", page);
    $("name").value = name;
    $("name").disabled = true;
  }

  async function send(path) {
    say("");
    const body = { name: $("account-user").value.trim(), passphrase: $("account-passphrase").value };
    try {
      const answer = await api("POST", path, body);
      $("account-passphrase").value = "";
      show(answer.name);
    } catch (error) {
      say(error.message);
    }
  }

  async function end(path) {
    say("");
    try {
      await api("POST", path, {});
    } catch (error) {
      if (error.code !== "bad-session") say(error.message);
    }
    show(null);
  }

  async function start() {
    await eighthalf.ready;
    $("account-form").addEventListener("submit", (event) => {
      event.preventDefault();
      send("/api/session");
    });
    $("sign-up").addEventListener("click", () => send("/api/accounts"));
    $("log-out").addEventListener("click", () => end("/api/session/logout"));
    $("log-out-everywhere").addEventListener("click", () => end("/api/session/logout-everywhere"));
    try {
      show((await api("GET", "/api/session")).name);
    } catch {
      show(null); // a session that ended: the server cleared its cookie
    }
    $("account").dataset.ready = "1";
  }

  document.addEventListener("DOMContentLoaded", start);
})();
