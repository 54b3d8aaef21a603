// The game page's review panel: download the game as a record, load a
// pasted record, review the game on the server (a background job polled
// for progress), then the evaluation graph, every move's class, each
// side's accuracy; a click on the graph or a move goes there.
import { get, post } from "./api.js";
import { byId, el, fill, setStatus } from "./dom.js";
import { onLanguageChange, t } from "./i18n.js";
import { evaluationGraph } from "./review-graph.js";
import "./strings/review.js";

/** How often a running review is asked for its progress, in ms. */
const POLL_MS = 250;

export class ReviewPanel {
  /**
   * @param {object} game     the game's entry of /api/games
   * @param {GameSession} session  the page's game
   * @param {object} names    { first, second }: the sides' names
   * @param {() => string|undefined} rules  the rules chosen
   */
  constructor(game, session, names, rules) {
    this.game = game;
    this.session = session;
    this.names = names;
    this.rules = rules;
    this.review = null; // { start, moves, result } of the game reviewed
    this.shown = -1;
  }

  /** Builds the panel into `container`, again (keeping the pasted text and the review) when the language changes. */
  mount(container) {
    this.build(container);
    onLanguageChange(() => {
      const text = byId("review-text").value;
      const status = byId("review-status").textContent;
      this.build(container);
      byId("review-text").value = text;
      byId("review-status").textContent = this.review ? t("review.done", { total: this.review.data.positions.length }) : status;
      if (this.review) this.render();
    });
  }

  /** The panel's controls, text box and (empty) result areas, in the page's language. */
  build(container) {
    const times = [[100, "0.1 s"], [300, "0.3 s"], [1000, "1 s"]];
    fill(container,
      el("h2", {}, t("review.title")),
      el("div", { class: "controls" },
        el("button", { id: "review-download", type: "button", onclick: () => this.download() }, t("review.download")),
        el("button", { id: "review-load", type: "button", onclick: () => this.load() }, t("review.load")),
        this.game.capabilities.search || this.game.capabilities.solved_table
          ? el("button", { id: "review-run", type: "button", onclick: () => this.run() }, t("review.run"))
          : null,
        // A game with a solved table is judged by it alone: no search, no time to choose.
        this.game.capabilities.search && !this.game.capabilities.solved_table
          ? el("label", {}, `${t("review.time")} `, el("select", { id: "review-time" },
            times.map(([ms, label]) => el("option", { value: ms }, label))))
          : null),
      el("textarea", { id: "review-text", rows: 4, spellcheck: "false", placeholder: t("review.paste"), "aria-label": t("review.paste_label") }),
      el("progress", { id: "review-progress", max: 1, value: 0, hidden: true }),
      el("p", { id: "review-status", class: "muted", role: "status" }),
      el("div", { id: "review-graph" }),
      el("div", { id: "review-sides" }),
      el("div", { id: "review-moves", class: "table-scroll review-moves" }),
      el("p", { class: "muted" }, t("review.legend")));
  }

  /** The page's game as a record, into the text box and as a file. */
  async download() {
    try {
      const { text } = await post("/record/write", this.session.request());
      byId("review-text").value = text;
      const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: `${this.game.name}.txt` });
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      setStatus(error.message, true);
    }
  }

  /** Reads the pasted record and shows its last position. */
  async load() {
    try {
      const read = await post("/record/read", { text: byId("review-text").value });
      if (read.game !== this.game.name) {
        window.location.href = `/game/${encodeURIComponent(read.game)}`;
        return;
      }
      const rules = byId("rules");
      if (rules && [...rules.options].some((o) => o.value === read.rules)) rules.value = read.rules;
      byId("side").value = "both";
      await this.session.goToLine(read.position, read.moves);
      byId("review-status").textContent = t("review.loaded", { moves: read.moves.length });
    } catch (error) {
      setStatus(error.message, true);
    }
  }

  /** Reviews the page's game: starts the job, polls it, shows the review. */
  async run() {
    const request = this.session.request();
    if (request.moves.length === 0) { byId("review-status").textContent = t("review.empty"); return; }
    const time = document.getElementById("review-time"); // absent for a game its solved table judges
    const progress = byId("review-progress");
    try {
      const started = await post("/review", { ...request, movetime_ms: time ? Number(time.value) : undefined });
      progress.hidden = false;
      progress.max = started.total;
      for (;;) {
        const status = await get(`/review/${started.id}`);
        progress.value = status.done;
        byId("review-status").textContent = t("review.running", { done: status.done, total: status.total });
        if (status.finished) {
          progress.hidden = true;
          if (status.error) throw new Error(status.error.message);
          this.review = { start: request.position, moves: request.moves, data: status.review };
          byId("review-status").textContent = t("review.done", { total: status.total });
          this.shown = request.moves.length;
          this.render();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      progress.hidden = true;
      setStatus(error.message, true);
    }
  }

  /** Shows the position after `ply` plies of the reviewed game. */
  async goTo(ply) {
    if (!this.review) return;
    this.shown = ply;
    this.render();
    await this.session.goToLine(this.review.start, this.review.moves.slice(0, ply));
  }

  render() {
    const data = this.review.data;
    const marks = [null, ...data.moves.map((m) => (["best", "good"].includes(m.class) ? null : m.class))];
    evaluationGraph(byId("review-graph"), data.positions.map((p) => p.expected_first), {
      marks, current: this.shown, label: t("review.graph", { side: this.names.first }), onPick: (ply) => this.goTo(ply),
    });
    fill(byId("review-sides"), data.sides.map((side, index) => {
      const name = index === 0 ? this.names.first : this.names.second;
      return el("p", { class: "review-side" }, side.accuracy === null || side.accuracy === undefined
        ? t("review.no_moves", { side: name })
        : t("review.accuracy", { side: name, pct: side.accuracy.toFixed(1) }));
    }));
    const rows = data.moves.map((m) => el("tr", { class: m.ply === this.shown ? "current" : "", "data-ply": m.ply },
      el("td", { class: "num" }, String(m.ply)),
      el("td", {}, el("button", { type: "button", class: "linklike", onclick: () => this.goTo(m.ply) }, m.move)),
      el("td", {}, el("span", { class: `review-class ${m.class}` }, t(`review.${m.class}`)),
        m.exact ? el("span", { class: "review-exact" }, ` (${t(`review.${m.exact}`)})`) : null),
      el("td", {}, m.better ? el("button", { type: "button", class: "linklike", title: m.better,
        onclick: () => this.session.goToLine(this.review.start, [...this.review.moves.slice(0, m.ply - 1), m.better]) }, m.better) : "")));
    fill(byId("review-moves"), el("table", { id: "review-table" },
      el("thead", {}, el("tr", {}, el("th", { class: "num" }, t("review.ply")), el("th", {}, t("review.move")),
        el("th", {}, t("review.class")), el("th", {}, t("review.better")))),
      el("tbody", {}, rows)));
  }
}
