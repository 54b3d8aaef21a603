// Dōbutsu shōgi's board for the web page (served at /game/dobutsu/board.js;
// the interface is in docs/ARCHITECTURE.md, "Adding a game"): 3 files a–c
// × 4 ranks, the second player's hand above the board and the first
// player's below (swapped when the board is turned); pieces as the drawings
// of pieces.js (put before this file when served), letters or Chinese
// characters (汉字), the first player's red, the second's blue, and those of
// the side at the top turned round, as in shōgi. Click a piece on the board
// or in the hand to see its targets (coloured by value and distance when
// the page knows them), then a target: a move `b1b2`, a drop `C*b2`. Its
// words are in English and Chinese (简体), in the page's language.
import { el, fill } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";
import { Picker, headOf, piecesOf, squareGrid } from "/static/js/square-board.js";

addStrings({
  en: {
    "dobutsu.sente": "sente", "dobutsu.gote": "gote", "dobutsu.board": "dōbutsu shōgi board",
    "dobutsu.hint": "type a move, e.g. b2b3 or C*a3",
    "dobutsu.help": "Take the lion to win, or bring yours to the far rank where it cannot be taken (the try). Captured pieces go to the hand; a hen taken comes back a chick. The dots on a piece show where it moves.",
    "dobutsu.hand": "{side}'s hand", "dobutsu.who": "{side}:", "dobutsu.in_hand": "{side}'s {piece} in hand",
    "dobutsu.L": "lion", "dobutsu.G": "giraffe", "dobutsu.E": "elephant", "dobutsu.C": "chick", "dobutsu.H": "hen",
  },
  zh: {
    "dobutsu.sente": "先手", "dobutsu.gote": "后手", "dobutsu.board": "动物将棋棋盘",
    "dobutsu.hint": "输入着法，例如 b2b3 或 C*a3",
    "dobutsu.help": "吃掉对方的狮子即胜，或把己方狮子走到对方底线且不会被吃（“入王”）。吃到的棋子进入手中；被吃的鸡回到手中变回小鸡。棋子上的圆点表示它能走的方向。",
    "dobutsu.hand": "{side}的手中", "dobutsu.who": "{side}：", "dobutsu.in_hand": "{side}手中的{piece}",
    "dobutsu.L": "狮子", "dobutsu.G": "长颈鹿", "dobutsu.E": "大象", "dobutsu.C": "小鸡", "dobutsu.H": "鸡",
    "dobutsu.rules.official": "官方规则", "dobutsu.rules.try-after-reply": "对方应对后入王才算",
  },
});

export const sides = { get first() { return t("dobutsu.sente"); }, get second() { return t("dobutsu.gote"); } };
export const moveHint = () => t("dobutsu.hint");
export const pieceStyles = ["drawing", "letter", "hanzi"];
export const help = () => t("dobutsu.help");

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
.dobutsu .piece.first { --pale: #fde3df; }
.dobutsu .piece.second { --pale: #dde9f8; }
.dobutsu .art .tile { fill: #fff; stroke: currentColor; stroke-width: 4; }
.dobutsu .art .dot { fill: currentColor; }
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
const HANZI = { L: "狮", G: "麒", E: "象", C: "雏", H: "鸡" };
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
  container.setAttribute("aria-label", t("dobutsu.board"));
  let state = null;
  const picker = new Picker(container, onMove, () => draw(state.view, state.options));

  /** A piece in the style the page chose: a drawing (the default), its letter or its 汉字. */
  function pieceFace(letter, side, options, top) {
    const classes = `piece ${side}${side === top ? " turned" : ""}`;
    if (options.pieces === "letter" || options.pieces === "hanzi") {
      return el("span", { class: classes, "data-piece": letter }, options.pieces === "hanzi" ? HANZI[letter] : letter);
    }
    const span = el("span", { class: `${classes} drawing`, "data-piece": letter });
    span.innerHTML = pieceSvg(letter);
    return span;
  }

  function handRow(side, hand, view, options, top) {
    const mine = view.turn === side && options.interactive;
    const held = HAND_ORDER.filter((letter) => hand[letter]);
    return el("div", { class: "hand", "data-hand": side, role: "group", "aria-label": t("dobutsu.hand", { side: sides[side] }) },
      el("span", { class: "who" }, t("dobutsu.who", { side: sides[side] })),
      held.length ? held.map((letter) => {
        const head = `${letter}*`;
        const droppable = mine && view.legal_moves.some((m) => headOf(m) === head);
        return el("button", {
          type: "button", "data-drop": letter, "data-head": head, class: picker.selected === head ? "selected" : null,
          "aria-label": t("dobutsu.in_hand", { side: sides[side], piece: t(`dobutsu.${letter}`) }) + (hand[letter] > 1 ? ` (${hand[letter]})` : ""),
          disabled: !droppable, onclick: () => picker.click(head),
        }, pieceFace(letter, side, options, top), hand[letter] > 1 ? el("span", { class: "count" }, `×${hand[letter]}`) : null);
      }) : el("span", { class: "muted" }, "–"));
  }

  function draw(view, options) {
    state = { view, options };
    container.setAttribute("aria-label", t("dobutsu.board"));
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
          describe: piece ? `${sides[piece.side]} ${t(`dobutsu.${piece.letter}`)}` : null,
          children: [piece ? pieceFace(piece.letter, piece.side, options, top) : null],
        });
      })),
      handRow(bottom, hands[bottom], view, options, top));
  }

  return { draw, reset() { picker.selected = null; } };
}
