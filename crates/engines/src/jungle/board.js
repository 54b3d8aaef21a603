// Jungle's board for the web page (served at /game/jungle/board.js; the
// interface is in docs/ARCHITECTURE.md, "Adding a game"): 7 files a–g × 9
// ranks with water, traps and dens; pieces as the drawings of pieces.js
// (put before this file when served), letters or Chinese characters (汉字);
// click a piece to see its targets (coloured by value and distance when the
// page knows them), then a target to move (`g3g4`). Its words are in
// English and Chinese (简体), in the page's language.
import { el, fill } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";
import { Picker, piecesOf, squareGrid } from "/static/js/square-board.js";

addStrings({
  en: {
    "jungle.bottom": "bottom", "jungle.top": "top", "jungle.hint": "type a move, e.g. g3g4", "jungle.board": "Jungle board",
    "jungle.water": "water", "jungle.trap": "trap", "jungle.den": "den",
    "jungle.E": "elephant", "jungle.L": "lion", "jungle.T": "tiger", "jungle.P": "leopard",
    "jungle.W": "wolf", "jungle.D": "dog", "jungle.C": "cat", "jungle.R": "rat",
  },
  zh: {
    "jungle.bottom": "下方", "jungle.top": "上方", "jungle.hint": "输入着法，例如 g3g4", "jungle.board": "斗兽棋棋盘",
    "jungle.water": "河", "jungle.trap": "陷阱", "jungle.den": "兽穴",
    "jungle.E": "象", "jungle.L": "狮", "jungle.T": "虎", "jungle.P": "豹",
    "jungle.W": "狼", "jungle.D": "狗", "jungle.C": "猫", "jungle.R": "鼠",
    "jungle.rules.standard": "标准规则", "jungle.rules.dog-over-wolf": "狗大于狼", "jungle.rules.rat-across-water": "鼠可隔河吃子",
  },
});

export const sides = { get first() { return t("jungle.bottom"); }, get second() { return t("jungle.top"); } };
export const moveHint = () => t("jungle.hint");
export const pieceStyles = ["drawing", "letter", "hanzi"];
export const legend = () => [[t("jungle.water"), "#7fb6e8"], [t("jungle.trap"), "#d9c7a3"], [t("jungle.den"), "#b48ad6"]];

export const css = `
.jungle { display: grid; grid-template-columns: 1.4rem repeat(7, min(11vw, 3.4rem)); grid-auto-rows: min(11vw, 3.4rem); gap: 2px; width: max-content; max-width: 100%; }
.jungle .coord { display: grid; place-items: center; color: var(--muted); font-size: .8rem; }
.jungle button.sq { padding: 0; border: none; border-radius: 4px; background: #cfe8b4; position: relative; font-size: min(5.5vw, 1.6rem); font-weight: 700; }
.jungle button.sq.water { background: #7fb6e8; }
.jungle button.sq.trap { background: #d9c7a3; }
.jungle button.sq.den { background: #b48ad6; }
.jungle button.sq .tag { position: absolute; top: 1px; left: 3px; font-size: .55rem; color: #444; font-weight: 500; }
.jungle button.sq .val { position: absolute; bottom: 1px; right: 3px; font-size: .6rem; font-weight: 600; z-index: 1; }
.jungle .piece { display: inline-grid; place-items: center; width: 82%; height: 82%; border-radius: 50%; border: 2px solid; background: #fff; line-height: 1; }
.jungle .piece.bottom { color: #b71c1c; border-color: #b71c1c; --pale: #fde3df; }
.jungle .piece.top { color: #0d47a1; border-color: #0d47a1; --pale: #dde9f8; }
.jungle .art .disc { fill: #fff; stroke: currentColor; stroke-width: 4; }
.jungle .art .whisker { stroke-width: 2; }
.jungle .art .ring { fill: none; stroke: currentColor; stroke-width: 2.5; }
.jungle .art .inner { fill: currentColor; opacity: .35; }
.jungle button.sq.selected { box-shadow: inset 0 0 0 3px var(--focus); }
.jungle button.sq.target::after { content: ""; position: absolute; inset: 36%; border-radius: 50%; background: rgba(0,0,0,.35); }
.jungle button.sq.target.capture::after { inset: 4%; background: none; border: 3px solid rgba(0,0,0,.45); }
.jungle button.sq.last { box-shadow: inset 0 0 0 3px #fbc02d; }
`;

const FILES = "abcdefg";
const WATER = new Set(["b4", "c4", "b5", "c5", "b6", "c6", "e4", "f4", "e5", "f5", "e6", "f6"]);
const TRAPS = new Set(["c1", "e1", "d2", "c9", "e9", "d8"]);
const DENS = new Set(["d1", "d9"]);
const CHINESE = { E: "象", L: "狮", T: "虎", P: "豹", W: "狼", D: "狗", C: "猫", R: "鼠" };

/** The pieces of a FEN: Map square → { letter (upper case), side: "bottom"|"top" }. */
function parseFen(fen) {
  const pieces = piecesOf(fen.trim().split(/\s+/)[0], FILES);
  for (const piece of pieces.values()) piece.side = piece.side === "first" ? "bottom" : "top";
  return pieces;
}

function squareKind(square) {
  if (WATER.has(square)) return "water";
  if (TRAPS.has(square)) return "trap";
  if (DENS.has(square)) return "den";
  return "";
}

/** The board in `container`; `onMove(move)` is called with a from-to move such as "g3g4". */
export function createBoard(container, { onMove }) {
  container.classList.add("jungle");
  container.setAttribute("aria-label", t("jungle.board"));
  let state = null;
  const picker = new Picker(container, onMove, () => draw(state.view, state.options));

  /** The piece in the style the page chose: a drawing (the default), its letter or its 汉字. */
  function face(piece, style) {
    if (style === "letter" || style === "hanzi") {
      const text = style === "hanzi" ? CHINESE[piece.letter] : piece.side === "bottom" ? piece.letter : piece.letter.toLowerCase();
      return el("span", { class: `piece ${piece.side}`, "data-piece": piece.letter }, text);
    }
    const span = el("span", { class: `piece drawing ${piece.side}`, "data-piece": piece.letter });
    span.innerHTML = animalSvg(piece.letter);
    return span;
  }

  function draw(view, options) {
    state = { view, options };
    container.setAttribute("aria-label", t("jungle.board"));
    const pieces = parseFen(view.position);
    const targets = picker.targets(view, options);
    const ranks = Array.from({ length: 9 }, (_, i) => (options.flipped ? i + 1 : 9 - i));
    const files = options.flipped ? [...FILES].reverse() : [...FILES];
    fill(container, squareGrid(files, ranks, (square) => {
      const piece = pieces.get(square);
      const kind = squareKind(square);
      return picker.square(square, targets, {
        classes: [kind],
        describe: piece ? `${sides[piece.side === "bottom" ? "first" : "second"]} ${t(`jungle.${piece.letter}`)}` : null,
        where: kind ? ` ${t(`jungle.${kind}`)}` : "",
        children: [
          kind === "trap" || kind === "den" ? el("span", { class: "tag", "aria-hidden": "true" }, t(`jungle.${kind}`)) : null,
          piece ? face(piece, options.pieces) : null,
        ],
      });
    }));
  }

  return { draw, reset() { picker.selected = null; } };
}
