// The game page, one for every game (/game/NAME): the game's board module
// draws the board; what the page offers follows the game's capabilities
// (`/api/games`): play either side against perfect play (a solved table,
// or the tablebase inside it) or an engine, every move coloured by its
// exact value and distance with the main line, live engine analysis
// outside the tables, the positions per ply of a solved game.
import { get, post } from "./api.js";
import { byId, el, fill, fillSelect, param, setStatus, valueName, valueText } from "./dom.js";
import { AnalysisPanel } from "./analysis.js";
import { GameSession, resultText } from "./game-session.js";
import { onLanguageChange, t } from "./i18n.js";
import { ReviewPanel } from "./review.js";
import { pieceStyleChoice } from "./piece-style.js";
import { boardModule, currentGame, declared, engineName, gameTitle, hasTables, renderNav, rulesName, sideNames, tablebase } from "./site.js";
import "./strings/game.js";

/** How long the analysis of the person's position runs. */
const LIVE_ANALYSIS_MS = 2000;

let game;
let tables;
let names;
let board;
let panel;
let session;
let values = null; // the exact values of the position shown, when known
let pieces = null; // the piece style the board draws (null: the board has one style)
const toggles = {};

/** Where the exact values of `view` come from: "solved", "tablebase" or null. */
function exactSource(view) {
  if (view.result) return null;
  if (game.capabilities.solved_table) return "solved";
  if (hasTables(game, tables) && view.rules === tables.rules) return "tablebase";
  return null;
}

async function exactValues(view) {
  const source = exactSource(view);
  try {
    if (source === "solved") return await post("/solved", session.request());
    if (source === "tablebase") {
      const answer = await post("/tablebase/probe", session.request());
      return answer.covered ? answer.report : null;
    }
  } catch (error) {
    setStatus(error.message, true);
  }
  return null;
}

/** Whether the page can move for a side: from exact values or with an engine. */
function canAnswer() {
  return game.capabilities.solved_table || game.capabilities.search || hasTables(game, tables);
}

function annotation() {
  const byMove = new Map((values ? values.moves : []).map((m) => [m.move, m]));
  const shown = byId("show-values").checked;
  return (move) => {
    const m = shown ? byMove.get(move) : null;
    if (!m) return null;
    return { value: m.value, distance: m.distance, label: String(m.distance), className: `bg-${m.value}`,
      title: valueText(m.value, m.distance) };
  };
}

function redraw(view) {
  board.draw(view, {
    interactive: session.humanToMove(view) && !view.result,
    flipped: byId("side").value === "second",
    annotate: annotation(),
    toggles: { ...toggles },
    pieces: pieces ? pieces.value() : undefined,
  });
}

async function show(view) {
  panel.stop();
  board.reset();
  values = null;
  redraw(view);
  const generation = session.generation;
  const exact = await exactValues(view);
  if (generation !== session.generation) return;
  values = exact;
  redraw(view);
  showExplorer(view);
  const over = resultText(view, names);
  if (over) { setStatus(over); return; }
  if (session.humanToMove(view) || !canAnswer()) {
    setStatus(t(session.humanToMove(view) ? "game.to_move_you" : "game.to_move", { side: names[view.turn] }));
    if (!values && game.capabilities.search && byId("live").checked) panel.run(searchRequest(LIVE_ANALYSIS_MS), view.turn);
    return;
  }
  setStatus(t(values ? "game.perfect_moving" : "game.engine_thinking", { side: names[view.turn] }));
  const move = values ? values.best[0] : await engineChoice(view);
  if (generation !== session.generation) return;
  if (move) await session.play(move); else setStatus(t("game.no_engine_move"), true);
}

async function engineChoice(view) {
  const report = await panel.run(searchRequest(Number(byId("movetime").value)), view.turn);
  return report && report.bestmove;
}

function searchRequest(movetime) {
  return session.request({ engine: byId("engine").value || undefined, movetime_ms: movetime });
}

function showExplorer(view) {
  const source = values ? exactSource(view) : null;
  byId("value-line").textContent = values
    ? t("game.value_line", { side: names[view.turn], value: valueText(values.value, values.distance), best: values.best.join(", ") })
    : "";
  byId("colours").hidden = !values;
  byId("values-area").hidden = !values;
  byId("engine-area").hidden = Boolean(values) || !game.capabilities.search;
  if (values) {
    byId("explorer-title").textContent = t(source === "solved" ? "game.solved_table" : "game.tablebase");
    fill(byId("explorer-summary"), el("span", { class: values.value, id: "tb-value" }, `${names[view.turn]} ${valueText(values.value, values.distance)}`));
    showValues();
    return;
  }
  byId("explorer-title").textContent = t(hasTables(game, tables) ? "game.engine_outside" : game.capabilities.search ? "game.engine_analysis" : "game.position");
  fill(byId("explorer-summary"), el("span", { id: "eval" }, "–"));
  byId("search-stats").textContent = "…";
  byId("pv").textContent = "";
}

/** Wins shortest first, then draws, then losses longest first (as the lichess explorer). */
function rank(move) {
  if (move.value === "win") return -100000 + move.distance;
  if (move.value === "draw") return 0;
  return 100000 - move.distance;
}

function showValues() {
  const moves = [...values.moves].sort((a, b) => rank(a) - rank(b));
  const rows = moves.map((m) => el("tr", { class: m.value, "data-move": m.move },
    el("td", {}, el("button", { type: "button", class: "linklike", onclick: () => session.play(m.move) }, m.move)),
    el("td", { class: m.value }, valueName(m.value)),
    el("td", { class: "num" }, m.value === "draw" ? "–" : String(m.distance))));
  const mainLine = values.main_line.map((move, index) =>
    el("button", { type: "button", class: "linklike", title: t("game.main_line_to_here"),
      onclick: () => session.goToLine(session.start, [...session.moves, ...values.main_line.slice(0, index + 1)]) }, move));
  fill(byId("values-area"),
    el("table", { id: "tb-moves" },
      el("thead", {}, el("tr", {}, el("th", {}, t("game.move")), el("th", {}, t("game.value")), el("th", { class: "num" }, t("game.plies")))),
      el("tbody", {}, rows)),
    el("h2", {}, t("game.main_line")),
    el("p", { class: "pv", id: "main-line" }, mainLine.flatMap((b) => [b, " "])),
    el("p", { class: "muted" }, t("game.sort_note")));
}

/** The engine's part of the explorer, built once (the analysis updates its elements in place). */
function engineArea() {
  return el("div", { id: "engine-area", hidden: true },
    el("div", { class: "muted", id: "search-stats" }, "…"),
    el("div", {}, el("span", { "data-i18n": "game.pv" }, t("game.pv")), " ", el("span", { class: "pv", id: "pv" })),
    el("div", { class: "controls", style: "margin-top:.5rem" },
      el("button", { id: "analyse", type: "button", onclick: () => {
        if (session.view && !session.view.result) panel.run(searchRequest(LIVE_ANALYSIS_MS), session.view.turn);
      }, "data-i18n": "game.analyse" }, t("game.analyse")),
      el("label", {}, el("input", { id: "live", type: "checkbox", checked: true }), " ", el("span", { "data-i18n": "game.analyse_live" }, t("game.analyse_live")))),
    game.capabilities.tablebase && !hasTables(game, tables)
      ? el("p", { class: "muted", "data-i18n": "game.start_with_tables" }, t("game.start_with_tables"))
      : null);
}

/** A per-ply column's heading in the page's language (a column without a string keeps its API name). */
function columnName(key) {
  const text = t(`game.col_${key}`);
  return text === `game.col_${key}` ? key : text;
}

async function showPerPly() {
  byId("per-ply-panel").hidden = false;
  try {
    const counts = await get(`/solved/${encodeURIComponent(game.name)}/per-ply`);
    const rows = Array.isArray(counts) ? counts : (counts.per_ply || counts.plies || []);
    if (rows.length === 0) return;
    const first = ["ply", "win", "draw", "loss"].filter((k) => k in rows[0]);
    const keys = [...first, ...Object.keys(rows[0]).filter((k) => !first.includes(k))];
    fill(byId("per-ply"), el("table", { id: "per-ply-table" },
      el("thead", {}, el("tr", {}, keys.map((k) => el("th", { class: k === "ply" ? "" : "num" }, columnName(k))))),
      el("tbody", {}, rows.map((row) => el("tr", {}, keys.map((k) => el("td", { class: k === "ply" ? "" : "num" }, String(row[k]))))))));
  } catch (error) {
    byId("per-ply").textContent = error.message;
  }
}

async function playTyped() {
  const input = byId("move-input");
  const typed = input.value.trim();
  if (!typed || !session.view) return;
  const move = session.view.legal_moves.find((m) => m.toLowerCase() === typed.toLowerCase()) || typed;
  if (await session.play(move)) input.value = "";
}

/** A board module's export that may be a value or a function giving it in the page's language. */

/** The texts that follow the page's language: title, side names, the board's labels. */
function setUpTexts(module) {
  names = sideNames(module);
  panel.names = names;
  document.title = `${gameTitle(game)} · gamesolver`;
  byId("title").textContent = game.capabilities.solved_table ? t("game.against_perfect", { game: gameTitle(game) }) : gameTitle(game);
  const sides = [["first", t("game.side_first", { side: names.first })], ["second", names.second], ["both", t("game.side_both")]];
  const chosen = byId("side").value || (canAnswer() ? "first" : "both");
  fillSelect(byId("side"), canAnswer() ? sides : sides.slice(2), chosen);
  if (game.capabilities.search && !game.capabilities.solved_table) {
    fillSelect(byId("engine"), game.engines.map((e) => [e, engineName(e)]), byId("engine").value || game.engines[0]);
  }
  fillSelect(byId("rules"), game.rules.map((r) => [r, rulesName(game, r)]), byId("rules").value || game.rules[0]);
  fill(byId("toggles"), (module.toggles || []).map((toggle) => el("label", {},
    el("input", { id: toggle.id, type: "checkbox", checked: toggles[toggle.id], onchange: (event) => {
      toggles[toggle.id] = event.target.checked;
      if (session.view) redraw(session.view);
    } }), ` ${declared(toggle.label)}`)));
  fill(byId("legend"), (declared(module.legend) || []).map(([label, colour]) => el("span", { style: `--sw: ${colour}` }, label)));
  byId("help").textContent = declared(module.help) || "";
  byId("move-input").placeholder = declared(module.moveHint) || t("game.type_move");
  if (pieces) pieces.label();
}

function setUpControls(module) {
  const exact = game.capabilities.solved_table || hasTables(game, tables);
  if (game.capabilities.search && !game.capabilities.solved_table) {
    byId("engine-label").hidden = game.engines.length < 2;
    byId("movetime-label").hidden = false;
  }
  byId("rules-label").hidden = game.rules.length < 2;
  byId("show-values-label").hidden = !exact;
  for (const toggle of module.toggles || []) toggles[toggle.id] = false;
  if (module.pieceStyles) pieces = pieceStyleChoice(module.pieceStyles, () => session.view && redraw(session.view));
  setUpTexts(module);
  fill(byId("explorer-body"), el("div", { id: "values-area", hidden: true }), engineArea());
}

async function init() {
  renderNav();
  game = await currentGame();
  tables = await tablebase();
  const module = await boardModule(game);
  names = sideNames(module);
  panel = new AnalysisPanel(names);
  session = new GameSession(game.name, { side: () => byId("side").value, rules: () => byId("rules").value || undefined, onView: show });
  board = module.createBoard(byId("board"), { onMove: (move) => session.play(move) });
  setUpControls(module);
  session.wireToolbar();
  new ReviewPanel(game, session, names, () => byId("rules").value || undefined).mount(byId("review-panel"));
  for (const id of ["side", "rules"]) byId(id).addEventListener("change", () => session.load());
  byId("show-values").addEventListener("change", () => session.view && redraw(session.view));
  byId("play-typed").addEventListener("click", playTyped);
  byId("move-input").addEventListener("keydown", (event) => { if (event.key === "Enter") playTyped(); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && session.view) { board.reset(); redraw(session.view); }
  });
  const start = param("position") || param("fen");
  if (start) { byId("side").value = "both"; session.start = start; }
  if (game.capabilities.solved_table) showPerPly();
  onLanguageChange(() => {
    setUpTexts(module);
    if (game.capabilities.solved_table) showPerPly();
    session.load();
  });
  await session.load();
}

init().catch((error) => setStatus(error.message, true));
