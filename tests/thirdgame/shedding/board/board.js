// Shedding's board (the tests' third game, SH1-SH8), from its own folder: the pile's top card,
// the stock and the seat's hand; a person taps a card of the hand, then Play, or draws or
// passes. Plain on purpose: what the interface of app.js (eighthalf.board) asks of a game.
"use strict";

(() => {
  const { $, el, t, corners, cardButton, cardItem, fill } = eighthalf;

  // A card is its rank then its suit (SH1): "3h".
  const face = (card) => corners(card[1], card[0]);

  function draw(state, page) {
    if (!$("shedding-pile")) {
      page.area.replaceChildren(el("section", { id: "board-shedding", class: "board", "aria-labelledby": "shedding-heading" },
        el("h2", { id: "shedding-heading" }, el("span", { text: "Pile" }), " ", el("span", { id: "shedding-facts", class: "muted" })),
        el("ol", { id: "shedding-pile", class: "cards pile" })));
      page.own.replaceChildren(el("ul", { id: "hand", class: "cards", "aria-label": "Your hand" }));
    }
    const view = state.view;
    const top = view.pile.length ? [view.pile[view.pile.length - 1]] : [];
    fill($("shedding-pile"), top.map((card) => cardItem(`${card}, the top of the pile`, face(card), "plain", { "data-card": card })), "empty");
    $("shedding-facts").textContent = `(${view.stock} in the stock, move ${view.moves + 1})`;
    $("hand").hidden = page.seat === null;
    fill($("hand"), page.seat === null ? [] : view.hand.map((card, index) => page.pickButton(`h${index}`, { card },
      (pick, on) => cardButton(pick, card, face(card), "plain", on, { "data-card": card }))), "no cards");
  }

  function choose(state, picks) {
    const moves = state.moves;
    const card = picks.length === 1 ? picks[0].card : null;
    const ready = card !== null && moves.includes(card);
    let note = "Tap a card of your hand that matches the pile's top card in suit or rank (SH4), then Play.";
    if (picks.length > 1) note = "Play one card at a time.";
    else if (card !== null && ready) note = `Ready: play ${card}.`;
    else if (card !== null) { // the engine's reason, sent with the state (the entry's refusals)
      const why = (state.refused || {})[card];
      note = why ? `Not now: ${why.reason} (rule ${why.rule}).` : "Not now.";
    }
    return {
      note,
      actions: [
        { id: "play-button", key: "p", label: ready ? `Play ${card}` : "Play", move: ready ? card : null },
        { id: "draw", key: "d", label: "Draw", move: "draw", shown: moves.includes("draw"), secondary: true },
        { id: "pass", key: "s", label: "Pass", move: "pass", shown: moves.includes("pass"), secondary: true },
      ],
    };
  }

  function seats(view) {
    return { heads: ["Cards"], rows: view ? view.counts.map((count) => ({ cells: [count], notes: [] })) : [] };
  }

  eighthalf.board({ draw, choose, seats, ended: () => null, keys: "P plays, D draws, S passes." });
})();
