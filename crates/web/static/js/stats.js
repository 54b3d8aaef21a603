// Per-material statistics of the tablebase the server opened, for the game
// the URL names (/game/NAME/stats).
import { get } from "./api.js";
import { byId, el, fill, setStatus } from "./dom.js";
import { t } from "./i18n.js";
import "./strings/puzzles.js";
import { boardModule, currentGame, gameUrl, hasTables, renderNav, sideNames, tablebase } from "./site.js";

const count = (n) => n.toLocaleString("en");
const OUTCOMES = ["win", "draw", "loss"];

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

async function init() {
  renderNav();
  const game = await currentGame();
  const names = sideNames(await boardModule(game));
  document.title = `${game.title} tablebase statistics · gamesolver`;
  byId("title").textContent = `${game.title} tablebase: statistics per material`;
  if (!hasTables(game, await tablebase())) {
    setStatus(`this server has no ${game.title} tablebase: start it with gamesolver serve --tablebase DIR`, true);
    return;
  }
  fill(byId("stats-head"), el("th", {}, "Material"),
    ["first", "second"].map((side) => OUTCOMES.map((outcome, i) =>
      el("th", { class: "num" }, i === 0 ? `${names[side]} to move W` : outcome[0].toUpperCase()))),
    el("th", { class: "num" }, "Longest win"), el("th", {}, "Example"));
  const rows = await statsOf(game);
  fill(byId("stats-table").querySelector("tbody"), rows.map((row) => el("tr", { "data-material": row.material },
    el("td", {}, row.material),
    [row.bottom_to_move, row.top_to_move].map((counts) => counts.map((n, i) => el("td", { class: `num ${OUTCOMES[i]}` }, count(n)))),
    el("td", { class: "num" }, String(row.longest_win)),
    el("td", {}, row.longest_win_example
      ? el("a", { href: `${gameUrl(game)}?position=${encodeURIComponent(row.longest_win_example)}`, class: "pv" }, row.longest_win_example)
      : "–"))));
  setStatus(`${rows.length} materials`);
}

init().catch((error) => setStatus(error.message, true));
