// The start page: a card for every page of every registered game (from
// `/api/games` and the loaded tablebase), and the API.
import { el, fill, setStatus } from "./dom.js";
import { games, pagesOf, renderNav, tablebase } from "./site.js";

function card(href, title, text, id) {
  return el("a", { href, id }, el("div", { class: "panel" }, el("h2", {}, title), el("p", {}, text)));
}

async function init() {
  document.title = "Start · gamesolver";
  renderNav();
  const [list, info] = await Promise.all([games(), tablebase()]);
  const cards = list.flatMap((game) => pagesOf(game, info).map(([href, label, text], index) =>
    card(href, index === 0 ? game.title : label, text, `card-${game.name}${index === 0 ? "" : `-${href.split("/").pop()}`}`)));
  cards.push(card("/api/openapi.json", "JSON API", "The OpenAPI 3 document of the API these pages use.", "card-api"));
  fill(document.getElementById("cards"), cards);
}

init().catch((error) => setStatus(error.message, true));
