// 8½ by touch: the cards a person tapped, matched against the seat's legal moves (the
// server's, in the state frame). A selection is one move's cards or it is not; when it is
// not, the page says why in the rules' own words (docs/rules.rst: T2, T3, L3, L4, S5,
// P1-P7, M3), the same reasons the server gives for a refused move (eighthalf.reasons).
"use strict";

eighthalf.pick8 = (() => {
  const { t, rank } = eighthalf;
  const COMBINATION = "8H";

  // The picks: {zone: "hand" | "open" | "blind" | "other", symbol, index, seat}.
  // The answer: {move, ready, note}: `move` the notation the picks make (or null), `ready`
  // whether it is a legal move now, `note` what the page says about it.
  function choose(picks, context) {
    const { legal } = context;
    const exchanging = legal.some((move) => move[0] === "x" || move === "d");
    if (!picks.length) return { move: null, ready: false, note: hint(context, exchanging) };
    if (exchanging) return exchange(picks, context);
    const zones = new Set(picks.map((pick) => pick.zone));
    if (zones.has("other")) return refused(t("Other players' open cards are taken only in a match's exchange (M3)."));
    if (zones.size > 1) {
      return refused(t("Play cards from one place: your hand, your open cards or one blind card (T3)."));
    }
    const zone = picks[0].zone;
    const symbols = picks.map((pick) => pick.symbol).sort();
    let move;
    if (zone === "blind") {
      if (picks.length > 1) return refused(t("Turn one blind card at a time (L4)."));
      move = `b${picks[0].index}`;
    } else if (new Set(symbols).size === 1) {
      move = (zone === "open" ? "o" : "") + symbols.join("");
    } else if (zone === "hand" && symbols.join("") === COMBINATION) {
      move = COMBINATION;
    } else {
      return refused(zone === "hand"
        ? t("These cards are not one rank: play one rank, or 8 with ½ (T3).")
        : t("These cards are not one rank (T3)."));
    }
    if (legal.includes(move)) return { move, ready: true, note: describe(move) };
    const [reason, rule] = why(move, context);
    return { move, ready: false, note: t("Not now: {reason} (rule {rule}).", { reason, rule }) };
  }

  const refused = (note) => ({ move: null, ready: false, note });

  function hint(context, exchanging) {
    if (exchanging) {
      return t("You won the last round: tap one of your open cards and a Big Loser's open card to exchange them, or decline (M3).");
    }
    if (context.legal.length === 1 && context.legal[0] === "c") {
      return t("You have no legal play: collect the pile (T1).");
    }
    const own = context.own;
    if (own.hand.length) return t("Tap the cards to play from your hand, then Play.");
    if (own.open.length) return t("Your hand is empty: tap an open card, then Play (T2).");
    return t("Tap a blind card to turn it and play it (L4).");
  }

  function exchange(picks, context) {
    const mine = picks.filter((pick) => pick.zone === "open");
    const theirs = picks.filter((pick) => pick.zone === "other");
    if (mine.length !== 1 || theirs.length !== 1 || picks.length !== 2) {
      return refused(t("Tap one of your open cards and one open card of a Big Loser (M3)."));
    }
    const move = `x${mine[0].symbol}${theirs[0].seat}${theirs[0].symbol}`;
    if (context.legal.includes(move)) return { move, ready: true, note: describe(move, context.nameOf) };
    return { move, ready: false, note: t("Not now: you may take an open card only from a Big Loser of the last round (M3).") };
  }

  // A move as a person says it ("Play two 3s", "Collect the pile").
  function describe(move, nameOf) {
    const count = (n, symbol) => (n === 1
      ? t("Play a {rank}", { rank: rank(symbol) })
      : t("Play {count} × {rank}", { count: n, rank: rank(symbol) }));
    if (move === "c") return t("Collect the pile");
    if (move === "d") return t("Decline the exchange");
    if (move === COMBINATION) return t("Play 8 and ½");
    if (move[0] === "o") return t("{play} from your open cards", { play: count(move.length - 1, move[1]) });
    if (move[0] === "b") return t("Turn blind card {number}", { number: Number(move.slice(1)) + 1 });
    if (move[0] === "x") {
      const who = nameOf ? nameOf(Number(move[2])) : move[2];
      return t("Give your {give}, take {name}'s {take}", { give: rank(move[1]), name: who, take: rank(move[3]) });
    }
    return count(move.length, move[0]);
  }

  // Why a well-formed move of these cards is not legal: the engine's reason and rule
  // (eighthalf.engine's why_illegal, for the cards a seat holds).
  function why(move, context) {
    const { own, round, rules } = context;
    const zone = own.hand.length ? "hand" : own.open.length ? "open" : "blind";
    const call = eighthalf.call(round.call_halves);
    let token;
    let count;
    if (move[0] === "b") {
      if (zone === "open") return [t("blind cards are played only once hand and open cards are gone"), "L3"];
      return [t("blind cards are played only once hand and open cards are gone"), "T2"];
    }
    if (move[0] === "o") {
      if (zone === "hand") return [t("open cards are played only with an empty hand; play from the hand"), "T2"];
      if (zone === "blind") return [t("open cards are played only with an empty hand; play from the blind cards"), "L3"];
      if (move.length > 2 && !rules.open_runs) {
        return [t("one open card per turn (several of one rank only under the table option open_runs)"), "T3"];
      }
      token = move[1];
      count = move.length - 1;
    } else {
      if (zone !== "hand") {
        return [zone === "open"
          ? t("the hand is empty: play from the open cards")
          : t("the hand is empty: play from the blind cards"), "T2"];
      }
      if (round.opening !== null && round.opening !== undefined) {
        const opening = rank(round.opening);
        return rules.single_opening
          ? [t("the opening play is exactly one card, the lowest yellow card {rank} (table option single_opening)", { rank: opening }), "S5"]
          : [t("the opening play is the lowest yellow card, {rank}, with any copies", { rank: opening }), "S5"];
      }
      token = move === COMBINATION ? COMBINATION : move[0];
      count = move === COMBINATION ? 1 : move.length;
    }
    return whyPlay(token, count, round, call);
  }

  function whyPlay(token, count, round, call) {
    const eightHalf = 17; // a call of 8½ in half points
    if (token === "H") {
      if (round.call_halves !== eightHalf) {
        const most = eightHalf - round.call_halves;
        return [t("no ½ of a run may land on 8½ (table option halves_stop_at_8_half): {count} ½s on a call of {call} lay one on 8½; at most {most} may be played",
          { count, call, most }), "P3"];
      }
      return [t("½ cannot be played on a call of 8½"), "P3"];
    }
    if (token === "0") return [t("0 can be played only on a whole call, not on {call}", { call }), "P2"];
    if (round.locked) {
      return token === COMBINATION
        ? [t("under the 5-lock only 1–5, 0, ½ and Ghost may be played, not the 8½ combination"), "P7"]
        : [t("under the 5-lock only 1–5, 0, ½ and Ghost may be played, not a {rank}", { rank: token }), "P7"];
    }
    if (token === COMBINATION) return [t("the 8½ combination cannot go on a call of {call}", { call }), "P5"];
    if (round.call_halves === eightHalf) {
      return [t("on a call of 8½ only Ghosts, 8 with ½ and 9s may be played, not a {rank}", { rank: token }), "P6"];
    }
    return [t("a {rank} cannot be played on a call of {call}", { rank: token, call }), "P1"];
  }

  return { choose, describe };
})();
