// Tic-tac-toe's board for the web page (served at /game/tictactoe/board.js;
// the interface is in docs/ARCHITECTURE.md, "Adding a game"): a 3×3 grid of
// buttons, cells 0..8 row-major from the top left, a move is its cell. Its
// words are in English and Chinese (简体), in the page's language.
import { el, fill } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";

addStrings({
  en: { "tictactoe.hint": "type a cell 0–8", "tictactoe.board": "tic-tac-toe board", "tictactoe.empty": "empty",
    "tictactoe.cell": "cell {cell} (row {row}, column {column}): {content}" },
  zh: { "tictactoe.rules.standard": "标准规则", "tictactoe.hint": "输入格子 0–8", "tictactoe.board": "井字棋棋盘", "tictactoe.empty": "空",
    "tictactoe.cell": "格子 {cell}（第 {row} 行，第 {column} 列）：{content}" },
});

export const sides = { first: "X", second: "O" };
export const moveHint = () => t("tictactoe.hint");

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
  container.setAttribute("aria-label", t("tictactoe.board"));
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
          "aria-label": t("tictactoe.cell", { cell, row: Math.floor(cell / 3) + 1, column: (cell % 3) + 1, content: empty ? t("tictactoe.empty") : mark })
            + (note && note.title ? `, ${note.title}` : ""),
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
