// Dōbutsu shōgi's five pieces as drawings of the project's own (SVG shapes,
// no font): each animal on a tile in the side's colour (`currentColor`,
// with a pale fill `--pale`), and a dot at each edge or corner it may move
// towards, as the game's own pieces show. Served at the head of the board
// module (`game.rs` puts this file before board.js), which draws them with
// `pieceSvg(letter)` when the piece style is "drawing".

/** The tile's dots: where each direction's dot sits (forward is up). */
const DOTS = {
  n: [50, 8], s: [50, 92], e: [92, 50], w: [8, 50],
  ne: [88, 12], nw: [12, 12], se: [88, 88], sw: [12, 88],
};

/** The directions each piece moves in (one square). */
const MOVES = {
  L: ["n", "s", "e", "w", "ne", "nw", "se", "sw"],
  G: ["n", "s", "e", "w"],
  E: ["ne", "nw", "se", "sw"],
  C: ["n"],
  H: ["n", "s", "e", "w", "ne", "nw"],
};

/** A fragment and its mirror image (left to right) in the 100 × 100 box. */
const both = (fragment) => `${fragment}<g transform="matrix(-1 0 0 1 100 0)">${fragment}</g>`;

/** The lion's mane: `count` round locks on a circle of radius `r` round (50, 50). */
function locks(count, r) {
  let out = "";
  for (let i = 0; i < count; i += 1) {
    const angle = (2 * Math.PI * i) / count;
    out += `<circle class="fill" cx="${(50 + r * Math.cos(angle)).toFixed(1)}" cy="${(50 + r * Math.sin(angle)).toFixed(1)}" r="10"/>`;
  }
  return out;
}

/** Each piece's animal, by its letter, drawn in the middle of the tile. */
const PIECE_ART = {
  // Lion: a face in a ring of round locks.
  L: locks(12, 25)
    + `<circle class="pale ink" cx="50" cy="50" r="20"/>`
    + both(`<circle class="fill" cx="43" cy="46" r="2.8"/>`)
    + `<path class="fill" d="M45 53 h10 l-5 5 z"/><path class="ink thin" d="M50 58 v3 M44 63 q6 4 12 0"/>`,
  // Giraffe: a long face with two horns and spots, ears out to the sides.
  G: both(`<path class="ink thin" d="M44 32 L40 18"/><circle class="fill" cx="40" cy="17" r="4"/><path class="pale ink" d="M37 38 C28 32 20 36 22 40 C26 44 32 42 37 42"/>`)
    + `<path class="pale ink" d="M50 30 C61 30 64 42 63 54 C62 66 60 78 50 80 C40 78 38 66 37 54 C36 42 39 30 50 30 Z"/>`
    + `<ellipse class="fill" cx="50" cy="40" rx="4" ry="3"/><ellipse class="fill" cx="57" cy="48" rx="2.5" ry="3"/><ellipse class="fill" cx="43" cy="48" rx="2.5" ry="3"/>`
    + both(`<circle class="fill" cx="44" cy="56" r="2.8"/><circle class="fill" cx="46" cy="74" r="1.8"/>`),
  // Elephant, seen from the side: the head, a big ear, the trunk hanging down and curling up.
  E: `<circle class="pale ink" cx="55" cy="44" r="22"/>`
    + `<path class="pale ink" d="M60 30 C80 28 82 60 66 64 C58 66 56 56 58 48 Z"/>`
    + `<path class="ink trunk" d="M36 50 C28 60 28 74 36 78 C40 80 42 76 40 73"/>`
    + `<path class="ink thin" d="M44 60 l-7 5"/>`
    + `<circle class="fill" cx="45" cy="40" r="3"/>`,
  // Chick: a round ball of feathers, a tuft, a beak, little feet.
  C: `<path class="ink thin" d="M48 30 q-2 -10 4 -12 M52 30 q4 -8 10 -6"/>`
    + `<circle class="pale ink" cx="50" cy="52" r="22"/>`
    + both(`<circle class="fill" cx="42" cy="48" r="3"/><path class="ink thin" d="M29 56 q-5 4 -2 9"/><path class="ink thin" d="M44 74 v8 l-4 3 M44 82 l3 3"/>`)
    + `<path class="fill" d="M44 55 L56 55 L50 63 Z"/>`,
  // Hen: a comb on top, a beak and its wattle, a fuller body.
  H: `<circle class="pale ink" cx="50" cy="56" r="24"/>`
    + `<path class="fill" d="M38 36 C32 24 42 18 45 26 C45 12 57 12 56 25 C60 16 70 22 62 36 Z"/>`
    + both(`<circle class="fill" cx="42" cy="50" r="3"/><path class="ink thin" d="M28 58 q-8 6 -4 14 q6 0 10 -4"/>`)
    + `<path class="fill" d="M44 56 L56 56 L50 64 Z"/>`
    + `<path class="fill" d="M46 64 q4 14 8 0 z"/>`,
};

/** The SVG markup of the piece `letter` (upper case: "L", "G", "E", "C", "H"). */
function pieceSvg(letter) {
  const dots = MOVES[letter].map((d) => `<circle class="dot" cx="${DOTS[d][0]}" cy="${DOTS[d][1]}" r="4.5"/>`).join("");
  return `<svg class="art" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><rect class="tile" x="3" y="3" width="94" height="94" rx="14"/>`
    + `<g transform="translate(9 9) scale(.82)">${PIECE_ART[letter]}</g>${dots}</svg>`;
}
