// Jungle: play the engine; the explorer shows tablebase values inside the
// tables (sorted as lichess does) and the engine's live analysis outside.
import { get, post } from "./api.js";
import { byId, el, fillSelect, param, setStatus, valueText } from "./dom.js";
import { AnalysisPanel } from "./analysis.js";
import { GameSession, resultText } from "./game-session.js";
import { JungleBoard, pieceCount } from "./jungle-board.js";

const NAMES = { first: "bottom", second: "top" };
const panel = new AnalysisPanel(NAMES);
const session = new GameSession("jungle", { side: () => byId("side").value, rules: () => byId("rules").value || undefined, onView: show });
const board = new JungleBoard(byId("board"), (move) => session.play(move));
let tablebase = { loaded: false };

function redraw(view) {
  board.draw(view, {
    chinese: byId("chinese").checked,
    flipped: byId("side").value === "second",
    interactive: session.humanToMove(view) && !view.result,
  });
}

async function show(view) {
  panel.stop();
  board.selected = null;
  redraw(view);
  const generation = session.generation;
  const probe = await probeIfCovered(view);
  if (generation !== session.generation) return;
  if (probe) showTablebase(probe, view); else showEngineArea();
  const over = resultText(view, NAMES);
  if (over) { setStatus(over); return; }
  if (session.humanToMove(view)) {
    setStatus(`${NAMES[view.turn]} to move (you)`);
    if (!probe) panel.run(analysisRequest(2000), view.turn);
    return;
  }
  setStatus(`${NAMES[view.turn]} (engine) is thinking…`);
  const move = probe ? probe.best[0] : await engineChoice(view);
  if (generation !== session.generation) return;
  if (move) await session.play(move); else setStatus("the engine gave no move", true);
}

async function engineChoice(view) {
  const report = await panel.run(analysisRequest(Number(byId("movetime").value)), view.turn);
  return report && report.bestmove;
}

function analysisRequest(movetime) {
  return session.request({ movetime_ms: movetime });
}

async function probeIfCovered(view) {
  if (!tablebase.loaded || view.result) return null;
  if ((view.rules || "standard") !== tablebase.rules) return null;
  if (pieceCount(view.position) > tablebase.max_pieces) return null;
  try {
    const answer = await post("/tablebase/probe", session.request());
    return answer.covered ? answer.report : null;
  } catch (error) {
    setStatus(error.message, true);
    return null;
  }
}

function showEngineArea() {
  byId("explorer-title").textContent = tablebase.loaded ? "Engine (outside the tablebase)" : "Engine analysis";
  byId("explorer-summary").replaceChildren(el("span", { id: "eval" }, "–"));
  byId("explorer-body").replaceChildren(
    el("div", { class: "muted", id: "search-stats" }, "…"),
    el("div", {}, "PV: ", el("span", { class: "pv", id: "pv" })),
    tablebase.loaded ? null : el("p", { class: "muted" }, "Start the server with --tablebase DIR to explore endgames exactly."));
}

function showTablebase(report, view) {
  byId("explorer-title").textContent = "Tablebase";
  byId("explorer-summary").replaceChildren(
    el("span", { class: report.value, id: "tb-value" }, `${NAMES[view.turn]} ${valueText(report.value, report.distance)}`));
  const rows = report.moves.map((m) => el("tr", { class: m.value, "data-move": m.move },
    el("td", {}, el("button", { type: "button", class: "linklike", onclick: () => session.play(m.move) }, m.move)),
    el("td", { class: m.value }, m.value),
    el("td", { class: "num" }, m.value === "draw" ? "–" : String(m.distance))));
  const mainLine = report.main_line.map((move, index) =>
    el("button", { type: "button", class: "linklike", title: "play the main line to here",
      onclick: () => playLine(report.main_line.slice(0, index + 1)) }, move));
  byId("explorer-body").replaceChildren(
    el("table", { id: "tb-moves" },
      el("thead", {}, el("tr", {}, el("th", {}, "Move"), el("th", {}, "Value"), el("th", { class: "num" }, "Plies"))),
      el("tbody", {}, rows)),
    el("h2", {}, "Main line"),
    el("p", { class: "pv", id: "main-line" }, ...mainLine.flatMap((b) => [b, " "])),
    el("p", { class: "muted" }, "Wins shortest first, then draws, then losses longest first (as the lichess explorer); values are for the player who moves."));
}

async function playLine(moves) {
  await session.goToLine(session.start, [...session.moves, ...moves]);
}

async function playTyped() {
  const input = byId("move-input");
  const move = input.value.trim().toLowerCase();
  if (!move) return;
  if (await session.play(move)) input.value = "";
}

async function init() {
  const [games, info] = await Promise.all([get("/games"), get("/tablebase")]);
  tablebase = info;
  const jungle = games.find((g) => g.name === "jungle");
  fillSelect(byId("rules"), jungle.rules.map((r) => [r, r]), jungle.rules[0]);
  session.wireToolbar();
  for (const id of ["side", "rules"]) byId(id).addEventListener("change", () => session.load());
  byId("chinese").addEventListener("change", () => session.view && redraw(session.view));
  byId("play-typed").addEventListener("click", playTyped);
  byId("move-input").addEventListener("keydown", (event) => { if (event.key === "Enter") playTyped(); });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") board.clearSelection(); });
  const fen = param("fen");
  if (fen) { byId("side").value = "both"; session.start = fen; }
  await session.load();
}

init().catch((error) => setStatus(error.message, true));
