// A 3×3 tic-tac-toe board of buttons (cells 0..8 row-major from the top-left).
import { el } from "./dom.js";

/**
 * Draws `position` (9 characters X, O, .) into `container`.
 * `annotate(cell)` may return { label, className, best, title } for an empty cell;
 * `onPlay(cell)` is called when an empty cell is chosen (click, Enter, Space).
 */
export function drawTttBoard(container, position, { annotate = () => null, onPlay, disabled = false } = {}) {
  container.replaceChildren(...[...position].map((mark, cell) => {
    const empty = mark === ".";
    const note = empty ? annotate(cell) : null;
    const row = Math.floor(cell / 3) + 1;
    const column = (cell % 3) + 1;
    const button = el("button", {
      type: "button",
      "data-cell": cell,
      class: [note && note.className, note && note.best ? "best" : "", empty ? "" : `mark-${mark.toLowerCase()}`].filter(Boolean).join(" "),
      "aria-label": `cell ${cell} (row ${row}, column ${column}): ${empty ? "empty" : mark}${note && note.title ? `, ${note.title}` : ""}`,
      title: note && note.title ? note.title : null,
      disabled: !empty || disabled ? true : null,
      onclick: () => onPlay && onPlay(cell),
    }, empty ? "" : mark);
    if (note && note.label) button.append(note.big ? el("span", { class: "frac" }, note.label) : el("span", { class: "val" }, note.label));
    return button;
  }));
}
