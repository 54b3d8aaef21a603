// The board of a game that declares no board module: its position text and
// one button per legal move (coloured by value when the page knows them).
// It exports what a game's board module exports (docs/ARCHITECTURE.md).
import { el, fill } from "./dom.js";
import { t } from "./i18n.js";

export const sides = { get first() { return t("sides.first"); }, get second() { return t("sides.second"); } };

export const css = `
.text-board pre { font-family: ui-monospace, monospace; background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: .5rem; white-space: pre-wrap; word-break: break-all; }
.text-board .move-buttons { display: flex; flex-wrap: wrap; gap: .3rem; }
.text-board .move-buttons button { font-family: ui-monospace, monospace; }
`;

export function createBoard(container, { onMove }) {
  container.classList.add("text-board");
  return {
    draw(view, { interactive, annotate }) {
      fill(container,
        el("pre", { "aria-label": t("board.position") }, view.position),
        el("div", { class: "move-buttons", role: "group", "aria-label": t("board.legal_moves") },
          view.legal_moves.map((move) => {
            const note = annotate(move);
            return el("button", {
              type: "button", "data-move": move, class: note ? note.className : null, title: note ? note.title : null,
              disabled: !interactive, onclick: () => onMove(move),
            }, note && note.label ? `${move} (${note.label})` : move);
          })));
    },
    reset() {},
  };
}
