// A game against a fixed opponent as an MDP (/game/NAME/mdp, for a game
// with an MDP model): the solution's trace, the exact value of every move,
// and the game's board to play the policy out.
import { post } from "./api.js";
import { byId, copyText, el, fill, fillSelect, setStatus } from "./dom.js";
import { lineChart } from "./chart.js";
import { onLanguageChange, t } from "./i18n.js";
import { boardModule, currentGame, gameTitle, renderNav, sideNames } from "./site.js";
import "./strings/mdp.js";

/** The API's names of the agent's side (`x` moves first). */
const MARKS = { first: "x", second: "o" };

let game;
let board;
let start = "start";
let moves = [];
let current = null;
let solved = null;
let generation = 0;
let module = null;

function problem() {
  const request = { game: game.name, opponent: byId("opponent").value, side: byId("agent").value, method: byId("method").value, exact: true };
  if (request.method === "q-learning") { request.episodes = Number(byId("episodes").value); request.seed = 1; }
  return request;
}

function agentMark() {
  return byId("agent").value === MARKS.first ? "first" : "second";
}

async function solve() {
  const mine = ++generation;
  setStatus(t("mdp.solving"));
  try {
    solved = await post("/mdp/solve", problem());
    if (mine !== generation) return;
    showSolution();
    setStatus(t("mdp.solved"));
    await refresh();
  } catch (error) {
    setStatus(error.message, true);
  }
}

/** A trace unit of the API ("round", "sweep", "batch") in the page's language. */
function unitName(unit) {
  const key = `mdp.unit_${unit}`;
  const text = t(key);
  return text === key ? unit : text;
}

/** The solution's value, outcome odds and trace, in the page's language. */
function showSolution() {
  if (!solved) return;
  byId("optimum").textContent = solved.optimum_exact ? `${solved.optimum_exact} ≈ ${solved.optimum.toFixed(4)}` : solved.optimum.toFixed(4);
  const o = solved.outcome;
  byId("odds").textContent = t("mdp.odds", { win: o.win_exact || o.win.toFixed(4), draw: o.draw_exact || o.draw.toFixed(4), loss: o.loss_exact || o.loss.toFixed(4) });
  byId("trace-title").textContent = t("mdp.trace_per", { unit: unitName(solved.trace_unit) });
  lineChart(byId("chart"), solved.trace, { xLabel: unitName(solved.trace_unit), reference: solved.optimum });
}

async function refresh() {
  const mine = ++generation;
  let view;
  try {
    view = await post("/legal-moves", { game: game.name, position: start, moves });
  } catch (error) {
    setStatus(error.message, true);
    return;
  }
  if (mine !== generation) return;
  showGame(view);
  if (view.result) {
    draw(view);
    setStatus(t(view.result === "draw" ? "mdp.draw" : view.result === agentMark() ? "mdp.agent_wins" : "mdp.opponent_wins"));
    return;
  }
  if (view.turn !== agentMark()) {
    draw(view);
    setStatus(t("mdp.opponent_moving"));
    moves = [...moves, await opponentMove(view)];
    return refresh();
  }
  let values;
  try {
    values = await post("/mdp/values", { ...problem(), position: view.position });
  } catch (error) {
    setStatus(error.message, true);
    return;
  }
  if (mine !== generation) return;
  const byMove = new Map(values.values.map((v) => [v.move, v]));
  draw(view, (move) => {
    const v = byMove.get(move);
    if (!v) return null;
    return { label: v.exact || v.value.toFixed(3), big: true, best: values.best.includes(move), title: t("mdp.value", { value: v.exact || v.value }) };
  });
  setStatus(t("mdp.agent_to_move", { best: values.best.join(", ") }));
}

/** The opponent's move by its model: uniform, or uniform among perfect moves. */
async function opponentMove(view) {
  let choices = view.legal_moves;
  if (byId("opponent").value === "minimax") {
    choices = (await post("/solved", { game: game.name, position: start, moves })).best;
  }
  return choices[Math.floor(Math.random() * choices.length)];
}

/** Draws `view`; the agent may play when `annotate` (its moves' values) is given. */
function draw(view, annotate = null) {
  board.reset();
  board.draw(view, { interactive: Boolean(annotate), flipped: false, annotate: annotate || (() => null), toggles: {} });
}

function play(move) {
  moves = [...moves, move];
  refresh();
}

byId("solve").addEventListener("click", solve);
byId("method").addEventListener("change", () => { byId("episodes-label").hidden = byId("method").value !== "q-learning"; });
for (const id of ["opponent", "agent"]) byId(id).addEventListener("change", () => { start = "start"; moves = []; solve(); });
function showGame(view) {
  current = view;
  byId("position-text").value = view.position;
  fill(byId("move-list"), view.history.map((move) => el("li", {}, move)));
}

function newGame(position = "start") {
  start = position;
  moves = [];
  refresh();
}

byId("new-game").addEventListener("click", () => newGame());
byId("copy-position").addEventListener("click", async () => {
  const copied = await copyText(current ? current.position : "", byId("position-text"));
  setStatus(copied ? t("session.copied") : t("session.selected"));
});
const setPosition = () => { const text = byId("position-text").value.trim(); if (text) newGame(text); };
byId("set-position").addEventListener("click", setPosition);
byId("position-text").addEventListener("keydown", (event) => { if (event.key === "Enter") setPosition(); });
document.addEventListener("keydown", (event) => {
  if (event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "n") newGame();
  if (event.key === "u") byId("undo").click();
});
byId("undo").addEventListener("click", () => {
  // back to the agent's previous turn: drop the opponent's reply and the agent's move
  moves = moves.slice(0, Math.max(0, moves.length - 2));
  refresh();
});
/** The texts that follow the page's language: title and the agent's sides. */
function showTexts() {
  const names = sideNames(module);
  document.title = t("mdp.document_title", { game: gameTitle(game) });
  byId("title").textContent = t("mdp.title", { game: gameTitle(game) });
  fillSelect(byId("agent"), [[MARKS.first, t("mdp.side_first", { side: names.first })], [MARKS.second, t("mdp.side_second", { side: names.second })]],
    byId("agent").value || MARKS.first);
}

async function init() {
  renderNav();
  game = await currentGame();
  module = await boardModule(game);
  showTexts();
  board = module.createBoard(byId("board"), { onMove: play });
  onLanguageChange(() => {
    showTexts();
    showSolution();
    // The status again in the new language, unless the opponent's move is under way (it will write it).
    if (current && (current.result || current.turn === agentMark())) refresh();
  });
  await solve();
}

init().catch((error) => setStatus(error.message, true));
