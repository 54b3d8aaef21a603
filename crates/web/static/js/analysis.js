// The engine-analysis panel: evaluation, depth, nodes and principal
// variation, updated live from server-sent events.
import { analyseLive } from "./api.js";
import { byId } from "./dom.js";
import { language, t } from "./i18n.js";
import { engineName } from "./site.js";

/** The report's score seen from the first player (lichess shows White's view). */
export function scoreForFirst(report, turn, names) {
  const sign = turn === "first" ? 1 : -1;
  if (report.mate_plies !== null && report.mate_plies !== undefined) {
    const plies = report.mate_plies * sign;
    const winner = plies > 0 ? names.first : names.second;
    return t("analysis.wins_in", { side: winner, n: Math.abs(report.mate_plies) });
  }
  const cp = (report.score_cp || 0) * sign;
  return `${cp >= 0 ? "+" : "−"}${(Math.abs(cp) / 100).toFixed(2)}`;
}

export class AnalysisPanel {
  /** `names` maps first/second to display names. */
  constructor(names) {
    this.names = names;
    this.stopStream = null;
  }

  show(report, turn) {
    byId("eval").textContent = scoreForFirst(report, turn, this.names);
    byId("search-stats").textContent = t("analysis.stats", {
      engine: engineName(report.engine), depth: report.depth, nodes: report.nodes.toLocaleString(language()), ms: Math.round(report.time_ms),
    }) + (report.source === "tablebase" ? t("analysis.tablebase") : "");
    byId("pv").textContent = report.pv.join(" ");
  }

  /** Starts a live analysis; resolves to the final report (or null when stopped or failed). */
  run(request, turn) {
    this.stop();
    return new Promise((resolve) => {
      this.stopStream = analyseLive(request, {
        onInfo: (report) => this.show(report, turn),
        onDone: (report) => { this.stopStream = null; this.show(report, turn); resolve(report); },
        onError: (message) => { this.stopStream = null; byId("search-stats").textContent = message; resolve(null); },
      });
      this.resolveStopped = () => resolve(null);
    });
  }

  stop() {
    if (this.stopStream) {
      this.stopStream();
      this.stopStream = null;
      if (this.resolveStopped) this.resolveStopped();
    }
  }
}
