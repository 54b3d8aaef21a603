// Tablebase puzzles of the game the URL names (/game/NAME/puzzles): a
// seeded set drawn by the server from its tables
// (/api/games/NAME/puzzles); play the one move that keeps the win (or
// wins fastest), the tables answer with the longest defence; a streak
// counter, and a hint that outlines the piece to move.
import { get, post } from "./api.js";
import { byId, el, fill, fillSelect, param, setStatus } from "./dom.js";
import { t, translateTree } from "./i18n.js";
import { boardModule, currentGame, declared, hasTables, renderNav, sideNames, tablebase } from "./site.js";
import { headOf } from "./square-board.js";
import "./strings/puzzles.js";

const STREAK_KEY = "gamesolver.puzzles.best";
const state = { game: null, board: null, names: null, set: null, index: 0, view: null, done: false, hinted: false, solved: 0, streak: 0 };

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
  const side = state.names[state.view.turn];
  byId("counter").textContent = t("puzzles.counter", { i: state.index + 1, n: state.set.puzzles.length, grade: p.grade, side });
  byId("task").textContent = t(p.kind === "only" ? "puzzles.task-only" : "puzzles.task-fastest", { side, distance: p.distance });
  byId("verdict").textContent = "";
  byId("next").hidden = true;
  byId("hint").disabled = false;
  byId("show-answer").disabled = false;
  setStatus("");
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
    const verdict = mine ? t(`puzzles.${mine.value}`, { distance: mine.distance }) : "";
    byId("verdict").textContent = t("puzzles.wrong", { move, verdict, answer: p.answer });
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
  byId("verdict").textContent = reply
    ? t("puzzles.solved", { move, reply, distance: after.report.distance })
    : t("puzzles.solved-end", { move });
  draw(false);
}

async function next() {
  if (state.index + 1 >= state.set.puzzles.length) {
    byId("verdict").textContent = t("puzzles.done", { solved: state.solved, n: state.set.puzzles.length });
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
  setStatus(t("puzzles.loading"));
  state.set = await get(`/games/${encodeURIComponent(state.game.name)}/puzzles?${query}`);
  state.index = 0;
  state.solved = 0;
  if (!state.set.puzzles.length) {
    fill(byId("board"));
    byId("counter").textContent = "–";
    byId("task").textContent = "";
    setStatus(t("puzzles.none"), true);
    return;
  }
  await showPuzzle();
}

async function init() {
  renderNav();
  translateTree(document);
  const game = await currentGame();
  state.game = game;
  const title = t("puzzles.title", { game: game.title });
  document.title = `${title} · gamesolver`;
  byId("title").textContent = title;
  if (!hasTables(game, await tablebase())) {
    setStatus(t("puzzles.no-tables", { game: game.title }), true);
    return;
  }
  const module = await boardModule(game);
  state.names = sideNames(module);
  state.board = module.createBoard(byId("board"), { onMove: (move) => played(move).catch((e) => setStatus(e.message, true)) });
  fill(byId("legend"), (declared(module.legend) || []).map(([label, colour]) => el("span", { style: `--sw: ${colour}` }, label)));
  fillSelect(byId("grade"), [["", t("puzzles.any")], ...[1, 2, 3, 4, 5].map((g) => [String(g), String(g)])], param("grade") || "");
  byId("seed").value = param("seed") || String(1 + Math.floor(Math.random() * 1e6));
  byId("new-set").addEventListener("click", () => loadSet().catch((e) => setStatus(e.message, true)));
  byId("grade").addEventListener("change", () => loadSet().catch((e) => setStatus(e.message, true)));
  byId("next").addEventListener("click", () => next().catch((e) => setStatus(e.message, true)));
  byId("hint").addEventListener("click", () => {
    state.hinted = true;
    draw(true);
    byId("verdict").textContent = t("puzzles.hinted");
  });
  byId("show-answer").addEventListener("click", () => {
    state.streak = 0;
    showStreak();
    state.hinted = true;
    draw(true);
    byId("verdict").textContent = t("puzzles.shown", { answer: puzzle().answer });
  });
  showStreak();
  await loadSet();
}

init().catch((error) => setStatus(error.message, true));
