// One game in a page: start position + moves (the server is stateless), the
// toolbar (new game, undo, copy, paste), the move list and the keyboard.
import { post } from "./api.js";
import { byId, copyText, el, setStatus } from "./dom.js";

export class GameSession {
  /**
   * @param {string} game   the game's API name
   * @param {object} hooks  { onView(view), rules(), side() → "first" | "second" | "both" (who the person plays) }
   */
  constructor(game, hooks) {
    this.game = game;
    this.hooks = hooks;
    this.start = "start";
    this.moves = [];
    this.view = null;
    this.generation = 0; // bumps on every change, so stale replies are ignored
    this.positionEdited = false; // the person is typing a position: replies leave it alone
  }

  /** Whether the person (not the engine) moves in `view`. */
  humanToMove(view) {
    const side = this.hooks.side();
    return side === "both" || side === view.turn;
  }

  /** Plies one undo takes back: two against the engine (back to the person's turn). */
  undoPlies() {
    return this.hooks.side() === "both" || !this.view || this.view.result ? 1 : 2;
  }

  request(extra = {}) {
    return { game: this.game, rules: this.hooks.rules(), position: this.start, moves: this.moves, ...extra };
  }

  async load() {
    const generation = ++this.generation;
    try {
      const view = await post("/legal-moves", this.request());
      if (generation !== this.generation) return;
      this.view = view;
      this.renderMoveList();
      if (!this.positionEdited) byId("position-text").value = view.position;
      await this.hooks.onView(view);
    } catch (error) {
      setStatus(error.message, true);
    }
  }

  async play(move) {
    if (!this.view || !this.view.legal_moves.includes(move)) {
      setStatus(`${move} is not a legal move here`, true);
      return false;
    }
    await this.goToLine(this.start, [...this.moves, move]);
    return true;
  }

  async undo(plies = 1) {
    if (this.moves.length === 0) return;
    await this.goToLine(this.start, this.moves.slice(0, Math.max(0, this.moves.length - plies)));
  }

  async newGame(start = "start") {
    await this.goToLine(start, []);
  }

  /** Jumps to the position after the first `count` moves. */
  async goTo(count) {
    await this.goToLine(this.start, this.moves.slice(0, count));
  }

  /** Shows the position after `moves` from `start`: the person's choice, so it replaces a half-typed position. */
  async goToLine(start, moves) {
    this.start = start;
    this.moves = moves;
    this.positionEdited = false;
    await this.load();
  }

  renderMoveList() {
    const list = byId("move-list");
    list.replaceChildren(...this.moves.map((move, index) =>
      el("li", {}, el("button", { class: "linklike", title: "go back to after this move", onclick: () => this.goTo(index + 1) }, move))));
    list.scrollTop = list.scrollHeight;
  }

  /**
   * Builds the shared toolbar in #game-toolbar (new game, undo, copy, paste,
   * move list) and wires it and the keys u (undo) and n (new game).
   */
  wireToolbar() {
    byId("game-toolbar").replaceChildren(...toolbarMarkup());
    byId("new-game").addEventListener("click", () => this.newGame());
    byId("undo").addEventListener("click", () => this.undo(this.undoPlies()));
    byId("copy-position").addEventListener("click", async () => {
      const text = this.view ? this.view.position : "";
      const copied = await copyText(text, byId("position-text"));
      setStatus(copied ? "position copied" : "position selected: copy it with Ctrl-C");
    });
    const setPosition = () => {
      const text = byId("position-text").value.trim();
      if (text) this.newGame(text);
    };
    byId("set-position").addEventListener("click", setPosition);
    byId("position-text").addEventListener("input", () => { this.positionEdited = true; });
    byId("position-text").addEventListener("keydown", (event) => {
      if (event.key === "Enter") setPosition();
    });
    document.addEventListener("keydown", (event) => {
      const typing = event.target.matches("input[type=text], input[type=number], select, textarea");
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "u" || event.key === "Backspace") { event.preventDefault(); this.undo(this.undoPlies()); }
      if (event.key === "n") { event.preventDefault(); this.newGame(); }
    });
  }
}

function toolbarMarkup() {
  return [
    el("div", { class: "controls" },
      el("button", { id: "new-game", type: "button", title: "new game (n)" }, "New game"),
      el("button", { id: "undo", type: "button", title: "undo (u or Backspace)" }, "Undo"),
      el("button", { id: "copy-position", type: "button" }, "Copy position")),
    el("div", { class: "fen-row" },
      el("label", { for: "position-text", class: "muted" }, "Position"),
      el("input", { id: "position-text", type: "text", spellcheck: "false", autocomplete: "off", "aria-label": "position text (paste one and press Enter)" }),
      el("button", { id: "set-position", type: "button" }, "Set position")),
    el("h2", {}, "Moves"),
    el("ol", { id: "move-list", class: "moves", "aria-label": "moves played" }),
    el("p", { class: "muted" }, "Keys: ", el("kbd", {}, "Tab"), " to a square and ", el("kbd", {}, "Enter"), " to play, ",
      el("kbd", {}, "u"), " undo, ", el("kbd", {}, "n"), " new game."),
  ];
}

/** "Game over: …" for a finished game (names maps first/second to names), else null. */
export function resultText(view, names) {
  if (!view.result) return null;
  if (view.result === "draw") return "Game over: draw";
  return `Game over: ${names[view.result]} wins`;
}
