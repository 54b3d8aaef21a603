// What boards of named squares share (for games' board modules): squares
// named file + rank (`a1`), moves written as a two-character head (the
// square a piece leaves, or a drop such as `C*`) and the target square.
// Click a head to see its targets (coloured by value and distance when the
// page gives them), then a target to play the move.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** The head of a move: the square it leaves, or its drop (`C*`). */
export function headOf(move) {
  return move.slice(0, 2);
}

/**
 * The pieces of a board written FEN-style (ranks from the top separated by
 * `/`, each from the first file, a digit for that many empty squares):
 * Map square → { letter (upper case), side: "first" for an upper-case
 * letter, "second" for a lower-case one }.
 */
export function piecesOf(board, files) {
  const ranks = board.split("/");
  const pieces = new Map();
  ranks.forEach((rankText, index) => {
    let file = 0;
    for (const ch of rankText) {
      if (/\d/.test(ch)) { file += Number(ch); continue; }
      pieces.set(`${files[file]}${ranks.length - index}`, { letter: ch.toUpperCase(), side: ch === ch.toUpperCase() ? "first" : "second" });
      file += 1;
    }
  });
  return pieces;
}

/** The squares in drawing order with rank labels on the left and file labels below. */
export function squareGrid(files, ranks, makeSquare) {
  const cells = [];
  for (const rank of ranks) {
    cells.push(el("div", { class: "coord", "aria-hidden": "true" }, String(rank)));
    for (const file of files) cells.push(makeSquare(`${file}${rank}`, rank));
  }
  cells.push(el("div", { class: "coord" }), ...files.map((f) => el("div", { class: "coord", "aria-hidden": "true" }, f)));
  return cells;
}

/**
 * The selection of one board: `redraw()` draws the board again (after a
 * click that selects), `onMove(move)` plays a legal move.
 */
export class Picker {
  constructor(container, onMove, redraw) {
    this.container = container;
    this.onMove = onMove;
    this.redraw = redraw;
    this.selected = null;
    this.view = null;
  }

  /** Starts drawing `view`: the selected head's targets, each with its note (or null). */
  targets(view, options) {
    this.view = view;
    this.options = options;
    return new Map(this.selected
      ? view.legal_moves.filter((m) => headOf(m) === this.selected).map((m) => [m.slice(2, 4), options.annotate(m)])
      : []);
  }

  /**
   * One square's button: `classes` of its own (terrain), `describe` the
   * piece on it (or null when empty), `where` what its label adds after
   * the square's name, `children` what it shows.
   */
  square(square, targets, { classes = [], describe = null, where = "", children = [] }) {
    const { view, options } = this;
    const last = view.history.length ? view.history[view.history.length - 1] : null;
    const target = targets.has(square);
    const note = targets.get(square);
    const all = ["sq", ...classes, square === this.selected ? "selected" : "", target ? "target" : "",
      target && describe ? "capture" : "", note ? note.className : "",
      last && (headOf(last) === square || last.slice(2, 4) === square) ? "last" : ""];
    return el("button", {
      type: "button", class: all.filter(Boolean).join(" "), "data-square": square,
      "aria-label": `${square}${where}: ${describe || t("board.empty")}${target ? t("board.target") : ""}${note ? `, ${note.title}` : ""}`,
      title: note ? note.title : null, disabled: !options.interactive, onclick: () => this.click(square),
    }, children, note && note.label ? el("span", { class: "val" }, note.label) : null);
  }

  /** A click on a square or a drop's head: plays the move it completes, or (un)selects it. */
  click(where) {
    const move = this.selected ? `${this.selected}${where}` : null;
    if (move && this.view.legal_moves.includes(move)) {
      this.selected = null;
      this.onMove(move);
      return;
    }
    const movable = this.view.legal_moves.some((m) => headOf(m) === where);
    this.selected = movable && where !== this.selected ? where : null;
    this.redraw();
    const again = this.container.querySelector(`[data-square="${where}"], [data-head="${where}"]`);
    if (again) again.focus();
  }
}
