// Tablebase puzzles of the game the URL names (/game/NAME/puzzles): a
// seeded set drawn by the server from its tables
// (/api/games/NAME/puzzles); play the one move that keeps the win (or
// wins fastest), the tables answer with the longest defence; a streak
// counter, and a hint that outlines the piece to move.
import { get, post } from "./api.js";
import { byId, el, fill, fillSelect, param, setStatus } from "./dom.js";
import { onLanguageChange, t, translateTree } from "./i18n.js";
import { boardModule, currentGame, declared, gameTitle, hasTables, renderNav, sideNames, tablebase } from "./site.js";
import { headOf } from "./square-board.js";
import "./strings/puzzles.js";

const STREAK_KEY = "gamesolver.puzzles.best";
const state = {
  game: null, module: null, board: null, names: null, set: null, index: 0, view: null, done: false, hinted: false, solved: 0, streak: 0,
  // The texts the script wrote, as [key, values], so that a change of language redraws them.
  verdict: null, status: null,
};

/** Shows a verdict (`null`: none), remembered for a change of language. */
function verdict(key, values = {}) {
  state.verdict = key ? [key, values] : null;
  byId("verdict").textContent = key ? t(key, values) : "";
}

/** Shows a status line (`null`: none), remembered for a change of language. */
function status(key, values = {}, error = false) {
  state.status = key ? [key, values, error] : null;
  setStatus(key ? t(key, values) : "", error);
}

/** The board's legend (the module's square kinds) in the page's language. */
function showLegend() {
  fill(byId("legend"), (declared(state.module.legend) || []).map(([label, colour]) => el("span", { style: `--sw: ${colour}` }, label)));
}

/** Everything the script wrote, again in the page's new language. */
function relabel() {
  showTexts();
  if (!state.module) return;
  fillGrades(byId("grade").value);
  showLegend();
  if (state.view) draw(!state.done);
}

/** The grade select: any grade, or 1 (easiest) to 5, with `selected` chosen. */
function fillGrades(selected) {
  fillSelect(byId("grade"), [["", t("puzzles.any")], ...[1, 2, 3, 4, 5].map((g) => [String(g), String(g)])], selected);
}

/** The texts of the current puzzle in the page's language. */
function showTexts() {
  if (state.game) {
    const title = t("puzzles.title", { game: gameTitle(state.game) });
    document.title = `${title} · gamesolver`;
    byId("title").textContent = title;
  }
  if (state.status) status(...state.status);
  if (state.verdict) verdict(...state.verdict);
  if (!state.set || !state.set.puzzles.length || !state.view) return;
  const p = puzzle();
  const side = state.names[state.flipped ? "second" : "first"];
  byId("counter").textContent = t("puzzles.counter", { i: state.index + 1, n: state.set.puzzles.length, grade: p.grade, side });
  byId("task").textContent = t(p.kind === "only" ? "puzzles.task-only" : "puzzles.task-fastest", { side, distance: p.distance });
  showStreak();
}

function bestStreak() {
  try { return Number(localStorage.getItem(STREAK_KEY)) || 0; } catch { return 0; }
}

function showStreak() {
  const best = Math.max(bestStreak(), state.streak);
  try { localStorage.setItem(STREAK_KEY, String(best)); } catch { /* not remembered */ }
  byId("streak").textContent = `${t("puzzles.streak", { n: state.streak })} (${t("puzzles.best", { n: best })})`;
}

function puzzle() {
  return state.set.puzzles[state.index];
}

async function viewOf(moves) {
  return post("/legal-moves", { game: state.game.name, rules: state.set.rules, position: puzzle().position, moves });
}

function draw(interactive) {
  const view = state.view;
  state.board.draw(view, {
    interactive: interactive && !view.result,
    flipped: state.flipped,
    annotate: () => null,
    toggles: {},
  });
  if (state.hinted) outline(headOf(puzzle().answer));
}

/** Outlines the square (or hand piece) the answer starts from. */
function outline(head) {
  const node = byId("board").querySelector(`[data-square="${head}"], [data-head="${head}"]`);
  if (node) node.classList.add("hint");
}

async function showPuzzle() {
  const p = puzzle();
  state.done = false;
  state.hinted = false;
  state.view = await viewOf([]);
  state.flipped = state.view.turn === "second";
  verdict(null);
  status(null);
  showTexts();
  byId("next").hidden = true;
  byId("hint").disabled = false;
  byId("show-answer").disabled = false;
  draw(true);
}

async function played(move) {
  if (state.done || !state.view.legal_moves.includes(move)) return;
  const p = puzzle();
  state.done = true;
  byId("hint").disabled = true;
  byId("show-answer").disabled = true;
  byId("next").hidden = false;
  if (move !== p.answer) {
    state.streak = 0;
    showStreak();
    const probe = await post("/tablebase/probe", { game: state.game.name, rules: state.set.rules, position: p.position, moves: [] });
    const mine = probe.report && probe.report.moves.find((m) => m.move === move);
    const value = mine ? t(`puzzles.${mine.value}`, { distance: mine.distance }) : "";
    verdict("puzzles.wrong", { move, verdict: value, answer: p.answer });
    state.view = await viewOf([p.answer]);
    draw(false);
    return;
  }
  if (!state.hinted) state.streak += 1;
  state.solved += 1;
  showStreak();
  const after = await post("/tablebase/probe", { game: state.game.name, rules: state.set.rules, position: p.position, moves: [move] });
  const reply = after.report && after.report.best.length ? after.report.best[0] : null;
  state.view = await viewOf(reply ? [move, reply] : [move]);
  if (reply) verdict("puzzles.solved", { move, reply, distance: after.report.distance });
  else verdict("puzzles.solved-end", { move });
  draw(false);
}

async function next() {
  if (state.index + 1 >= state.set.puzzles.length) {
    verdict("puzzles.done", { solved: state.solved, n: state.set.puzzles.length });
    byId("next").hidden = true;
    return;
  }
  state.index += 1;
  await showPuzzle();
}

async function loadSet() {
  const grade = byId("grade").value;
  const seed = byId("seed").value || "1";
  const query = new URLSearchParams({ count: "20", seed });
  if (grade) query.set("grade", grade);
  history.replaceState(null, "", `?${query}`);
  status("puzzles.loading");
  state.set = await get(`/games/${encodeURIComponent(state.game.name)}/puzzles?${query}`);
  state.index = 0;
  state.solved = 0;
  if (!state.set.puzzles.length) {
    fill(byId("board"));
    byId("counter").textContent = "–";
    byId("task").textContent = "";
    status("puzzles.none", {}, true);
    return;
  }
  await showPuzzle();
}

async function init() {
  renderNav();
  translateTree(document);
  const game = await currentGame();
  state.game = game;
  showTexts();
  onLanguageChange(relabel);
  if (!hasTables(game, await tablebase())) {
    status("puzzles.no-tables", { game: gameTitle(game) }, true);
    return;
  }
  const module = await boardModule(game);
  state.names = sideNames(module);
  state.board = module.createBoard(byId("board"), { onMove: (move) => played(move).catch((e) => setStatus(e.message, true)) });
  state.module = module;
  showLegend();
  fillGrades(param("grade") || "");
  byId("seed").value = param("seed") || String(1 + Math.floor(Math.random() * 1e6));
  byId("new-set").addEventListener("click", () => loadSet().catch((e) => setStatus(e.message, true)));
  byId("grade").addEventListener("change", () => loadSet().catch((e) => setStatus(e.message, true)));
  byId("next").addEventListener("click", () => next().catch((e) => setStatus(e.message, true)));
  byId("hint").addEventListener("click", () => {
    state.hinted = true;
    draw(true);
    verdict("puzzles.hinted");
  });
  byId("show-answer").addEventListener("click", () => {
    state.streak = 0;
    showStreak();
    state.hinted = true;
    draw(true);
    verdict("puzzles.shown", { answer: puzzle().answer });
  });
  showStreak();
  await loadSet();
}

init().catch((error) => setStatus(error.message, true));
