// Per-material statistics of the tablebase the server opened, for the game
// the URL names (/game/NAME/stats).
import { get } from "./api.js";
import { byId, el, fill, setStatus } from "./dom.js";
import { language, onLanguageChange, t } from "./i18n.js";
import { boardModule, currentGame, gameTitle, gameUrl, hasTables, renderNav, sideNames, tablebase } from "./site.js";
import "./strings/puzzles.js";
import "./strings/stats.js";

const OUTCOMES = ["win", "draw", "loss"];

let rows = null; // the statistics, fetched once

/** The game's statistics, asked again while the server still counts them (its progress shown). */
async function statsOf(game) {
  setStatus(t("stats.counting-start"));
  for (;;) {
    const answer = await get(`/games/${encodeURIComponent(game.name)}/tablebase/stats`);
    if (answer.ready) return answer.materials;
    setStatus(answer.total ? t("stats.counting", { done: answer.done, total: answer.total }) : t("stats.counting-start"));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function show(game, module) {
  const count = (n) => n.toLocaleString(language());
  const names = sideNames(module);
  document.title = t("stats.document_title", { game: gameTitle(game) });
  byId("title").textContent = t("stats.title", { game: gameTitle(game) });
  if (!hasTables(game, await tablebase())) {
    setStatus(t("stats.no_tables", { game: gameTitle(game) }), true);
    return;
  }
  fill(byId("stats-head"), el("th", {}, t("stats.material")),
    ["first", "second"].map((side) => OUTCOMES.map((outcome, i) =>
      el("th", { class: "num" }, i === 0 ? t("stats.to_move_w", { side: names[side] }) : t(`stats.${outcome}_short`)))),
    el("th", { class: "num" }, t("stats.longest_win")), el("th", {}, t("stats.example")));
  rows ??= await statsOf(game);
  fill(byId("stats-table").querySelector("tbody"), rows.map((row) => el("tr", { "data-material": row.material },
    el("td", {}, row.material),
    [row.bottom_to_move, row.top_to_move].map((counts) => counts.map((n, i) => el("td", { class: `num ${OUTCOMES[i]}` }, count(n)))),
    el("td", { class: "num" }, String(row.longest_win)),
    el("td", {}, row.longest_win_example
      ? el("a", { href: `${gameUrl(game)}?position=${encodeURIComponent(row.longest_win_example)}`, class: "pv" }, row.longest_win_example)
      : "–"))));
  setStatus(t("stats.materials", { n: rows.length }));
}

async function init() {
  renderNav();
  const game = await currentGame();
  const module = await boardModule(game);
  onLanguageChange(() => show(game, module).catch((error) => setStatus(error.message, true)));
  await show(game, module);
}

init().catch((error) => setStatus(error.message, true));
