// Jungle's eight animals as drawings of the project's own (SVG shapes, no
// font): a head on a disc, drawn in the side's colour (`currentColor`) with
// a pale fill (`--pale`). Served at the head of the board module
// (`game.rs` puts this file before board.js), which draws them with
// `animalSvg(letter)` when the piece style is "drawing".

/** Mirrors an SVG fragment left to right inside the 100 × 100 box. */
const mirrored = (fragment) => `<g transform="matrix(-1 0 0 1 100 0)">${fragment}</g>`;
/** Both halves of a symmetric fragment. */
const pair = (fragment) => fragment + mirrored(fragment);

/** The lion's mane: a star of `spikes` points between radii `outer` and `inner` around (50, 50). */
function mane(spikes, outer, inner) {
  const points = [];
  for (let i = 0; i < spikes * 2; i += 1) {
    const angle = (Math.PI * i) / spikes;
    const r = i % 2 === 0 ? outer : inner;
    points.push(`${(50 + r * Math.sin(angle)).toFixed(1)},${(52 - r * Math.cos(angle)).toFixed(1)}`);
  }
  return `<polygon class="fill" points="${points.join(" ")}"/>`;
}

const EYES = pair(`<circle class="fill" cx="42" cy="48" r="3.2"/>`);

/** Each animal's drawing, by its letter. */
const ANIMAL_ART = {
  // Elephant: wide ears, a trunk curling out to the side, tusks.
  E: pair(`<path class="pale ink" d="M37 36 C18 20 6 46 15 62 C21 72 33 66 37 58"/>`)
    + `<ellipse class="pale ink" cx="50" cy="44" rx="17" ry="18"/>`
    + pair(`<circle class="fill" cx="43" cy="41" r="3"/>`)
    + pair(`<path class="ink thin" d="M43 57 l-5 7"/>`)
    + `<path class="ink trunk" d="M50 54 C50 68 50 76 60 80"/>`,
  // Lion: a spiky mane round the face.
  L: mane(14, 40, 29)
    + `<circle class="pale ink" cx="50" cy="52" r="21"/>`
    + pair(`<circle class="fill" cx="42" cy="47" r="3"/>`)
    + `<path class="fill" d="M44 55 h12 l-6 6 z"/>`
    + `<path class="ink thin" d="M50 61 v4 M42 66 q8 5 16 0"/>`,
  // Tiger: round ears, the 王 stripes on the brow, stripes on the cheeks.
  T: pair(`<circle class="pale ink" cx="28" cy="28" r="9"/>`)
    + `<circle class="pale ink" cx="50" cy="52" r="29"/>`
    + `<path class="ink thin" d="M42 31 h16 M43 37 h14 M42 43 h16 M50 31 v12"/>`
    + pair(`<path class="ink thin" d="M22 50 l10 3 M22 59 l10 0 M24 67 l9 -3"/>`)
    + pair(`<circle class="fill" cx="40" cy="51" r="3"/>`)
    + `<path class="fill" d="M45 60 h10 l-5 5 z"/>`
    + `<path class="ink thin" d="M50 65 v3 M43 70 q7 4 14 0"/>`,
  // Leopard: round ears and a face full of rosettes.
  P: pair(`<circle class="pale ink" cx="29" cy="29" r="8"/>`)
    + `<circle class="pale ink" cx="50" cy="53" r="28"/>`
    + pair(`<circle class="ring" cx="37" cy="36" r="3.5"/><circle class="ring" cx="29" cy="53" r="3.5"/><circle class="ring" cx="33" cy="66" r="3"/><circle class="ring" cx="44" cy="29" r="2.5"/>`)
    + `<circle class="ring" cx="50" cy="38" r="3"/>`
    + pair(`<circle class="fill" cx="41" cy="50" r="3"/>`)
    + `<path class="fill" d="M45 59 h10 l-5 5 z"/>`
    + `<path class="ink thin" d="M50 64 v3 M44 69 q6 4 12 0"/>`,
  // Wolf: tall pointed ears, a long face narrowing to the snout.
  W: pair(`<path class="pale ink" d="M30 44 L25 12 L45 30"/>`)
    + `<path class="pale ink" d="M50 88 L29 52 C26 38 36 28 50 28 C64 28 74 38 71 52 Z"/>`
    + pair(`<path class="fill" d="M36 46 l10 2 l-8 4 z"/>`)
    + `<circle class="fill" cx="50" cy="82" r="4.5"/>`
    + `<path class="ink thin" d="M50 60 v16"/>`,
  // Dog: long ears hanging down, a round muzzle, a big nose, the tongue.
  D: `<circle class="pale ink" cx="50" cy="48" r="24"/>`
    + pair(`<path class="fill" d="M32 30 C18 30 14 50 18 66 C22 74 30 70 31 60 Z"/>`)
    + `<ellipse class="pale ink" cx="50" cy="64" rx="14" ry="11"/>`
    + pair(`<circle class="fill" cx="41" cy="45" r="3.2"/>`)
    + `<ellipse class="fill" cx="50" cy="58" rx="6" ry="4.5"/>`
    + `<path class="fill" d="M46 70 h8 v5 a4 4 0 0 1 -8 0 z"/>`,
  // Cat: pointed ears, whiskers, a small nose.
  C: pair(`<path class="pale ink" d="M29 44 L27 16 L47 32"/>`)
    + `<circle class="pale ink" cx="50" cy="54" r="25"/>`
    + pair(`<ellipse class="fill" cx="41" cy="50" rx="3" ry="4"/>`)
    + `<path class="fill" d="M46 59 h8 l-4 4 z"/>`
    + `<path class="ink thin" d="M50 63 q-4 5 -8 2 M50 63 q4 5 8 2"/>`
    + pair(`<path class="ink whisker" d="M38 62 L12 58 M38 66 L13 68"/>`),
  // Rat: big round ears, a pointed snout with whiskers.
  R: pair(`<circle class="pale ink" cx="29" cy="33" r="14"/><circle class="inner" cx="29" cy="33" r="7"/>`)
    + `<path class="pale ink" d="M50 86 C44 86 30 66 31 52 C32 40 40 36 50 36 C60 36 68 40 69 52 C70 66 56 86 50 86 Z"/>`
    + pair(`<circle class="fill" cx="42" cy="54" r="3"/>`)
    + `<circle class="fill" cx="50" cy="83" r="4"/>`
    + pair(`<path class="ink whisker" d="M46 76 L24 70 M46 79 L26 82"/>`),
};

/** The SVG markup of the animal `letter` (upper case, "E" … "R"). */
function animalSvg(letter) {
  return `<svg class="art" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><circle class="disc" cx="50" cy="50" r="46"/>${ANIMAL_ART[letter]}</svg>`;
}
