// Tic-tac-toe against a fixed opponent as an MDP: the solution's trace, the
// exact value of every move, and a board to play the policy out.
import { post } from "./api.js";
import { byId, copyText, el, setStatus } from "./dom.js";
import { lineChart } from "./chart.js";
import { drawTttBoard } from "./ttt-board.js";

let start = "start";
let moves = [];
let current = null;
let solved = null;
let generation = 0;

function problem() {
  const request = { opponent: byId("opponent").value, side: byId("agent").value, method: byId("method").value, exact: true };
  if (request.method === "q-learning") { request.episodes = Number(byId("episodes").value); request.seed = 1; }
  return request;
}

function agentMark() {
  return byId("agent").value === "x" ? "first" : "second";
}

async function solve() {
  const mine = ++generation;
  setStatus("solving…");
  try {
    solved = await post("/mdp/solve", problem());
    if (mine !== generation) return;
    byId("optimum").textContent = solved.optimum_exact ? `${solved.optimum_exact} ≈ ${solved.optimum.toFixed(4)}` : solved.optimum.toFixed(4);
    const o = solved.outcome;
    byId("odds").textContent = `policy: win ${o.win_exact || o.win.toFixed(4)}, draw ${o.draw_exact || o.draw.toFixed(4)}, loss ${o.loss_exact || o.loss.toFixed(4)}`;
    byId("trace-title").textContent = `Trace: V(start) per ${solved.trace_unit}`;
    lineChart(byId("chart"), solved.trace, { xLabel: solved.trace_unit, reference: solved.optimum });
    setStatus("solved");
    await refresh();
  } catch (error) {
    setStatus(error.message, true);
  }
}

async function refresh() {
  const mine = ++generation;
  let view;
  try {
    view = await post("/legal-moves", { game: "tictactoe", position: start, moves });
  } catch (error) {
    setStatus(error.message, true);
    return;
  }
  if (mine !== generation) return;
  showGame(view);
  if (view.result) {
    drawTttBoard(byId("board"), view.position, { disabled: true });
    setStatus(view.result === "draw" ? "draw" : `${view.result === agentMark() ? "the agent" : "the opponent"} wins`);
    return;
  }
  if (view.turn !== agentMark()) {
    drawTttBoard(byId("board"), view.position, { disabled: true });
    setStatus("the opponent is moving…");
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
  drawTttBoard(byId("board"), view.position, {
    annotate: (cell) => {
      const v = byMove.get(String(cell));
      if (!v) return null;
      return { label: v.exact || v.value.toFixed(3), big: true, best: values.best.includes(String(cell)), title: `value ${v.exact || v.value}` };
    },
    onPlay: (cell) => { moves = [...moves, String(cell)]; refresh(); },
  });
  setStatus(`agent to move: optimal ${values.best.join(", ")}`);
}

/** The opponent's move by its model: uniform, or uniform among perfect moves. */
async function opponentMove(view) {
  let choices = view.legal_moves;
  if (byId("opponent").value === "minimax") {
    choices = (await post("/solved", { game: "tictactoe", position: start, moves })).best;
  }
  return choices[Math.floor(Math.random() * choices.length)];
}

byId("solve").addEventListener("click", solve);
byId("method").addEventListener("change", () => { byId("episodes-label").hidden = byId("method").value !== "q-learning"; });
for (const id of ["opponent", "agent"]) byId(id).addEventListener("change", () => { start = "start"; moves = []; solve(); });
function showGame(view) {
  current = view;
  byId("position-text").value = view.position;
  byId("move-list").replaceChildren(...view.history.map((move) => el("li", {}, move)));
}

function newGame(position = "start") {
  start = position;
  moves = [];
  refresh();
}

byId("new-game").addEventListener("click", () => newGame());
byId("copy-position").addEventListener("click", async () => {
  const copied = await copyText(current ? current.position : "", byId("position-text"));
  setStatus(copied ? "position copied" : "position selected: copy it with Ctrl-C");
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
solve();
