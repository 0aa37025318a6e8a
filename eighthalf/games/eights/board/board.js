// Eights' board in the browser (docs/eights.rst): the table's letters and the seat's hand, drawn
// from the seat's view in the state message, and the cards a person taps matched against the
// seat's legal moves (the server's). A spelling is its word's cards from the hand and the table
// plus, for each table card used, the hand card of its suit that replaces it (WT2-WT4): tapping
// those cards, in any order, picks the spelling; tapping only hand cards picks a pass that
// exchanges them (WP1, WP2). The interface it gives the table page (eighthalf.board) is
// described in app.js.
"use strict";

(() => {
  const { $, el, t, N_, corners, cardButton, cardItem, fill } = eighthalf;

  // ------------------------------------------------------------------ the cards (WS1)

  // A card shows its suit, a number 1-8, and its letter.
  function letterWords(card) {
    return t("{letter} of suit {suit}", { letter: card.slice(1).toUpperCase(), suit: card[0] });
  }

  const letterFace = (card) => corners(card[0], card.slice(1).toUpperCase());

  function letterButton(pick, card, selected) {
    return cardButton(pick, letterWords(card), letterFace(card), `letter suit${card[0]}`, selected, { "data-card": card });
  }

  // A table card when it is only shown (a spectator, or not this seat's turn).
  function letterItem(card, fresh) {
    const words = fresh ? t("{card}, just laid", { card: letterWords(card) }) : letterWords(card);
    return cardItem(words, letterFace(card), `letter suit${card[0]}${fresh ? " fresh" : ""}`, { "data-card": card });
  }

  // ------------------------------------------------------------------ the board

  function build(page) {
    page.area.replaceChildren(el("section", { id: "board-eights", class: "board", "aria-labelledby": "letters-heading" },
      el("h2", { id: "letters-heading" }, el("span", {}, page.rules ? page.rules.link(t("Table"), "table") : t("Table")), " ",
        el("span", { id: "eights-facts", class: "muted" })),
      el("ol", { id: "letters", class: "cards letters", "aria-labelledby": "letters-heading" })));
    page.own.replaceChildren(el("div", { class: "zones" }, el("ul", { id: "hand", class: "cards", "aria-label": t("Your hand") })));
  }

  // The table cards a spelling laid: the replacing cards of the last move.
  function laidCards(state) {
    const move = state.last ? state.last.move : "";
    if (!move || move.startsWith("pass")) return [];
    return move.split(" ").filter((card) => card.includes(">")).map((card) => card.split(">")[1]);
  }

  function draw(state, page) {
    if (!$("board-eights")) build(page);
    const { seat, mine, pickButton } = page;
    const view = state.view;
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
    $("hand").hidden = seat === null;
    if (seat !== null && view.hand !== null) {
      fill($("hand"), view.hand.map((card, index) =>
        pickButton(`h${index}`, { zone: "hand", card, index }, (pick, on) => letterButton(pick, card, on))), t("no cards in hand"));
      $("mine-heading").textContent = t("Your hand");
    } else {
      $("hand").replaceChildren();
    }
  }

  // ------------------------------------------------------------------ picking a move

  const key = (cards) => [...cards].sort().join(" ");

  // The legal moves read from their notation: "TWO 4w 6t 1o>1v" (the hand's 4w and 6t, the
  // table's 1o replaced by the hand's 1v), "pass", "pass 1e 4w" (an exchange).
  function parse(legal) {
    const spellings = [];
    const passes = [];
    for (const text of legal) {
      const [head, ...cards] = text.split(" ");
      if (head === "pass") {
        passes.push({ text, hand: key(cards), count: cards.length });
        continue;
      }
      const letters = cards.filter((card) => !card.includes(">"));
      const swaps = cards.filter((card) => card.includes(">")).map((card) => card.split(">"));
      const table = swaps.map(([used]) => used);
      const replacing = swaps.map(([, laid]) => laid);
      spellings.push({
        text, word: head, letters, swaps, tableCards: table, handCards: [...letters, ...replacing],
        table: key(table), hand: key([...letters, ...replacing]),
      });
    }
    return { spellings, passes };
  }

  // Whether every card of `part` is in `whole` (multisets).
  function within(part, whole) {
    const left = [...whole];
    for (const card of part) {
      const at = left.indexOf(card);
      if (at < 0) return false;
      left.splice(at, 1);
    }
    return true;
  }

  // The picks: {zone: "hand" | "table", card, index}. The answer: {spell, pass, note, word,
  // choices}: `spell` the spelling picked (or null), `pass` the pass these picks make (or
  // null), `word` the letters as they form, `choices` the spellings when these cards make
  // several (a person picks one of them).
  function pickMove(picks, context) {
    const { spellings, passes } = context.parsed;
    const hand = picks.filter((pick) => pick.zone === "hand").map((pick) => pick.card);
    const table = picks.filter((pick) => pick.zone === "table").map((pick) => pick.card);
    const word = picks.map((pick) => pick.card.slice(1).toUpperCase()).join("");
    const pass = table.length ? null : passes.find((each) => each.hand === key(hand)) || null;
    const answer = { spell: null, pass, word, choices: [], note: "" };
    if (!picks.length) {
      answer.note = spellings.length
        ? t("Tap hand and table cards to spell a number word, ONE to EIGHT, then Play; each table card you use needs a hand card of its suit to replace it.")
        : t("No word can be spelled: pass, or tap hand cards to exchange them as you pass.");
      return answer;
    }
    const exact = spellings.filter((each) => each.table === key(table) && each.hand === key(hand));
    if (exact.length === 1) {
      answer.spell = exact[0];
      answer.note = t("{word} can be spelled: {how}.", { word: exact[0].word, how: explain(exact[0]) });
      return answer;
    }
    if (exact.length > 1) {
      answer.choices = exact;
      answer.note = t("These cards spell more than one way: choose one.");
      return answer;
    }
    const growing = spellings.filter((each) => within(table, each.tableCards) && within(hand, each.handCards));
    answer.note = why(hand, table, growing, context, pass);
    return answer;
  }

  // "T from the table (1t, replaced by 1r), H and R and E from your hand".
  function explain(spelling) {
    const parts = [];
    if (spelling.letters.length) parts.push(t("{cards} from your hand", { cards: spelling.letters.join(" ") }));
    for (const [used, laid] of spelling.swaps) parts.push(t("{used} from the table, replaced by {laid}", { used, laid }));
    return parts.join("; ");
  }

  // What a selection that is no move yet still needs (a hint on making a spelling, not a refusal).
  function why(hand, table, growing, context, pass) {
    const { spellings, passes } = context.parsed;
    if (pass) {
      return hand.length
        ? t("Pass and exchange these {count} cards, or add cards to spell a word.", { count: hand.length })
        : t("Pass, or tap cards to spell a word.");
    }
    if (growing.length) {
      const words = [...new Set(growing.map((each) => each.word))].join(", ");
      return t("Go on: with more cards these can spell {words}.", { words });
    }
    if (!table.length) {
      if (!passes.length) return t("You can spell a word, so you may not pass (WT1); a spelling uses a table card (WT3).");
      const most = Math.max(...passes.map((each) => each.count));
      if (hand.length > most) return t("At most {count} cards can be exchanged: the stack holds no more (WP2).", { count: most });
      return t("A spelling uses at least one table card (WT3).");
    }
    for (const used of table) {
      const suit = used[0];
      if (!context.hand.some((card) => card[0] === suit)) {
        return t("You hold no suit {suit} card to replace {card} (WT4).", { suit, card: used });
      }
      if (!hand.some((card) => card[0] === suit)) {
        return t("Each table card you use needs a hand card of its suit to replace it: tap a suit {suit} card of your hand for {card} (WT4).",
          { suit, card: used });
      }
    }
    if (!spellings.length) return t("No word can be spelled now: pass (WT1).");
    return t("These cards spell no number word, ONE to EIGHT, with a hand card of its suit for each table card (WT2-WT4).");
  }

  let parsed = { moves: null, value: null }; // the last state's legal moves, read once

  function choose(state, picks) {
    if (parsed.moves !== state.moves) parsed = { moves: state.moves, value: parse(state.moves) };
    const answer = pickMove(picks, { parsed: parsed.value, hand: state.view.hand || [] });
    // the word once the cards spell it (a replacing card's letter is not the word's), else the letters tapped
    const letters = answer.spell ? answer.spell.word : answer.word;
    const word = el("p", { id: "word", class: `word${answer.spell ? " ok" : ""}`, "aria-hidden": "true", hidden: !answer.word },
      ...[...letters].map((letter) => el("span", { class: "tile", text: letter })),
      ...(answer.spell ? [el("span", { class: "verdict", text: ` ✓ ${t("can be played")}` })] : []));
    const exchange = answer.pass ? answer.pass.count : 0;
    return {
      note: answer.word && !answer.spell
        ? `${t("Letters: {letters}.", { letters: [...answer.word].join(" ") })} ${answer.note}` : answer.note,
      shown: [word],
      actions: [
        { id: "play-button", key: "p", label: answer.spell ? t("Spell {word}", { word: answer.spell.word }) : t("Play"),
          move: answer.spell ? answer.spell.text : null, shown: true },
        { id: "pass", key: "s", secondary: true, shown: parsed.value.passes.length > 0, move: answer.pass ? answer.pass.text : null,
          label: exchange ? (exchange === 1 ? t("Pass, exchanging 1 card") : t("Pass, exchanging {count} cards", { count: exchange })) : t("Pass") },
      ],
      choices: answer.choices.map((spelling) => ({
        label: t("Spell {word}: {how}", { word: spelling.word, how: explain(spelling) }), move: spelling.text,
      })),
    };
  }

  // ------------------------------------------------------------------ the seats and the hand's end

  function seats(view) {
    const heads = [t("Hand"), t("Words"), t("This hand"), t("Total")];
    const rows = view && view.hand_sizes ? view.hand_sizes.map((size, index) => {
      const words = view.piles[index] || [];
      return { cells: [size, words.length ? `${words.length}: ${words[words.length - 1].split(" ")[0]}` : "0",
        view.scores[index], view.totals[index]], notes: [] };
    }) : [];
    return { heads, rows };
  }

  function ended(state, page) {
    if (!(state.events || []).some((event) => event.type === "eights.HandOver")) return null;
    const view = state.view;
    return {
      heading: t("Hand {number} is over", { number: view.number }),
      heads: [t("Player"), t("Total")],
      rows: view.totals.map((total, index) => ({ name: page.nameOf(index), values: [total] })),
    };
  }

  // ------------------------------------------------------------------ the game's end: every card

  // Once the game is over, the frame's `final` is its whole state: every seat's hand and the stack
  // shown (WI2, WI3: secret during play), and each hand's points (WH2) that made the totals (WG3).
  function reveal(state, page) {
    const final = state.final;
    const hand = final.hand;
    const linked = (text) => (page.rules ? page.rules.linked(text) : [text]);
    const table = (caption, heads, rows) => el("table", { class: "scores reveal" }, el("caption", {}, ...linked(caption)),
      el("thead", {}, el("tr", {}, ...heads.map((head) => el("th", { scope: "col" }, ...linked(head))))),
      el("tbody", {}, ...rows.map(([head, ...values]) => el("tr", {}, el("th", { scope: "row", text: String(head) }),
        ...values.map((value) => el("td", { text: String(value) }))))));
    const cards = (list) => (list.length ? list.join(" ") : "—");
    const hands = table(t("Every card at the end (WI2, WI3)"), [t("Player"), t("Hand"), t("Words")],
      hand.hands.map((cardsHeld, index) => [page.nameOf(index), cards(cardsHeld), (hand.piles[index] || []).length]));
    const stack = el("p", {}, el("strong", { text: t("The stack, from the top:") }), ` ${cards(hand.stack)}`);
    const heads = [t("Player"), ...final.hand_scores.map((_, at) => t("Hand {number}", { number: at + 1 })), t("Total")];
    const scores = table(t("Each hand's points (WH2) and the totals (WG1)"), heads, final.totals.map((total, index) =>
      [page.nameOf(index), ...final.hand_scores.map((points) => points[index]), total]));
    return [hands, stack, scores];
  }

  eighthalf.board({ draw, choose, seats, ended, reveal, parse, pickMove, explain, keys: N_("P spells, S passes.") });
})();
