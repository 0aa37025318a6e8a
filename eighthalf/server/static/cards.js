// The cards the table page draws: 8½'s rank cards and Eights' letter cards, as buttons a
// person taps (or reaches by Tab and the arrow keys and selects with Space or Enter), and
// as plain items where they are only shown (the pile). Each says what it is in words
// (aria-label), so colour is never the only thing that tells one card from another.
"use strict";

eighthalf.cards = (() => {
  const { el, t, N_ } = eighthalf;

  // 8½ (docs/rules.rst, S1): a rank card shows its rank; 1-4 and 6-8 are yellow, 5 blue,
  // 9 red, 0 green, ½ lilac, the Ghost black.
  const COLOURS = { 0: "green", 5: "blue", 9: "red", H: "lilac", G: "black" };
  const COLOUR_NAMES = { green: N_("green"), blue: N_("blue"), red: N_("red"), lilac: N_("lilac"), black: N_("black"), yellow: N_("yellow") };
  const RANK_NAMES = {
    0: N_("Zero"), 1: N_("One"), 2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six"),
    7: N_("Seven"), 8: N_("Eight"), 9: N_("Nine"), H: N_("Half"), G: N_("Ghost"),
  };
  const colour = (symbol) => COLOURS[symbol] || "yellow";
  const face = (symbol) => (symbol === "G" ? "G" : eighthalf.rank(symbol));

  // "Seven, yellow": a rank card in words.
  function rankWords(symbol) {
    return t("{rank}, {colour}", { rank: t(RANK_NAMES[symbol] || symbol), colour: t(COLOUR_NAMES[colour(symbol)]) });
  }

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

  function rankFace(symbol) {
    return corners(symbol === "G" ? t("Ghost") : eighthalf.rank(symbol), face(symbol));
  }

  // Eights (docs/eights.rst, WS1): a card shows its suit, a number 1-8, and its letter.
  function letterWords(card) {
    return t("{letter} of suit {suit}", { letter: card.slice(1).toUpperCase(), suit: card[0] });
  }

  function letterFace(card) {
    return corners(card[0], card.slice(1).toUpperCase());
  }

  // A card to tap: `pick` names it in the page's selection, `words` says what it is, and
  // `selected` is shown by raising it, outlining it and marking it with a tick, and said.
  function button(pick, words, faceNodes, classes, selected, attributes) {
    const label = selected ? t("{card}, selected", { card: words }) : words;
    const node = el("button", {
      type: "button", class: `card ${classes}${selected ? " selected" : ""}`, "data-pick": pick,
      "aria-pressed": selected ? "true" : "false", "aria-label": label, "data-words": words, ...(attributes || {}),
    }, ...faceNodes, el("span", { class: "mark", "aria-hidden": "true", text: "✓" }));
    return node;
  }

  function rankButton(pick, symbol, selected, attributes) {
    return button(pick, rankWords(symbol), rankFace(symbol), `rank ${colour(symbol)}`, selected,
      { "data-card": symbol, ...(attributes || {}) });
  }

  function letterButton(pick, card, selected, attributes) {
    return button(pick, letterWords(card), letterFace(card), `letter suit${card[0]}`, selected,
      { "data-card": card, ...(attributes || {}) });
  }

  // A blind card (8½, L4): face down, told by its position.
  function blindButton(position, count, selected) {
    const words = t("Blind card {number} of {count}, face down", { number: position + 1, count });
    return button(`b${position}`, words, [el("span", { class: "big", "aria-hidden": "true", text: "?" })],
      "blind", selected, { "data-blind": position });
  }

  // A pile card (not a control): its rank and who played it, newest last; `fresh`: played
  // by the last move.
  function pileCard(symbol, who, fresh) {
    const words = fresh
      ? t("{card}, played by {name}, the last move", { card: rankWords(symbol), name: who })
      : t("{card}, played by {name}", { card: rankWords(symbol), name: who });
    return el("li", { class: `card rank ${colour(symbol)}${fresh ? " fresh" : ""}`, "data-card": symbol, title: words },
      ...rankFace(symbol), el("span", { class: "by", "aria-hidden": "true", text: who }),
      el("span", { class: "sr", text: words }));
  }

  // A table card of Eights when it is only shown (a spectator, or not this seat's turn).
  function letterItem(card, fresh) {
    const words = fresh ? t("{card}, just laid", { card: letterWords(card) }) : letterWords(card);
    return el("li", { class: `card letter suit${card[0]}${fresh ? " fresh" : ""}`, "data-card": card, title: words },
      ...letterFace(card), el("span", { class: "sr", text: words }));
  }

  // Items of a card list: buttons go in list items so the list stays a list.
  function items(nodes) {
    return nodes.map((node) => (node.tagName === "LI" ? node : el("li", { class: "slot" }, node)));
  }

  return { rankWords, letterWords, rankButton, letterButton, blindButton, pileCard, letterItem, items, RANK_NAMES };
})();
