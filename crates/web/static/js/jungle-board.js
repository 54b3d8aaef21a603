// The Jungle board: 7 files a–g × 9 ranks, water, traps and dens drawn;
// pieces as letters or Chinese characters; click a piece to see its targets.
import { el } from "./dom.js";

const FILES = "abcdefg";
const WATER = new Set(["b4", "c4", "b5", "c5", "b6", "c6", "e4", "f4", "e5", "f5", "e6", "f6"]);
const TRAPS = new Set(["c1", "e1", "d2", "c9", "e9", "d8"]);
const DENS = new Set(["d1", "d9"]);
const NAMES = { E: "elephant", L: "lion", T: "tiger", P: "leopard", W: "wolf", D: "dog", C: "cat", R: "rat" };
const CHINESE = { E: "象", L: "狮", T: "虎", P: "豹", W: "狼", D: "狗", C: "猫", R: "鼠" };

/** The pieces of a FEN: Map square → { letter (upper case), side: "bottom"|"top" }. */
export function parseFen(fen) {
  const pieces = new Map();
  const ranks = fen.trim().split(/\s+/)[0].split("/");
  ranks.forEach((rankText, index) => {
    const rank = 9 - index;
    let file = 0;
    for (const ch of rankText) {
      if (/\d/.test(ch)) { file += Number(ch); continue; }
      const side = ch === ch.toUpperCase() ? "bottom" : "top";
      pieces.set(`${FILES[file]}${rank}`, { letter: ch.toUpperCase(), side });
      file += 1;
    }
  });
  return pieces;
}

function squareKind(square) {
  if (WATER.has(square)) return "water";
  if (TRAPS.has(square)) return "trap";
  if (DENS.has(square)) return "den";
  return "";
}

export class JungleBoard {
  /** `onMove(move)` is called with a from-to move such as "g3g4". */
  constructor(container, onMove) {
    this.container = container;
    this.onMove = onMove;
    this.selected = null;
    this.state = null;
  }

  /** Draws `view` (a PositionView); `options`: { chinese, flipped, interactive }. */
  draw(view, options) {
    this.state = { view, options };
    const pieces = parseFen(view.position);
    const last = view.history.length ? view.history[view.history.length - 1] : null;
    const targets = new Set(this.selected
      ? view.legal_moves.filter((m) => m.slice(0, 2) === this.selected).map((m) => m.slice(2, 4))
      : []);
    const ranks = Array.from({ length: 9 }, (_, i) => (options.flipped ? i + 1 : 9 - i));
    const files = options.flipped ? [...FILES].reverse() : [...FILES];
    const cells = [];
    for (const rank of ranks) {
      cells.push(el("div", { class: "coord", "aria-hidden": "true" }, String(rank)));
      for (const file of files) {
        const square = `${file}${rank}`;
        const piece = pieces.get(square);
        const kind = squareKind(square);
        const classes = ["sq", kind,
          square === this.selected ? "selected" : "",
          targets.has(square) ? "target" : "",
          targets.has(square) && piece ? "capture" : "",
          last && (last.slice(0, 2) === square || last.slice(2, 4) === square) ? "last" : ""];
        const label = `${square}${kind ? ` ${kind}` : ""}: ${piece ? `${piece.side} ${NAMES[piece.letter]}` : "empty"}${targets.has(square) ? ", target" : ""}`;
        cells.push(el("button", {
          type: "button", class: classes.filter(Boolean).join(" "), "data-square": square, "aria-label": label,
          disabled: !options.interactive, onclick: () => this.click(square),
        },
        kind === "trap" || kind === "den" ? el("span", { class: "tag", "aria-hidden": "true" }, kind) : null,
        piece ? el("span", { class: `piece ${piece.side}`, "data-piece": piece.letter }, options.chinese ? CHINESE[piece.letter] : (piece.side === "bottom" ? piece.letter : piece.letter.toLowerCase())) : null));
      }
    }
    cells.push(el("div", { class: "coord" }), ...files.map((f) => el("div", { class: "coord", "aria-hidden": "true" }, f)));
    this.container.replaceChildren(...cells);
  }

  click(square) {
    const { view, options } = this.state;
    const move = this.selected ? `${this.selected}${square}` : null;
    if (move && view.legal_moves.includes(move)) {
      this.selected = null;
      this.onMove(move);
      return;
    }
    const movable = view.legal_moves.some((m) => m.slice(0, 2) === square);
    this.selected = movable && square !== this.selected ? square : null;
    this.draw(view, options);
    const again = this.container.querySelector(`[data-square="${square}"]`);
    if (again) again.focus();
  }

  clearSelection() {
    this.selected = null;
    if (this.state) this.draw(this.state.view, this.state.options);
  }
}

/** The number of pieces on the board of a FEN. */
export function pieceCount(fen) {
  return parseFen(fen).size;
}
