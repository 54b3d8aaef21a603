// Tic-tac-toe against perfect play, every move coloured by its solved value.
import { get, post } from "./api.js";
import { byId, el, setStatus, valueText } from "./dom.js";
import { GameSession, resultText } from "./game-session.js";
import { drawTttBoard } from "./ttt-board.js";

const NAMES = { first: "X", second: "O" };
const session = new GameSession("tictactoe", { side: () => byId("side").value, rules: () => "standard", onView: show });

async function show(view) {
  const generation = session.generation;
  const values = view.result ? null : await post("/solved", session.request());
  if (generation !== session.generation) return;
  const byMove = new Map((values ? values.moves : []).map((m) => [m.move, m]));
  const showValues = byId("show-values").checked;
  const human = session.humanToMove(view);
  drawTttBoard(byId("board"), view.position, {
    disabled: !human || Boolean(view.result),
    annotate: (cell) => {
      const m = byMove.get(String(cell));
      if (!m || !showValues) return null;
      return { label: String(m.distance), className: `bg-${m.value}`, title: valueText(m.value, m.distance) };
    },
    onPlay: (cell) => session.play(String(cell)),
  });
  byId("value-line").textContent = values
    ? `${NAMES[view.turn]} to move: ${valueText(values.value, values.distance)} with best play; best ${values.best.join(", ")}`
    : "";
  const over = resultText(view, NAMES);
  if (over) { setStatus(over); return; }
  if (human) { setStatus(`${NAMES[view.turn]} to move`); return; }
  setStatus(`${NAMES[view.turn]} (perfect play) is moving…`);
  await session.play(values.best[0]);
}

async function showPerPly() {
  try {
    const counts = await get("/solved/tictactoe/per-ply");
    const rows = Array.isArray(counts) ? counts : (counts.per_ply || counts.plies || []);
    if (rows.length === 0) return;
    const first = ["ply", "win", "draw", "loss"].filter((k) => k in rows[0]);
    const keys = [...first, ...Object.keys(rows[0]).filter((k) => !first.includes(k))];
    byId("per-ply").replaceChildren(el("table", { id: "per-ply-table" },
      el("thead", {}, el("tr", {}, keys.map((k) => el("th", { class: k === "ply" ? "" : "num" }, k)))),
      el("tbody", {}, rows.map((row) => el("tr", {}, keys.map((k) => el("td", { class: k === "ply" ? "" : "num" }, String(row[k]))))))));
  } catch (error) {
    byId("per-ply").textContent = error.message;
  }
}

session.wireToolbar();
byId("side").addEventListener("change", () => session.load());
byId("show-values").addEventListener("change", () => session.load());
session.load();
showPerPly();
