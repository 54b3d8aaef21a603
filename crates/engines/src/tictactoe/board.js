// Tic-tac-toe's board for the web page (served at /game/tictactoe/board.js;
// the interface is in docs/ARCHITECTURE.md, "Adding a game"): a 3×3 grid of
// buttons, cells 0..8 row-major from the top left, a move is its cell.
import { el, fill } from "/static/js/dom.js";

export const sides = { first: "X", second: "O" };
export const moveHint = "type a cell 0–8";

export const css = `
.ttt { display: grid; grid-template-columns: repeat(3, min(26vw, 6rem)); gap: 4px; }
.ttt button { height: min(26vw, 6rem); font-size: min(12vw, 3rem); font-weight: 700; background: #fff; border-radius: 6px; position: relative; }
.ttt button .val { position: absolute; bottom: 3px; right: 5px; font-size: .8rem; font-weight: 600; }
.ttt button .frac { font-size: min(4vw, 1rem); font-weight: 600; }
.ttt button.best { outline: 3px solid var(--accent); }
.ttt .mark-x { color: #1f4e79; } .ttt .mark-o { color: #c0392b; }
`;

/**
 * The board in `container`; `onMove(move)` is called with an empty cell's
 * number (click, Enter or Space on it).
 */
export function createBoard(container, { onMove }) {
  container.classList.add("ttt");
  container.setAttribute("role", "grid");
  container.setAttribute("aria-label", "tic-tac-toe board");
  return {
    /** Draws `view`; `annotate(move)` may return { label, className, best, big, title } for an empty cell. */
    draw(view, { interactive, annotate }) {
      fill(container, [...view.position.slice(0, 9)].map((mark, cell) => {
        const empty = mark === ".";
        const note = empty ? annotate(String(cell)) : null;
        const button = el("button", {
          type: "button",
          "data-cell": cell,
          class: [note && note.className, note && note.best ? "best" : "", empty ? "" : `mark-${mark.toLowerCase()}`].filter(Boolean).join(" "),
          "aria-label": `cell ${cell} (row ${Math.floor(cell / 3) + 1}, column ${(cell % 3) + 1}): ${empty ? "empty" : mark}${note && note.title ? `, ${note.title}` : ""}`,
          title: note && note.title ? note.title : null,
          disabled: !empty || !interactive,
          onclick: () => onMove(String(cell)),
        }, empty ? "" : mark);
        if (note && note.label) button.append(el("span", { class: note.big ? "frac" : "val" }, note.label));
        return button;
      }));
    },
    reset() {},
  };
}
