// Tic-tac-toe against a fixed opponent as an MDP: the solution's trace, the
// exact value of every move, and a board to play the policy out.
import { post } from "./api.js";
import { byId, setStatus } from "./dom.js";
import { lineChart } from "./chart.js";
import { drawTttBoard } from "./ttt-board.js";

let moves = [];
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
  const current = ++generation;
  setStatus("solving…");
  try {
    solved = await post("/mdp/solve", problem());
    if (current !== generation) return;
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
  const current = ++generation;
  const view = await post("/legal-moves", { game: "tictactoe", moves });
  if (current !== generation) return;
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
  const values = await post("/mdp/values", { ...problem(), position: view.position });
  if (current !== generation) return;
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
    choices = (await post("/solved", { game: "tictactoe", moves })).best;
  }
  return choices[Math.floor(Math.random() * choices.length)];
}

byId("solve").addEventListener("click", solve);
byId("method").addEventListener("change", () => { byId("episodes-label").hidden = byId("method").value !== "q-learning"; });
for (const id of ["opponent", "agent"]) byId(id).addEventListener("change", () => { moves = []; solve(); });
byId("new-game").addEventListener("click", () => { moves = []; refresh(); });
byId("undo").addEventListener("click", () => {
  // back to the agent's previous turn: drop the opponent's reply and the agent's move
  moves = moves.slice(0, Math.max(0, moves.length - 2));
  refresh();
});
solve();
