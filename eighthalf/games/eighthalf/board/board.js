// 8½'s board in the browser (docs/rules.rst): the call, the pile and a seat's own cards (hand,
// open cards, blind cards, and in a match's exchange the others' open cards), drawn from the
// seat's view in the state message; the cards a person taps, matched against the seat's legal
// moves. When the tapped cards make a play that is not legal now, the page says why in the
// engine's own words: the reason the server sent with the state (its `refused` field, made by
// eighthalf/games/eighthalf/reasons.py), never a copy of the rules here. The interface it
// gives the table page (eighthalf.board) is described in app.js.
"use strict";

(() => {
  const { $, el, t, N_, corners, cardButton, cardItem, fill } = eighthalf;
  const PILE_SHOWN = 12;
  const COMBINATION = "8H";

  // ------------------------------------------------------------------ the cards (S1)

  // A rank card shows its rank; 1-4 and 6-8 are yellow, 5 blue, 9 red, 0 green, ½ lilac, the Ghost black.
  const RANKS = { H: "½", G: N_("Ghost") };
  const rank = (symbol) => (RANKS[symbol] ? t(RANKS[symbol]) : symbol);
  const COLOURS = { 0: "green", 5: "blue", 9: "red", H: "lilac", G: "black" };
  const COLOUR_NAMES = { green: N_("green"), blue: N_("blue"), red: N_("red"), lilac: N_("lilac"), black: N_("black"), yellow: N_("yellow") };
  const RANK_NAMES = {
    0: N_("Zero"), 1: N_("One"), 2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six"),
    7: N_("Seven"), 8: N_("Eight"), 9: N_("Nine"), H: N_("Half"), G: N_("Ghost"),
  };
  const colour = (symbol) => COLOURS[symbol] || "yellow";

  // A call in half points (call_halves) as it is said: 7½, 8, 0.
  function call(halves) {
    const whole = Math.floor(halves / 2);
    return halves % 2 ? (whole ? `${whole}½` : "½") : String(whole);
  }

  // "Seven, yellow": a rank card in words.
  function rankWords(symbol) {
    return t("{rank}, {colour}", { rank: t(RANK_NAMES[symbol] || symbol), colour: t(COLOUR_NAMES[colour(symbol)]) });
  }

  const rankFace = (symbol) => corners(symbol === "G" ? t("Ghost") : rank(symbol), symbol === "G" ? "G" : rank(symbol));

  function rankButton(pick, symbol, selected, attributes) {
    return cardButton(pick, rankWords(symbol), rankFace(symbol), `rank ${colour(symbol)}`, selected,
      { "data-card": symbol, ...(attributes || {}) });
  }

  // A blind card (L4): face down, told by its position.
  function blindButton(position, count, selected) {
    const words = t("Blind card {number} of {count}, face down", { number: position + 1, count });
    return cardButton(`b${position}`, words, [el("span", { class: "big", "aria-hidden": "true", text: "?" })],
      "blind", selected, { "data-blind": position });
  }

  // A pile card: its rank and who played it, newest last; `fresh`: played by the last move.
  function pileCard(symbol, who, fresh) {
    const words = fresh
      ? t("{card}, played by {name}, the last move", { card: rankWords(symbol), name: who })
      : t("{card}, played by {name}", { card: rankWords(symbol), name: who });
    const node = cardItem(words, rankFace(symbol), `rank ${colour(symbol)}${fresh ? " fresh" : ""}`, { "data-card": symbol });
    node.lastChild.before(el("span", { class: "by", "aria-hidden": "true", text: who }));
    return node;
  }

  // ------------------------------------------------------------------ the board

  const roundOf = (view) => (view.type === "MatchView" ? view.round : view);

  // The board's sections, made once: the call and its facts, and the pile; the seat's own zones.
  // Each fact's term links to its explanation on the game's How to play page (the anchor of its word or rule).
  function build(page) {
    const term = (label, anchor) => (page.rules && anchor ? page.rules.link(t(label), anchor) : t(label));
    const fact = (label, id, anchor) => el("div", {}, el("dt", {}, term(label, anchor)), el("dd", { id }));
    page.area.replaceChildren(el("section", { id: "board-8", class: "board", "aria-labelledby": "pile-heading" },
      el("dl", { class: "facts" },
        el("div", { class: "call" }, el("dt", {}, term(N_("Call"), "the-call")), el("dd", { id: "call" })),
        fact(N_("5-lock"), "lock", "five-lock"), fact(N_("At risk"), "at-risk", "at-risk"), fact(N_("Move"), "move-number"),
        el("div", { id: "round-fact", hidden: true }, el("dt", {}, term(N_("Round"), "M1")), el("dd", { id: "round" }))),
      el("h2", { id: "pile-heading" }, el("span", { text: t("Pile") }), " ", el("span", { id: "pile-size", class: "muted" })),
      el("ol", { id: "pile", class: "cards pile", "aria-labelledby": "pile-heading" })));
    const zone = (id, heading, list) => el("div", { id: `${id}-zone` }, el("h3", { id: `${id}-heading`, text: t(heading) }),
      el("ul", { id: list || id, class: "cards", "aria-labelledby": `${id}-heading` }));
    page.own.replaceChildren(
      el("div", { class: "zones" },
        el("ul", { id: "hand", class: "cards", "aria-label": t("Your hand") }), zone("open", N_("Open cards")), zone("blind", N_("Blind cards"))),
      el("div", { id: "others-zone", hidden: true }, el("h3", { id: "others-heading", text: t("The Big Losers' open cards") }), el("div", { id: "others" })));
  }

  // How many of the pile's newest cards the last move laid: none after a collect.
  function freshCount(state, pile) {
    const move = state.last ? state.last.move : "";
    if (!move || move === "c" || move === "d" || move[0] === "x" || !pile.length) return 0;
    if (pile[pile.length - 1][1] !== state.last.seat) return 0;
    if (move[0] === "b") return 1;
    return move[0] === "o" ? move.length - 1 : move.length;
  }

  function draw(state, page) {
    if (!$("board-8")) build(page);
    const { seat, nameOf, pickButton } = page;
    const view = state.view;
    const round = roundOf(view);
    $("call").textContent = call(round.call_halves) + (round.pile.length ? "" : ` ${t("(new pile)")}`);
    $("lock").textContent = round.locked ? t("on") : t("off");
    $("at-risk").textContent = round.at_risk === null ? t("nobody") : nameOf(round.at_risk);
    $("move-number").textContent = String(round.move_number);
    $("round-fact").hidden = view.type !== "MatchView";
    if (view.type === "MatchView") {
      const deciding = view.exchange_by === null ? "" : t(", {name} may exchange (M3)", { name: nameOf(view.exchange_by) });
      const which = t("{number} of {count}", { number: view.round_index + 1, count: view.rounds }) + deciding;
      $("round").replaceChildren(...(page.rules ? page.rules.linked(which) : [which])); // its rule id a link (M3)
    }
    const pile = round.pile.slice(-PILE_SHOWN);
    const fresh = freshCount(state, round.pile);
    fill($("pile"), pile.map(([symbol, by], at) => pileCard(symbol, nameOf(by), at >= pile.length - fresh)),
      round.opening ? t("empty: the opening card is {rank}", { rank: rank(round.opening) }) : t("empty"));
    $("pile-size").textContent = round.pile.length > PILE_SHOWN
      ? t("(top {shown} of {count}, newest last)", { shown: PILE_SHOWN, count: round.pile.length })
      : round.pile.length === 1 ? t("(1 card)") : t("({count} cards, newest last)", { count: round.pile.length });
    const own = seat === null ? null : round.seats[seat];
    $("hand").hidden = own === null;
    $("open-zone").hidden = own === null;
    $("blind-zone").hidden = own === null || !own.blind_size;
    if (own && own.hand !== null) {
      fill($("hand"), [...own.hand].map((symbol, index) =>
        pickButton(`h${index}`, { zone: "hand", symbol, index }, (pick, on) => rankButton(pick, symbol, on))), t("no cards in hand"));
      fill($("open"), [...own.open].map((symbol, index) =>
        pickButton(`o${index}`, { zone: "open", symbol, index }, (pick, on) => rankButton(pick, symbol, on))), t("none"));
      fill($("blind"), Array.from({ length: own.blind_size }, (_, index) =>
        pickButton(`b${index}`, { zone: "blind", index }, (pick, on) => blindButton(index, own.blind_size, on))), t("none"));
      $("mine-heading").textContent = t("Your cards ({blind} blind, {bank} in the bank)", { blind: own.blind_size, bank: own.bank_size });
    } else {
      $("hand").replaceChildren();
      $("open").replaceChildren();
    }
    drawOthers(view, round, page);
  }

  // A match's exchange (M3): the other seats' open cards, to take one of a Big Loser's.
  function drawOthers(view, round, { seat, mine, nameOf, pickButton }) {
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
        (pick, on) => rankButton(pick, symbol, on, { "data-card": null, "data-face": symbol }))), t("none"));
      return el("div", { class: "other" }, heading, list);
    });
    $("others").replaceChildren(...groups.filter(Boolean));
  }

  // ------------------------------------------------------------------ picking a move

  // The picks: {zone: "hand" | "open" | "blind" | "other", symbol, index, seat}; the context:
  // {legal, own, refused, nameOf}. The answer: {move, ready, note}: `move` the notation the
  // picks make (or null), `ready` whether it is a legal move now, `note` what the page says.
  function pickMove(picks, context) {
    const { legal } = context;
    const exchanging = legal.some((move) => move[0] === "x" || move === "d");
    if (!picks.length) return { move: null, ready: false, note: hint(context, exchanging) };
    let move;
    if (exchanging) {
      const mine = picks.filter((pick) => pick.zone === "open");
      const theirs = picks.filter((pick) => pick.zone === "other");
      if (mine.length !== 1 || theirs.length !== 1 || picks.length !== 2) {
        return refused(t("Tap one of your open cards and one open card of a Big Loser (M3)."));
      }
      move = `x${mine[0].symbol}${theirs[0].seat}${theirs[0].symbol}`;
    } else {
      const zones = new Set(picks.map((pick) => pick.zone));
      if (zones.has("other")) return refused(t("Other players' open cards are taken only in a match's exchange (M3)."));
      if (zones.size > 1) return refused(t("Play cards from one place: your hand, your open cards or one blind card (T3)."));
      const zone = picks[0].zone;
      const symbols = picks.map((pick) => pick.symbol).sort();
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
    }
    if (legal.includes(move)) return { move, ready: true, note: describe(move, context.nameOf) };
    const why = (context.refused || {})[move];
    const note = why ? t("Not now: {reason} (rule {rule}).", { reason: why.reason, rule: why.rule }) : t("Not a legal move now.");
    return { move, ready: false, note };
  }

  const refused = (note) => ({ move: null, ready: false, note });

  function hint(context, exchanging) {
    if (exchanging) {
      return t("You won the last round: tap one of your open cards and a Big Loser's open card to exchange them, or decline (M3).");
    }
    if (context.legal.length === 1 && context.legal[0] === "c") return t("You have no legal play: collect the pile (T1).");
    const own = context.own;
    if (own.hand.length) return t("Tap the cards to play from your hand, then Play.");
    if (own.open.length) return t("Your hand is empty: tap an open card, then Play (T2).");
    return t("Tap a blind card to turn it and play it (L4).");
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

  function choose(state, picks, page) {
    const round = roundOf(state.view);
    const moves = state.moves;
    const answer = pickMove(picks, { legal: moves, own: round.seats[page.seat], refused: state.refused, nameOf: page.nameOf });
    return {
      note: answer.ready ? t("Ready: {move}.", { move: answer.note }) : answer.note,
      actions: [
        { id: "play-button", key: "p", label: answer.ready ? answer.note : t("Play"), move: answer.ready ? answer.move : null,
          shown: !(moves.length === 1 && moves[0] === "c") },
        { id: "collect", key: "c", label: t("Collect the pile"), move: "c", shown: moves.includes("c") },
        { id: "decline", key: "d", label: t("Decline the exchange"), move: "d", shown: moves.includes("d"), secondary: true },
      ],
    };
  }

  // ------------------------------------------------------------------ the seats and the round's end

  function seats(view) {
    const heads = [t("Hand"), t("Bank"), t("Open"), t("Blind"), t("Collected")];
    const round = view ? roundOf(view) : null;
    const match = Boolean(view) && view.type === "MatchView";
    if (match) heads.push(t("Points"));
    const rows = (round ? round.seats : []).map((s, index) => ({
      cells: [s.hand_size, s.bank_size, s.open ? [...s.open].map(rank).join(" ") : "—", s.blind_size, s.collected.length,
        ...(match ? [view.results.reduce((sum, outcome) => sum + outcome.points[index], 0)] : [])],
      notes: s.on_table ? [t("on the table")] : [],
    }));
    return { heads, rows };
  }

  // A round's end in a match: each seat's count (E4), the Big Losers (E5), the round's points and the total.
  function ended(state, page) {
    const over = (state.events || []).find((event) => event.type === "RoundOver");
    if (!over) return null;
    const view = state.view;
    const match = view.type === "MatchView";
    const bigLoser = (index) => (over.big_losers.includes(index) ? ` (${t("Big Loser")})` : "");
    const rows = match && view.results.length ? view.results[0].points.map((_, index) => ({
      name: page.nameOf(index), winner: over.winner === index,
      values: [`${over.counts[index]}${bigLoser(index)}`, view.results[view.results.length - 1].points[index],
        view.results.reduce((sum, outcome) => sum + outcome.points[index], 0)],
    })) : [];
    return {
      heading: t("Round {number} is over", { number: match ? view.round_index : 1 }),
      heads: [t("Player"), t("Cards (E4)"), t("This round"), t("Total")],
      rows,
    };
  }

  // ------------------------------------------------------------------ the game's end: every card

  // A table of rows of cells, its caption and heads linked to the rules they cite.
  function grid(caption, heads, rows, rules) {
    const cells = (text) => (rules ? rules.linked(String(text)) : [String(text)]);
    return el("table", { class: "scores reveal" }, el("caption", {}, ...cells(caption)),
      el("thead", {}, el("tr", {}, ...heads.map((head) => el("th", { scope: "col" }, ...cells(head))))),
      el("tbody", {}, ...rows.map(([head, ...values]) => el("tr", {}, el("th", { scope: "row", text: String(head) }),
        ...values.map((value) => el("td", { text: String(value) }))))));
  }

  // Once the game is over, the frame's `final` is its whole state: every seat's hand, bank, open and
  // blind cards shown, each count (E4), the Big Losers (E5) and the points they decided (E6); in a
  // match, every round's counts and Big Losers too.
  function reveal(state, page) {
    const final = state.final;
    const match = final.type === "Match";
    const round = match ? final.state : final;
    const outcome = round.outcome;
    if (!outcome) return [];
    const cards = (text) => (text ? [...text].map(rank).join(" ") : "—");
    const mark = (index, result) => [result.winner === index ? `★ ${t("winner")}` : "",
      result.big_losers.includes(index) ? t("Big Loser (E5)") : ""].filter(Boolean).join(", ");
    const rows = round.seats.map((seat, index) => [page.nameOf(index), cards(seat.hand), cards(seat.bank), cards(seat.open),
      cards(seat.blind), seat.collected.length, outcome.counts[index], outcome.points[index], mark(index, outcome)]);
    const nodes = [grid(match ? t("Every card at the end of the last round") : t("Every card at the end"),
      [t("Player"), t("Hand"), t("Bank"), t("Open"), t("Blind"), t("Collected"), t("Cards (E4)"), t("Points (E6)"), ""],
      rows, page.rules)];
    if (match) {
      const heads = [t("Round"), ...round.seats.map((_, index) => page.nameOf(index))];
      nodes.push(grid(t("Each round's cards (E4), Big Losers (E5) and points (E6)"), heads, final.results.map((result, at) => [
        t("Round {number}", { number: at + 1 }),
        ...result.counts.map((count, index) => `${count} · ${result.points[index]}${mark(index, result) ? ` · ${mark(index, result)}` : ""}`),
      ]), page.rules));
    }
    return nodes;
  }

  eighthalf.board({ draw, choose, seats, ended, reveal, pickMove, describe, keys: N_("P plays, C collects, D declines.") });
})();
