// The start page: a card for every page of every registered game (from
// `/api/games` and the loaded tablebase), and the API.
import { el, fill, setStatus } from "./dom.js";
import { onLanguageChange, t } from "./i18n.js";
import { gameTitle, games, pagesOf, renderNav, tablebase } from "./site.js";

function card(href, title, text, id) {
  return el("a", { href, id }, el("div", { class: "panel" }, el("h2", {}, title), el("p", {}, text)));
}

async function showCards() {
  document.title = t("index.document_title");
  const [list, info] = await Promise.all([games(), tablebase()]);
  const cards = list.flatMap((game) => pagesOf(game, info).map(([href, label, text], index) =>
    card(href, index === 0 ? gameTitle(game) : label, text, `card-${game.name}${index === 0 ? "" : `-${href.split("/").pop()}`}`)));
  cards.push(card("/api/openapi.json", t("index.api_title"), t("index.api_text"), "card-api"));
  fill(document.getElementById("cards"), cards);
}

async function init() {
  renderNav();
  onLanguageChange(() => showCards().catch((error) => setStatus(error.message, true)));
  await showCards();
}

init().catch((error) => setStatus(error.message, true));
