// What every page shares: the registered games (`/api/games`), the loaded
// tablebase, the navigation bar generated from them, the game a page's URL
// names, and that game's board module (or the generic text board).
import { get } from "./api.js";
import { el, fill } from "./dom.js";
import { t } from "./i18n.js";
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

/** A game's title without its parenthesis ("Jungle (Dou Shou Qi)" → "Jungle"), for links. */
export function shortTitle(game) {
  return game.title.replace(/\s*\(.*\)\s*$/, "");
}

/** The URL of `game`'s page, or of one of its sub-pages (`stats`, `puzzles`, `mdp`). */
export function gameUrl(game, page = "") {
  return `/game/${encodeURIComponent(game.name)}${page ? `/${page}` : ""}`;
}

/** The pages of `game`: [url, label, description] for its play page, its statistics and puzzles (with tables) and its planning page. */
export function pagesOf(game, info) {
  const caps = game.capabilities;
  const plays = caps.solved_table ? "perfect play from the solved table, every move coloured by its value and distance"
    : caps.search ? `the ${game.engines.join(" or ")} engine with live analysis` : "both sides";
  const extras = [
    caps.solved_table ? "the positions per ply" : null,
    hasTables(game, info) ? "the tablebase explorer: every move coloured by value and distance, the main line" : null,
    caps.tablebase && !hasTables(game, info) ? "its tablebases when the server is started with them" : null,
  ].filter(Boolean);
  const pages = [[gameUrl(game), shortTitle(game), `Play against ${plays}${extras.length ? `; ${extras.join("; ")}` : ""}.`]];
  if (hasTables(game, info)) {
    pages.push([gameUrl(game, "stats"), `${shortTitle(game)} tables`, "Won, drawn and lost positions per material, the longest wins."]);
    pages.push([gameUrl(game, "puzzles"), t("puzzles.page", { game: shortTitle(game) }), t("puzzles.card")]);
  }
  if (caps.mdp) {
    pages.push([gameUrl(game, "mdp"), `${shortTitle(game)} MDP`, "Against a random or minimax opponent: the optimal policy as exact fractions."]);
  }
  return pages;
}

/** Fills the page's `#nav` with the start page, every game's pages and the API; marks the current one. */
export async function renderNav() {
  const nav = document.getElementById("nav");
  if (!nav) return;
  const [list, info] = await Promise.all([games(), tablebase()]);
  const link = (href, label, extra = {}) => el("a", { href, "aria-current": location.pathname === href ? "page" : null, ...extra }, label);
  const links = [link("/", "gamesolver", { class: "brand" })];
  for (const game of list) for (const [href, label] of pagesOf(game, info)) links.push(link(href, label));
  links.push(link("/api/openapi.json", "API"));
  fill(nav, links.flatMap((a) => [a, " "]));
}

/** The game the URL names (`/game/NAME/…`), by name or alias; throws if none. */
export async function currentGame() {
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  const game = (await games()).find((g) => g.name === name || g.aliases.includes(name));
  if (!game) throw new Error(`no game ${name}`);
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

/** The display names of the two sides of a board module. */
export function sideNames(board) {
  return board.sides || { first: "first", second: "second" };
}
