// Ultimate tic-tac-toe against an engine, with live analysis while it thinks.
import { get } from "./api.js";
import { byId, el, fillSelect, setStatus } from "./dom.js";
import { AnalysisPanel } from "./analysis.js";
import { GameSession, resultText } from "./game-session.js";

const NAMES = { first: "X", second: "O" };
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const panel = new AnalysisPanel(NAMES);
const session = new GameSession("uttt", { side: () => byId("side").value, rules: () => byId("rules").value || undefined, onView: show });

/** The owner ("X"/"O") of small board `board` in the 81-cell text, or null. */
function owner(cells, board) {
  for (const mark of ["X", "O"]) {
    if (LINES.some((line) => line.every((pos) => cells[board * 9 + pos] === mark))) return mark;
  }
  return null;
}

function drawBoard(view) {
  const cells = view.position.slice(0, 81);
  const legal = new Set(view.legal_moves);
  const allowed = new Set(view.legal_moves.map((m) => Math.floor(Number(m) / 9)));
  const last = view.history.length ? Number(view.history[view.history.length - 1]) : null;
  const human = session.humanToMove(view) && !view.result;
  byId("board").replaceChildren(...Array.from({ length: 9 }, (_, board) => {
    const mark = owner(cells, board);
    return el("div", { class: `small${allowed.has(board) && !view.result ? " allowed" : ""}`, "data-board": board, role: "group", "aria-label": `board ${board}${mark ? `, won by ${mark}` : ""}` },
      Array.from({ length: 9 }, (_, pos) => {
        const cell = board * 9 + pos;
        const content = cells[cell] === "." ? "" : cells[cell];
        return el("button", {
          type: "button",
          "data-cell": cell,
          class: [content ? `mark-${content.toLowerCase()}` : "", cell === last ? "last" : ""].filter(Boolean).join(" "),
          "aria-label": `cell ${cell}: ${content || "empty"}`,
          disabled: !(human && legal.has(String(cell))),
          onclick: () => session.play(String(cell)),
        }, content);
      }),
      mark ? el("div", { class: `owner mark-${mark.toLowerCase()}`, "aria-hidden": "true" }, mark) : null);
  }));
}

async function show(view) {
  panel.stop();
  drawBoard(view);
  const over = resultText(view, NAMES);
  if (over) { setStatus(over); return; }
  if (session.humanToMove(view)) { setStatus(`${NAMES[view.turn]} to move (you)`); return; }
  await engineMove(view);
}

async function engineMove(view) {
  const generation = session.generation;
  setStatus(`${NAMES[view.turn]} (engine) is thinking…`);
  const report = await panel.run(searchRequest(), view.turn);
  if (generation !== session.generation) return;
  if (!report || !report.bestmove) { setStatus("the engine gave no move", true); return; }
  await session.play(report.bestmove);
}

function searchRequest() {
  const request = session.request({ engine: byId("engine").value, movetime_ms: byId("movetime").value });
  return request;
}

async function init() {
  const games = await get("/games");
  const info = games.find((g) => g.name === "uttt");
  fillSelect(byId("engine"), info.engines.map((e) => [e, e]), info.engines[0]);
  fillSelect(byId("rules"), info.rules.map((r) => [r, r === "codingame" ? "CodinGame" : r]), info.rules[0]);
  session.wireToolbar();
  for (const id of ["side", "rules"]) byId(id).addEventListener("change", () => session.load());
  byId("analyse").addEventListener("click", () => {
    if (session.view && !session.view.result) panel.run(searchRequest(), session.view.turn);
  });
  await session.load();
}

init().catch((error) => setStatus(error.message, true));
