// What every page shares: the registered games (`/api/games`), the loaded
// tablebase, the navigation bar generated from them, the game a page's URL
// names, and that game's board module (or the generic text board); the
// language switch in the navigation bar.
import { get } from "./api.js";
import { el, fill } from "./dom.js";
import { LANGUAGES, has, language, onLanguageChange, setLanguage, t, translateTree } from "./i18n.js";
import "./strings/site.js";
import "./strings/puzzles.js";
import * as textBoard from "./text-board.js";

let registry = null;
let tables = null;

/** The registered games, as `/api/games` lists them (fetched once). */
export function games() {
  registry ??= get("/games");
  return registry;
}

/** The tablebase the server opened (`/api/tablebase`, fetched once). */
export function tablebase() {
  tables ??= get("/tablebase").catch(() => ({ loaded: false }));
  return tables;
}

/** Whether the server opened tables of `game` (it may have several games' tables). */
export function hasTables(game, info) {
  return Boolean(info && info.loaded && (info.games || [info.game]).includes(game.name));
}

/** A board module's export that may depend on the page's language: the value, or what the function exported gives. */
export function declared(exported) {
  return typeof exported === "function" ? exported() : exported;
}

/** A game's title in the page's language (its declaration's `titles`, else the English `title`). */
export function gameTitle(game) {
  return (game.titles && game.titles[language()]) || game.title;
}

/** A game's title without its parenthesis ("Jungle (Dou Shou Qi)" → "Jungle"), for links. */
export function shortTitle(game) {
  return gameTitle(game).replace(/\s*\(.*\)\s*$/, "");
}

/** An engine kind of the API ("alphabeta", "mcts") in the page's language, else as the API names it. */
export function engineName(engine) {
  return has(`engine.${engine}`) ? t(`engine.${engine}`) : engine;
}

/** A rules preset of `game` in the page's language (its board module may name it: `NAME.rules.PRESET`), else as the API names it. */
export function rulesName(game, rules) {
  const key = `${game.name}.rules.${rules}`;
  return has(key) ? t(key) : rules;
}

/** The URL of `game`'s page, or of one of its sub-pages (`stats`, `puzzles`, `mdp`). */
export function gameUrl(game, page = "") {
  return `/game/${encodeURIComponent(game.name)}${page ? `/${page}` : ""}`;
}

/** The pages of `game`: [url, label, description] for its play page, its statistics and puzzles (with tables) and its planning page. */
export function pagesOf(game, info) {
  const caps = game.capabilities;
  const plays = caps.solved_table ? t("index.play_solved")
    : caps.search ? t("index.play_engine", { engines: game.engines.map(engineName).join(t("index.engines_or")) }) : t("index.play_both");
  const extras = [
    caps.solved_table ? t("index.per_ply") : null,
    hasTables(game, info) ? t("index.explorer") : null,
    caps.tablebase && !hasTables(game, info) ? t("index.tables_later") : null,
  ].filter(Boolean);
  const sep = t("index.list_sep");
  const pages = [[gameUrl(game), shortTitle(game), t("index.play", { what: plays, extras: extras.map((e) => `${sep}${e}`).join("") })]];
  if (hasTables(game, info)) {
    pages.push([gameUrl(game, "stats"), t("nav.tables", { game: shortTitle(game) }), t("index.stats_text")]);
    pages.push([gameUrl(game, "puzzles"), t("puzzles.page", { game: shortTitle(game) }), t("puzzles.card")]);
  }
  if (caps.mdp) {
    pages.push([gameUrl(game, "mdp"), t("nav.mdp", { game: shortTitle(game) }), t("index.mdp_text")]);
  }
  return pages;
}

/**
 * Fills the page's `#nav` with the start page, every game's pages, the API
 * and the language switch; marks the current page. The first call also
 * sets `<html lang>` and translates the page's static text, and draws the
 * bar again whenever the visitor switches language.
 */
export async function renderNav() {
  const nav = document.getElementById("nav");
  if (!nav) return;
  if (!nav.dataset.ready) {
    nav.dataset.ready = "1";
    document.documentElement.lang = language() === "zh" ? "zh-Hans" : "en";
    translateTree(document);
    onLanguageChange(() => renderNav());
  }
  const [list, info] = await Promise.all([games(), tablebase()]);
  const link = (href, label, extra = {}) => el("a", { href, "aria-current": location.pathname === href ? "page" : null, ...extra }, label);
  const links = [link("/", "gamesolver", { class: "brand" })];
  for (const game of list) for (const [href, label] of pagesOf(game, info)) links.push(link(href, label));
  links.push(link("/api/openapi.json", "API"));
  fill(nav, links.flatMap((a) => [a, " "]), languageSwitch());
}

/** The language switch: a select of the languages, each named in itself. */
function languageSwitch() {
  const select = el("select", { id: "language", "aria-label": t("nav.language"), onchange: (event) => setLanguage(event.target.value) },
    Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, lang: code, selected: code === language() }, name)));
  return el("label", { class: "language", title: t("nav.language") }, select);
}

/** The game the URL names (`/game/NAME/…`), by name or alias; throws if none. */
export async function currentGame() {
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  const game = (await games()).find((g) => g.name === name || g.aliases.includes(name));
  if (!game) throw new Error(t("error.no_game", { name }));
  return game;
}

/**
 * The board module of `game` (served from its declaration at
 * /game/NAME/board.js), its styles added to the page once; the generic
 * text board for a game without one.
 */
export async function boardModule(game) {
  const module = game.capabilities.web_board ? await import(`${gameUrl(game)}/board.js`) : textBoard;
  if (module.css && !document.querySelector(`style[data-board="${game.name}"]`)) {
    document.head.append(el("style", { "data-board": game.name }, module.css));
  }
  return module;
}

/** The display names of the two sides of a board module (read when called: a module may name them in the page's language). */
export function sideNames(board) {
  // Getters: a name read after a change of language is in the new language.
  return {
    get first() { return board.sides ? board.sides.first : t("sides.first"); },
    get second() { return board.sides ? board.sides.second : t("sides.second"); },
  };
}
