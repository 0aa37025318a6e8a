// The boards of the table page: 8½'s call, pile and a seat's own cards (hand, open cards,
// blind cards, and in a match's exchange the others' open cards); Eights' table and hand.
// Each is drawn from the seat's view in the state frame; the cards a person may tap are
// buttons made by `pickButton` (table.js keeps what is selected).
"use strict";

eighthalf.boards = (() => {
  const { $, el, rank, t } = eighthalf;
  const PILE_SHOWN = 12;

  function fill(list, nodes, empty) {
    list.replaceChildren(...eighthalf.cards.items(nodes));
    if (!nodes.length) list.append(el("li", { class: "muted empty", text: empty }));
  }

  // How many of the pile's newest cards the last move laid (8½): none after a collect.
  function freshCount(state, pile) {
    const move = state.last ? state.last.move : "";
    if (!move || move === "c" || move === "d" || move[0] === "x" || !pile.length) return 0;
    if (pile[pile.length - 1][1] !== state.last.seat) return 0;
    if (move[0] === "b") return 1;
    return move[0] === "o" ? move.length - 1 : move.length;
  }

  function render8(state, view, mine, { seat, nameOf, pickButton }) {
    const round = view.type === "MatchView" ? view.round : view;
    $("board-8").hidden = false;
    $("board-eights").hidden = true;
    $("call").textContent = eighthalf.call(round.call_halves) + (round.pile.length ? "" : ` ${t("(new pile)")}`);
    $("lock").textContent = round.locked ? t("on") : t("off");
    $("at-risk").textContent = round.at_risk === null ? t("nobody") : nameOf(round.at_risk);
    $("move-number").textContent = String(round.move_number);
    $("round-fact").hidden = view.type !== "MatchView";
    if (view.type === "MatchView") {
      const deciding = view.exchange_by === null ? "" : t(", {name} may exchange (M3)", { name: nameOf(view.exchange_by) });
      $("round").textContent = t("{number} of {count}", { number: view.round_index + 1, count: view.rounds }) + deciding;
    }
    const pile = round.pile.slice(-PILE_SHOWN);
    const fresh = freshCount(state, round.pile);
    fill($("pile"), pile.map(([symbol, by], at) => eighthalf.cards.pileCard(symbol, nameOf(by), at >= pile.length - fresh)),
      round.opening ? t("empty: the opening card is {rank}", { rank: rank(round.opening) }) : t("empty"));
    $("pile-size").textContent = round.pile.length > PILE_SHOWN
      ? t("(top {shown} of {count}, newest last)", { shown: PILE_SHOWN, count: round.pile.length })
      : round.pile.length === 1 ? t("(1 card)") : t("({count} cards, newest last)", { count: round.pile.length });
    const own = seat === null ? null : round.seats[seat];
    $("open-zone").hidden = own === null;
    $("blind-zone").hidden = own === null || !own.blind_size;
    if (own && own.hand !== null) {
      const { rankButton, blindButton } = eighthalf.cards;
      fill($("hand"), [...own.hand].map((symbol, index) =>
        pickButton(`h${index}`, { zone: "hand", symbol, index }, (pick, on) => rankButton(pick, symbol, on))), t("no cards in hand"));
      fill($("open"), [...own.open].map((symbol, index) =>
        pickButton(`o${index}`, { zone: "open", symbol, index }, (pick, on) => rankButton(pick, symbol, on))), t("none"));
      fill($("blind"), Array.from({ length: own.blind_size }, (_, index) =>
        pickButton(`b${index}`, { zone: "blind", index }, (pick, on) => blindButton(index, own.blind_size, on))), t("none"));
      $("mine-heading").textContent = t("Your cards ({blind} blind, {bank} in the bank)", { blind: own.blind_size, bank: own.bank_size });
    }
    renderOthers(view, round, mine, { seat, nameOf, pickButton });
  }

  // A match's exchange (M3): the other seats' open cards, to take one of a Big Loser's.
  function renderOthers(view, round, mine, { seat, nameOf, pickButton }) {
    const exchanging = mine && view.type === "MatchView" && view.exchange_by === seat;
    $("others-zone").hidden = !exchanging;
    if (!exchanging) {
      $("others").replaceChildren();
      return;
    }
    const groups = round.seats.map((other, index) => {
      if (index === seat || !other.open) return null;
      const heading = el("h4", { id: `others-${index}`, text: nameOf(index) });
      const list = el("ul", { class: "cards", "aria-labelledby": `others-${index}` });
      fill(list, [...other.open].map((symbol, at) => pickButton(`x${index}.${at}`, { zone: "other", seat: index, symbol, index: at },
        (pick, on) => eighthalf.cards.rankButton(pick, symbol, on, { "data-card": null, "data-face": symbol }))), t("none"));
      return el("div", { class: "other" }, heading, list);
    });
    $("others").replaceChildren(...groups.filter(Boolean));
  }

  // The table cards a spelling laid (Eights): the replacing cards of the last move.
  function laidCards(state) {
    const move = state.last ? state.last.move : "";
    if (!move || move.startsWith("pass")) return [];
    return move.split(" ").filter((card) => card.includes(">")).map((card) => card.split(">")[1]);
  }

  function renderEights(state, view, mine, { seat, pickButton }) {
    $("board-8").hidden = true;
    $("board-eights").hidden = false;
    $("open-zone").hidden = true;
    $("blind-zone").hidden = true;
    $("others-zone").hidden = true;
    const { letterButton, letterItem } = eighthalf.cards;
    const laid = laidCards(state);
    fill($("letters"), view.table.map((card, index) => (mine
      ? pickButton(`t${index}`, { zone: "table", card, index }, (pick, on) => letterButton(pick, card, on))
      : letterItem(card, laid.includes(card)))), t("no cards"));
    if (mine) {
      for (const node of $("letters").querySelectorAll("[data-card]")) node.classList.toggle("fresh", laid.includes(node.dataset.card));
    }
    const target = view.rules.target ? t(", to {target}", { target: view.rules.target }) : "";
    const stack = Array.isArray(view.stack) ? view.stack.length : view.stack;
    $("eights-facts").textContent = t("(hand {hand}{target}, turn {turn}, {stack} in the stack)",
      { hand: view.number + 1, target, turn: view.turns + 1, stack });
    if (seat !== null && view.hand !== null) {
      fill($("hand"), view.hand.map((card, index) =>
        pickButton(`h${index}`, { zone: "hand", card, index }, (pick, on) => letterButton(pick, card, on))), t("no cards in hand"));
      $("mine-heading").textContent = t("Your hand");
    }
  }

  function renderPlain(view, { seat }) {
    // A game this page has no drawing of (a game registered by another package): its
    // view as the server sends it, field by field; its moves are typed.
    $("board-8").hidden = false;
    $("board-eights").hidden = true;
    $("open-zone").hidden = true;
    $("blind-zone").hidden = true;
    const lines = Object.entries(view)
      .filter(([key]) => !["format", "version", "type"].includes(key))
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    const text = document.createElement("pre");
    text.textContent = lines.join("\n");
    $("hand").replaceChildren(text);
    $("mine-heading").textContent = seat === null ? t("The table") : t("Your view");
  }

  return { fill, render8, renderEights, renderPlain };
})();
