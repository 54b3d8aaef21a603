// The pages' languages (English and Chinese): every user-visible word goes
// through `t(key)`. Each part of the site registers its own strings with
// `addStrings({ en: {...}, zh: {...} })` (keys namespaced by the part, e.g.
// "review.graph"); a missing Chinese string falls back to the English one,
// a missing key shows the key itself (a test looks for that).
// The language is the visitor's choice (remembered in localStorage), else
// the browser's first language if it is Chinese, else English.

/** The languages the pages speak: code → its name in that language. */
export const LANGUAGES = { en: "English", zh: "中文" };

const STORAGE_KEY = "gamesolver.language";
const strings = { en: {}, zh: {} };
const listeners = [];

/** The language chosen by the visitor or the browser: "en" or "zh". */
export function language() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be disabled; the browser's language decides.
  }
  if (saved && saved in LANGUAGES) return saved;
  const preferred = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return preferred.toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** Chooses `lang` (remembered), sets `<html lang>`, and tells every listener. */
export function setLanguage(lang) {
  if (!(lang in LANGUAGES)) return;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not remembered; still applied to this page.
  }
  document.documentElement.lang = lang === "zh" ? "zh-Hans" : "en";
  translateTree(document);
  for (const listener of listeners) listener(lang);
}

/** Calls `listener(lang)` whenever the visitor switches language (to redraw text made in scripts). */
export function onLanguageChange(listener) {
  listeners.push(listener);
}

/** Adds a part's strings: `{ en: { key: text }, zh: { key: text } }`. */
export function addStrings(table) {
  for (const lang of Object.keys(LANGUAGES)) Object.assign(strings[lang], table[lang] || {});
}

/**
 * The text of `key` in the current language, with `{name}` placeholders
 * replaced from `vars` (e.g. `t("review.accuracy", { side: "X", pct: 93 })`).
 */
export function t(key, vars = {}) {
  const lang = language();
  const text = strings[lang][key] ?? strings.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/**
 * Translates the static HTML under `root`: an element with `data-i18n="key"`
 * gets `t(key)` as its text, one with `data-i18n-title` / `data-i18n-placeholder`
 * / `data-i18n-aria-label` that attribute.
 */
export function translateTree(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const attr of ["title", "placeholder", "aria-label"]) {
    const data = `data-i18n-${attr}`;
    for (const node of root.querySelectorAll(`[${data}]`)) node.setAttribute(attr, t(node.getAttribute(data)));
  }
}

/** Whether `key` has a text in the current language or in English (for names that may keep their own form). */
export function has(key) {
  return key in strings[language()] || key in strings.en;
}

/** The keys that have an English text but none in `lang` (for the tests: every string has both). */
export function missing(lang) {
  return Object.keys(strings.en).filter((key) => !(key in strings[lang]));
}

/** The English text of every key (for the tests: none of it may show once the page is in Chinese). */
export function englishTexts() {
  return { ...strings.en };
}
