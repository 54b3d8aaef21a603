// Ultimate tic-tac-toe's board for the web page (served at
// /game/uttt/board.js; the interface is in docs/ARCHITECTURE.md, "Adding a
// game"): nine small boards; a move is its global cell 0..80 (board * 9 +
// cell). The boards the side to move may play in are yellow, the last move
// is outlined, a won board shows its owner. Its words are in English and
// Chinese (简体), in the page's language.
import { el, fill } from "/static/js/dom.js";
import { addStrings, t } from "/static/js/i18n.js";

addStrings({
  en: {
    "uttt.hint": "type a cell 0–80", "uttt.board": "ultimate tic-tac-toe board",
    "uttt.help": "Yellow boards are where the side to move may play; the last move is outlined.",
    "uttt.small": "board {board}", "uttt.won_by": ", won by {mark}", "uttt.cell": "cell {cell}: {content}", "uttt.empty": "empty",
  },
  zh: {
    "uttt.hint": "输入格子 0–80", "uttt.board": "终极井字棋棋盘",
    "uttt.help": "黄色的小棋盘是走棋一方可以落子的地方；最后一步加框。",
    "uttt.rules.standard": "标准规则", "uttt.rules.codingame": "CodinGame 规则",
    "uttt.small": "小棋盘 {board}", "uttt.won_by": "，{mark} 已胜", "uttt.cell": "格子 {cell}：{content}", "uttt.empty": "空",
  },
});

export const sides = { first: "X", second: "O" };
export const moveHint = () => t("uttt.hint");
export const help = () => t("uttt.help");

export const css = `
.uttt { display: grid; grid-template-columns: repeat(3, auto); gap: 6px; background: var(--fg); padding: 6px; border-radius: 8px; width: max-content; max-width: 100%; }
.uttt .small { display: grid; grid-template-columns: repeat(3, min(8vw, 2.6rem)); gap: 2px; padding: 3px; background: #9aa3ad; border-radius: 4px; position: relative; }
.uttt .small.allowed { background: #ffd54f; }
.uttt .small button { height: min(8vw, 2.6rem); padding: 0; font-weight: 700; font-size: min(4.5vw, 1.3rem); border-radius: 3px; border: none; background: #fff; position: relative; }
.uttt .small button.last { background: #ffe0b2; box-shadow: inset 0 0 0 2px var(--focus); }
.uttt .small button .val { position: absolute; bottom: 0; right: 2px; font-size: .6rem; }
.uttt .small .owner { position: absolute; inset: 0; display: grid; place-items: center; font-size: min(24vw, 6.5rem); font-weight: 800; pointer-events: none; opacity: .75; }
.uttt .mark-x { color: #1f4e79; } .uttt .mark-o { color: #c0392b; }
`;

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/** The owner ("X"/"O") of small board `board` in the 81-cell text, or null. */
function owner(cells, board) {
  for (const mark of ["X", "O"]) {
    if (LINES.some((line) => line.every((pos) => cells[board * 9 + pos] === mark))) return mark;
  }
  return null;
}

/** The board in `container`; `onMove(move)` is called with a legal cell's number. */
export function createBoard(container, { onMove }) {
  container.classList.add("uttt");
  container.setAttribute("aria-label", t("uttt.board"));
  return {
    draw(view, { interactive, annotate }) {
      const cells = view.position.slice(0, 81);
      const legal = new Set(view.legal_moves);
      const allowed = new Set(view.legal_moves.map((m) => Math.floor(Number(m) / 9)));
      const last = view.history.length ? Number(view.history[view.history.length - 1]) : null;
      fill(container, Array.from({ length: 9 }, (_, board) => {
        const mark = owner(cells, board);
        return el("div", { class: `small${allowed.has(board) && !view.result ? " allowed" : ""}`, "data-board": board, role: "group", "aria-label": t("uttt.small", { board }) + (mark ? t("uttt.won_by", { mark }) : "") },
          Array.from({ length: 9 }, (_, pos) => {
            const cell = board * 9 + pos;
            const content = cells[cell] === "." ? "" : cells[cell];
            const note = legal.has(String(cell)) ? annotate(String(cell)) : null;
            return el("button", {
              type: "button",
              "data-cell": cell,
              class: [content ? `mark-${content.toLowerCase()}` : "", cell === last ? "last" : "", note ? note.className : ""].filter(Boolean).join(" "),
              "aria-label": t("uttt.cell", { cell, content: content || t("uttt.empty") }) + (note && note.title ? `, ${note.title}` : ""),
              title: note && note.title ? note.title : null,
              disabled: !(interactive && legal.has(String(cell))),
              onclick: () => onMove(String(cell)),
            }, content, note && note.label ? el("span", { class: "val" }, note.label) : null);
          }),
          mark ? el("div", { class: `owner mark-${mark.toLowerCase()}`, "aria-hidden": "true" }, mark) : null);
      }));
    },
    reset() {},
  };
}
