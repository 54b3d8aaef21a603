// Per-material statistics of the loaded Jungle tablebase.
import { get } from "./api.js";
import { byId, el, setStatus } from "./dom.js";

function count(n) {
  return n.toLocaleString("en");
}

async function init() {
  setStatus("loading the statistics…");
  const rows = await get("/tablebase/stats");
  byId("stats-table").querySelector("tbody").replaceChildren(...rows.map((row) => el("tr", { "data-material": row.material },
    el("td", {}, row.material),
    ...row.bottom_to_move.map((n, i) => el("td", { class: `num ${["win", "draw", "loss"][i]}` }, count(n))),
    ...row.top_to_move.map((n, i) => el("td", { class: `num ${["win", "draw", "loss"][i]}` }, count(n))),
    el("td", { class: "num" }, String(row.longest_win)),
    el("td", {}, row.longest_win_example
      ? el("a", { href: `/jungle?fen=${encodeURIComponent(row.longest_win_example)}`, class: "pv" }, row.longest_win_example)
      : "–"))));
  setStatus(`${rows.length} materials`);
}

init().catch((error) => setStatus(error.message, true));
