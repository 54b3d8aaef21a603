// Small DOM helpers shared by the pages.
import { t } from "./i18n.js";

/** Creates an element: `el("td", { class: "num" }, "12")`. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  node.append(...present(children));
  return node;
}

/** The children worth drawing: nested lists flattened, null, undefined and false left out. */
function present(children) {
  return children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false);
}

/**
 * Replaces `node`'s children (null, undefined and false left out: the DOM's
 * own `replaceChildren` would write them as the text "null").
 */
export function fill(node, ...children) {
  node.replaceChildren(...present(children));
  return node;
}

/** The element with this id (throws if missing: a page bug). */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`missing #${id}`);
  return node;
}

/** Shows a status line; `error` styles it as an error. */
export function setStatus(text, error = false) {
  const status = byId("status");
  status.textContent = text;
  status.classList.toggle("error", error);
}

/** Copies text to the clipboard (falls back to selecting it in `input`). */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) { input.value = text; input.select(); }
    return false;
  }
}

/** A value ("win"/"draw"/"loss") in the page's language: "win", "胜". */
export function valueName(value) {
  return t(`value.${value}`);
}

/** A value with its distance in the page's language, e.g. "win in 5", "5 步胜". */
export function valueText(value, distance) {
  if (value === "draw") return distance ? t("value.draw_in", { n: distance }) : t("value.draw");
  return t(`value.${value}_in`, { n: distance });
}

/** Fills a <select> with options; keeps `selected` when given. */
export function fillSelect(select, options, selected) {
  select.replaceChildren(...options.map(([value, label]) => el("option", { value, selected: value === selected }, label)));
}

/** Reads a query-string parameter of the page's URL. */
export function param(name) {
  return new URLSearchParams(location.search).get(name);
}
