// Eights by touch: the hand and table cards a person tapped, matched against the seat's
// legal moves (the server's, in the state frame). A spelling is its word's cards from the
// hand and the table plus, for each table card used, the hand card of its suit that
// replaces it (docs/eights.rst, WT2-WT4): tapping those cards, in any order, picks the
// spelling; tapping only hand cards picks a pass that exchanges them (WP1, WP2).
"use strict";

eighthalf.pickEights = (() => {
  const { t } = eighthalf;
  const WORDS = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT"];

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

  // The picks: {zone: "hand" | "table", card, index}. The answer: {spell, pass, note,
  // word, choices}: `spell` the spelling picked (or null), `pass` the pass these picks make
  // (or null), `word` the letters as they form, `choices` the spellings when these cards
  // make several (a person picks one of them).
  function choose(picks, context) {
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
    if (spelling.letters.length) {
      parts.push(t("{cards} from your hand", { cards: spelling.letters.join(" ") }));
    }
    for (const [used, laid] of spelling.swaps) parts.push(t("{used} from the table, replaced by {laid}", { used, laid }));
    return parts.join("; ");
  }

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
      if (hand.length > most) {
        return t("At most {count} cards can be exchanged: the stack holds no more (WP2).", { count: most });
      }
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

  return { parse, choose, explain, WORDS };
})();
