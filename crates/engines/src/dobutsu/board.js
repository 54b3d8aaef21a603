// Dōbutsu shōgi's board for the web page (served at /game/dobutsu/board.js;
// the interface is in docs/ARCHITECTURE.md, "Adding a game"): 3 files a–c
// × 4 ranks, the second player's hand above the board and the first
// player's below (swapped when the board is turned); pieces by letter (or
// kanji), the first player's red, the second's blue, and those of the side
// at the top turned round, as in shōgi. Click a piece on the board or
// in the hand to see its targets (coloured by value and distance when the
// page knows them), then a target: a move `b1b2`, a drop `C*b2`.
import { el, fill } from "/static/js/dom.js";
import { Picker, headOf, piecesOf, squareGrid } from "/static/js/square-board.js";

export const sides = { first: "sente", second: "gote" };
export const moveHint = "type a move, e.g. b2b3 or C*a3";
export const toggles = [{ id: "kanji", label: "kanji names (獅麒象)" }];
export const help = "Take the lion to win, or bring yours to the far rank where it cannot be taken (the try). Captured pieces go to the hand; a hen taken comes back a chick.";

export const css = `
.dobutsu { display: grid; gap: 6px; width: max-content; max-width: 100%; }
.dobutsu .grid { display: grid; grid-template-columns: 1.2rem repeat(3, min(22vw, 5rem)); grid-auto-rows: min(22vw, 5rem); gap: 3px; }
.dobutsu .coord { display: grid; place-items: center; color: var(--muted); font-size: .8rem; }
.dobutsu button.sq { padding: 0; border: 1px solid #b99b6b; border-radius: 4px; background: #f3e3bf; position: relative; font-size: min(8vw, 2rem); font-weight: 700; }
.dobutsu button.sq.home-first { background: #f6d8cf; }
.dobutsu button.sq.home-second { background: #d3e3f4; }
.dobutsu .piece { display: inline-grid; place-items: center; width: 80%; height: 80%; border-radius: 12%; border: 2px solid; background: #fff; line-height: 1; }
.dobutsu .piece.first { color: #b71c1c; border-color: #b71c1c; }
.dobutsu .piece.second { color: #0d47a1; border-color: #0d47a1; }
.dobutsu .piece.turned { transform: rotate(180deg); }
.dobutsu .hand { display: flex; gap: 4px; align-items: center; min-height: min(13vw, 3rem); margin-left: 1.4rem; }
.dobutsu .hand .who { color: var(--muted); font-size: .85rem; margin-right: .25rem; }
.dobutsu .hand button { width: min(13vw, 3rem); height: min(13vw, 3rem); padding: 0; font-size: min(6vw, 1.4rem); font-weight: 700; position: relative; background: #fff; }
.dobutsu .hand button .count { position: absolute; bottom: 0; right: 2px; font-size: .7rem; color: var(--fg); }
.dobutsu .selected { box-shadow: inset 0 0 0 3px var(--focus); }
.dobutsu button.sq.target::after { content: ""; position: absolute; inset: 38%; border-radius: 50%; background: rgba(0,0,0,.35); }
.dobutsu button.sq.target.capture::after { inset: 4%; background: none; border: 3px solid rgba(0,0,0,.45); border-radius: 6px; }
.dobutsu button.sq.last { box-shadow: inset 0 0 0 3px #fbc02d; }
.dobutsu button.sq .val { position: absolute; bottom: 1px; right: 3px; font-size: .7rem; font-weight: 600; z-index: 1; }
`;

const FILES = "abc";
const NAMES = { L: "lion", G: "giraffe", E: "elephant", C: "chick", H: "hen" };
const KANJI = { L: "獅", G: "麒", E: "象", C: "雛", H: "鶏" };
const HAND_ORDER = ["G", "E", "C"];

/** The position text's board and hands: { pieces: Map square → { letter, side }, hands: { first, second } (letter → count) }. */
function parse(text) {
  const [board, , handText = "-"] = text.trim().split(/\s+/);
  const pieces = piecesOf(board, FILES);
  const hands = { first: {}, second: {} };
  if (handText !== "-") {
    for (const [, count, letter] of handText.matchAll(/(\d*)([A-Za-z])/g)) {
      const side = letter === letter.toUpperCase() ? "first" : "second";
      hands[side][letter.toUpperCase()] = Number(count || 1);
    }
  }
  return { pieces, hands };
}

/** The board in `container`; `onMove(move)` is called with a legal move (`b1b2` or `C*b2`). */
export function createBoard(container, { onMove }) {
  container.classList.add("dobutsu");
  container.setAttribute("aria-label", "dōbutsu shōgi board");
  let state = null;
  const picker = new Picker(container, onMove, () => draw(state.view, state.options));

  function pieceFace(letter, side, options, top) {
    return el("span", { class: `piece ${side}${side === top ? " turned" : ""}`, "data-piece": letter },
      options.toggles.kanji ? KANJI[letter] : letter);
  }

  function handRow(side, hand, view, options, top) {
    const mine = view.turn === side && options.interactive;
    const held = HAND_ORDER.filter((letter) => hand[letter]);
    return el("div", { class: "hand", "data-hand": side, role: "group", "aria-label": `${sides[side]}'s hand` },
      el("span", { class: "who" }, `${sides[side]}:`),
      held.length ? held.map((letter) => {
        const head = `${letter}*`;
        const droppable = mine && view.legal_moves.some((m) => headOf(m) === head);
        return el("button", {
          type: "button", "data-drop": letter, "data-head": head, class: picker.selected === head ? "selected" : null,
          "aria-label": `${sides[side]}'s ${NAMES[letter]} in hand${hand[letter] > 1 ? ` (${hand[letter]})` : ""}`,
          disabled: !droppable, onclick: () => picker.click(head),
        }, pieceFace(letter, side, options, top), hand[letter] > 1 ? el("span", { class: "count" }, `×${hand[letter]}`) : null);
      }) : el("span", { class: "muted" }, "–"));
  }

  function draw(view, options) {
    state = { view, options };
    const { pieces, hands } = parse(view.position);
    const top = options.flipped ? "first" : "second";
    const bottom = top === "first" ? "second" : "first";
    const targets = picker.targets(view, options);
    const ranks = options.flipped ? [1, 2, 3, 4] : [4, 3, 2, 1];
    const files = options.flipped ? [...FILES].reverse() : [...FILES];
    fill(container,
      handRow(top, hands[top], view, options, top),
      el("div", { class: "grid" }, squareGrid(files, ranks, (square, rank) => {
        const piece = pieces.get(square);
        return picker.square(square, targets, {
          classes: [rank === 1 ? "home-first" : rank === 4 ? "home-second" : ""],
          describe: piece ? `${sides[piece.side]} ${NAMES[piece.letter]}` : null,
          children: [piece ? pieceFace(piece.letter, piece.side, options, top) : null],
        });
      })),
      handRow(bottom, hands[bottom], view, options, top));
  }

  return { draw, reset() { picker.selected = null; } };
}
