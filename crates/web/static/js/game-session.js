// One game in a page: start position + moves (the server is stateless), the
// toolbar (new game, undo, copy, paste), the move list and the keyboard.
import { post } from "./api.js";
import { byId, copyText, el, fill, setStatus } from "./dom.js";
import { onLanguageChange, t, translateTree } from "./i18n.js";

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
      setStatus(t("session.illegal", { move }), true);
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
      el("li", {}, el("button", { class: "linklike", title: t("session.go_back"), onclick: () => this.goTo(index + 1) }, move))));
    list.scrollTop = list.scrollHeight;
  }

  /**
   * Builds the shared toolbar in #game-toolbar (new game, undo, copy, paste,
   * move list) and wires it and the keys u (undo) and n (new game); its
   * text follows the page's language.
   */
  wireToolbar() {
    byId("game-toolbar").replaceChildren(...toolbarMarkup());
    translateTree(byId("game-toolbar"));
    onLanguageChange(() => { fill(byId("keys"), keysLine()); this.renderMoveList(); });
    byId("new-game").addEventListener("click", () => this.newGame());
    byId("undo").addEventListener("click", () => this.undo(this.undoPlies()));
    byId("copy-position").addEventListener("click", async () => {
      const text = this.view ? this.view.position : "";
      const copied = await copyText(text, byId("position-text"));
      setStatus(copied ? t("session.copied") : t("session.selected"));
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

/** The toolbar's elements; their text comes from `data-i18n` keys (`translateTree`). */
function toolbarMarkup() {
  return [
    el("div", { class: "controls" },
      el("button", { id: "new-game", type: "button", "data-i18n": "session.new_game", "data-i18n-title": "session.new_game_key" }),
      el("button", { id: "undo", type: "button", "data-i18n": "session.undo", "data-i18n-title": "session.undo_key" }),
      el("button", { id: "copy-position", type: "button", "data-i18n": "session.copy" })),
    el("div", { class: "fen-row" },
      el("label", { for: "position-text", class: "muted", "data-i18n": "session.position" }),
      el("input", { id: "position-text", type: "text", spellcheck: "false", autocomplete: "off", "data-i18n-aria-label": "session.position_text" }),
      el("button", { id: "set-position", type: "button", "data-i18n": "session.set_position" })),
    el("h2", { "data-i18n": "session.moves" }),
    el("ol", { id: "move-list", class: "moves", "data-i18n-aria-label": "session.moves_played" }),
    el("p", { class: "muted", id: "keys" }, keysLine()),
  ];
}

/** The keys line, its keys as <kbd> inside the translated sentence. */
function keysLine() {
  const keys = { tab: "Tab", enter: "Enter", u: "u", n: "n" };
  return t("session.keys").split(/(\{\w+\})/).map((part) => {
    const name = part.match(/^\{(\w+)\}$/);
    return name && keys[name[1]] ? el("kbd", {}, keys[name[1]]) : part;
  });
}

/** "Game over: …" for a finished game (names maps first/second to names), else null. */
export function resultText(view, names) {
  if (!view.result) return null;
  if (view.result === "draw") return t("result.draw");
  return t("result.wins", { side: names[view.result] });
}
