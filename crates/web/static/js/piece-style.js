// The piece-style switch of the game page, for a board module that exports
// `pieceStyles` (e.g. ["drawing", "letter", "hanzi"]): the project's own SVG
// drawings (no font needed, the default), letters, or Chinese characters.
// The visitor's choice is remembered in localStorage for every game. The
// 汉字 style needs a font with Chinese characters: without one (checked by
// drawing them) it is offered disabled and the board keeps the drawings.
import { byId, el, fill } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_KEY = "gamesolver.pieces";

/** Whether the browser draws `text` with a real font (not the empty box of a missing glyph). */
export function hasGlyphs(text) {
  const canvas = document.createElement("canvas");
  canvas.width = 40 * text.length;
  canvas.height = 40;
  const context = canvas.getContext("2d");
  if (!context) return true;
  const pixels = (sample) => {
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.font = "28px sans-serif";
    context.fillText(sample, 2, 30);
    return context.getImageData(0, 0, canvas.width, canvas.height).data.join(",");
  };
  // A private-use character of plane 16 has no glyph in any usual font.
  return pixels(text) !== pixels("\u{10FFFD}".repeat([...text].length));
}

function remembered() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Shows the `#pieces` select with `styles` and calls `onChange()` when the
 * visitor picks one; `value()` is the style to draw, `label()` writes the
 * options again in the page's language.
 */
export function pieceStyleChoice(styles, onChange) {
  const fonts = hasGlyphs("象狮鼠");
  const usable = (style) => style !== "hanzi" || fonts;
  const saved = remembered();
  let current = styles.includes(saved) && usable(saved) ? saved : styles[0];
  const select = byId("pieces");
  byId("pieces-label").hidden = false;
  select.addEventListener("change", () => {
    current = select.value;
    try {
      localStorage.setItem(STORAGE_KEY, current);
    } catch {
      // Not remembered; still drawn.
    }
    onChange(current);
  });
  const label = () => {
    fill(select, styles.map((style) => el("option", { value: style, selected: style === current, disabled: !usable(style) },
      usable(style) ? t(`pieces.${style}`) : t("pieces.no_font"))));
    const note = byId("pieces-note");
    note.hidden = fonts || !styles.includes("hanzi");
    note.textContent = note.hidden ? "" : t("pieces.font_note");
  };
  label();
  return { value: () => current, label };
}
