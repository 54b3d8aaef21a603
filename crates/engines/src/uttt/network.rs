//! A small neural network that corrects the hand-written evaluation of
//! ultimate tic-tac-toe (issue 27, item 3), one for each rule, trained on
//! self-play under that rule by `gamesolver-tuning` (`examples/uttt_nn.rs`,
//! which also writes its weights file, `network_weights/RULE.rs`).
//! [`super::eval::UtttEval`] adds the correction of the position's rule's
//! network to its own score when [`super::eval::EvalWeights::network`] is
//! on.
//!
//! The inputs are sparse and seen from the side to move: its marks and the
//! opponent's on the cells of the open small boards, each small board's
//! state once closed (won by the mover, by the opponent, or full without a
//! line) and the board the mover is sent to (or a free choice): at most 91
//! of [`INPUTS`] are on. One hidden layer of [`HIDDEN`] units with a
//! clipped ReLU (0..1) feeds a scalar: what to add to the hand-written
//! evaluation's log-odds of the mover's result (a win 1, a draw ½; the
//! evaluation's log-odds are its score times the scale fitted to the
//! results), turned back into evaluation units by the inverse scale
//! (`Network::score_per_logit`).
//!
//! Inference is integer and standard library only (it fits the CodinGame
//! file): the hidden layer's weights and biases are `i16` at [`QA`] per
//! unit, its outputs clipped to `0..=QA`, the output weights `i16` at
//! [`QB`] per unit, the sum `i32`. The trainer keeps every weight below
//! [`MAX_WEIGHT`] in magnitude, so no accumulator leaves `i16`.

use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, FULL, Variant};

/// Hidden units of every rule's network.
pub use super::network_weights::codingame::HIDDEN;
// The output layer takes the hidden units eight at a time.
const _: () = assert!(HIDDEN / 8 * 8 == HIDDEN);
use std::sync::OnceLock;

/// The number of inputs: 81 cells for each side, three states of each of
/// the nine small boards, the nine boards one may be sent to and a free
/// choice.
pub const INPUTS: usize = 199;

/// The most inputs on at once (81 cells, nine boards, the send).
pub const MAX_ACTIVE: usize = 91;

/// The first input of the mover's marks (cell `9 * board + pos`).
pub(super) const MINE: usize = 0;
/// The first input of the opponent's marks.
pub(super) const THEIRS: usize = 81;
/// The first input of the boards won by the mover.
pub(super) const WON: usize = 162;
/// The first input of the boards won by the opponent.
pub(super) const LOST: usize = 171;
/// The first input of the boards full without a line.
pub(super) const FULL_BOARD: usize = 180;
/// The first input of the board the mover is sent to.
pub(super) const SENT: usize = 189;
/// The input of a free choice of board.
pub(super) const FREE: usize = 198;

/// The hidden layer's scale: a float 1.0 is `QA` (also the clip).
pub const QA: i32 = 127;
/// The output layer's scale: a float 1.0 is `QB`.
pub const QB: i32 = 64;
/// The largest magnitude of a hidden weight or bias, in float units:
/// `MAX_ACTIVE + 1` of them at `QA` stay inside `i16`.
pub const MAX_WEIGHT: f32 = 2.5;

/// The network's inputs that are on in `position`, from the side to move,
/// into `out`; returns how many (at most [`MAX_ACTIVE`]).
pub fn active_inputs(position: &Board, out: &mut [u16; MAX_ACTIVE]) -> usize {
    let me = position.turn();
    let mut n = 0;
    let mut push = |input: usize| {
        out[n] = input as u16;
        n += 1;
    };
    let closed = position.closed();
    for b in 0..9u8 {
        let index = usize::from(b);
        if closed >> b & 1 == 1 {
            let state = if position.meta(me) >> b & 1 == 1 {
                WON
            } else if position.meta(me.opponent()) >> b & 1 == 1 {
                LOST
            } else {
                FULL_BOARD
            };
            push(state + index);
            continue;
        }
        for (base, player) in [(MINE, me), (THEIRS, me.opponent())] {
            let mut marks = position.small_board(b, player) & FULL;
            while marks != 0 {
                push(base + 9 * index + marks.trailing_zeros() as usize);
                marks &= marks - 1;
            }
        }
    }
    push(position.forced().map_or(FREE, |b| SENT + usize::from(b)));
    n
}

/// The input `input` seen through a symmetry of the board, `map` sending
/// each 3×3 position to its image (applied to the small boards and to the
/// cells within them alike): training's data augmentation.
#[must_use]
pub fn mirror_input(input: u16, map: &[u8; 9]) -> u16 {
    let i = usize::from(input);
    let image = |p: usize| usize::from(map[p]);
    let mirrored = match i {
        FREE => FREE,
        _ if i < WON => {
            let (base, cell) = (i - i % 81, i % 81);
            base + 9 * image(cell / 9) + image(cell % 9)
        }
        _ => {
            let base = WON + (i - WON) / 9 * 9;
            base + image((i - WON) % 9)
        }
    };
    mirrored as u16
}

/// A network's quantized weights (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct Network<'a> {
    /// `INPUTS × HIDDEN` hidden weights, input-major, at [`QA`].
    pub input_weights: &'a [i16],
    /// `HIDDEN` hidden biases at [`QA`].
    pub hidden_biases: &'a [i16],
    /// `HIDDEN` output weights at [`QB`].
    pub output_weights: &'a [i16],
    /// The output bias at `QA * QB`.
    pub output_bias: i32,
    /// Evaluation units per unit of the output's log-odds.
    pub score_per_logit: i32,
}

/// The alphabet of the weights' text: each weight is two of its
/// characters, `64 * first + second - WEIGHT_OFFSET`.
pub const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// What is added to a weight before it is written as two digits.
pub const WEIGHT_OFFSET: i32 = 2048;

/// The weights written as text ([`DIGITS`]), two characters each: what
/// `network_weights/RULE.rs` holds (a third of the characters of an array, so
/// the CodinGame file stays under its limit).
#[must_use]
pub fn encode_weights(weights: &[i16]) -> String {
    let mut text = String::with_capacity(2 * weights.len());
    for &w in weights {
        let v = (i32::from(w) + WEIGHT_OFFSET).clamp(0, 4095) as usize;
        text.push(char::from(DIGITS[v / 64]));
        text.push(char::from(DIGITS[v % 64]));
    }
    text
}

/// The weights of [`encode_weights`]'s text (a character outside
/// [`DIGITS`] counts as its first).
#[must_use]
pub fn decode_weights(text: &str) -> Vec<i16> {
    let digit = |c: &u8| DIGITS.iter().position(|d| d == c).unwrap_or(0) as i32;
    text.as_bytes()
        .chunks_exact(2)
        .map(|pair| (64 * digit(&pair[0]) + digit(&pair[1]) - WEIGHT_OFFSET) as i16)
        .collect()
}

/// The network of `network_weights/$file.rs`, its weights decoded once.
macro_rules! rule_network {
    ($file:ident) => {{
        use super::network_weights::$file as weights;
        static DECODED: OnceLock<Vec<i16>> = OnceLock::new();
        let scale = weights::SCORE_PER_LOGIT;
        Network::decoded(&DECODED, weights::WEIGHTS, weights::OUTPUT_BIAS, scale)
    }};
}

/// The trained network of `rule` (its `network_weights/RULE.rs`), decoded
/// once; `None` for the standard rule when built without the
/// `standard-network` feature (the CodinGame file).
///
/// ```
/// use gamesolver_engines::uttt::network::built_in;
/// use gamesolver_games::uttt::Variant;
/// let network = built_in(Variant::CodinGame).expect("CodinGame's network is always built in");
/// assert!(network.score_per_logit > 0);
/// assert!(built_in(Variant::Standard).is_some()); // with the default features
/// ```
#[must_use]
pub fn built_in(rule: Variant) -> Option<Network<'static>> {
    match rule {
        Variant::CodinGame => Some(rule_network!(codingame)),
        #[cfg(feature = "standard-network")]
        Variant::Standard => Some(rule_network!(standard)),
        #[cfg(not(feature = "standard-network"))]
        Variant::Standard => None,
    }
}

impl Network<'static> {
    /// The network of a weights file: its weights' text (hidden weights,
    /// hidden biases, output weights), decoded once into `cell`, its
    /// output bias and its scale.
    fn decoded(
        cell: &'static OnceLock<Vec<i16>>,
        text: &str,
        output_bias: i32,
        score_per_logit: i32,
    ) -> Network<'static> {
        let all = cell.get_or_init(|| decode_weights(text));
        let (input_weights, rest) = all.split_at(INPUTS * HIDDEN);
        let (hidden_biases, output_weights) = rest.split_at(HIDDEN);
        Network {
            input_weights,
            hidden_biases,
            output_weights,
            output_bias,
            score_per_logit,
        }
    }
}

impl Network<'_> {
    /// The network's output for `inputs` (the active inputs), at
    /// `QA * QB` per unit of log-odds.
    #[must_use]
    pub fn output(&self, inputs: &[u16]) -> i32 {
        let mut hidden = [0i16; HIDDEN];
        hidden.copy_from_slice(&self.hidden_biases[..HIDDEN]);
        for &input in inputs {
            let row = self.row(usize::from(input));
            for (h, w) in hidden.iter_mut().zip(row) {
                *h = h.wrapping_add(*w);
            }
        }
        self.output_of(&hidden)
    }

    /// The hidden weights of `input` (`HIDDEN` of them).
    #[inline]
    #[must_use]
    pub fn row(&self, input: usize) -> &[i16] {
        let start = input * HIDDEN;
        &self.input_weights[start..start + HIDDEN]
    }

    /// The output for the hidden layer's pre-activations `hidden` (clipped
    /// to `0..=QA`), at `QA * QB` per unit of log-odds.
    #[inline]
    #[must_use]
    pub fn output_of(&self, hidden: &[i16; HIDDEN]) -> i32 {
        // Eight lanes of pairs of products, the shape of the
        // multiply-and-add-pairs instruction (`pmaddwd`); the integer sum
        // is exact whatever its order.
        let mut lanes = [0i32; 4];
        for (h, w) in hidden
            .chunks_exact(8)
            .zip(self.output_weights[..HIDDEN].chunks_exact(8))
        {
            for (lane, (h, w)) in lanes
                .iter_mut()
                .zip(h.chunks_exact(2).zip(w.chunks_exact(2)))
            {
                let clip = |v: i16| i32::from(v.clamp(0, QA as i16));
                *lane += clip(h[0]) * i32::from(w[0]) + clip(h[1]) * i32::from(w[1]);
            }
        }
        self.output_bias + lanes.iter().sum::<i32>()
    }

    /// The network's output in evaluation units: `score_per_logit` per
    /// unit of log-odds.
    #[inline]
    #[must_use]
    pub fn to_score(&self, output: i32) -> i32 {
        output * self.score_per_logit / (QA * QB)
    }

    /// The correction of `position`'s evaluation for the side to move, in
    /// evaluation units (`score_per_logit` per unit of log-odds).
    #[must_use]
    pub fn correction(&self, position: &Board) -> i32 {
        let mut inputs = [0u16; MAX_ACTIVE];
        let n = active_inputs(position, &mut inputs);
        self.to_score(self.output(&inputs[..n]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_core::Player;

    /// Whether `player` is the side to move in `position`.
    fn to_move(position: &Board, player: Player) -> bool {
        position.turn() == player
    }
    use crate::uttt::openings::symmetries;
    use gamesolver_games::uttt::{Cell, Variant};

    fn inputs(position: &Board) -> Vec<u16> {
        let mut out = [0; MAX_ACTIVE];
        let n = active_inputs(position, &mut out);
        out[..n].to_vec()
    }

    #[test]
    fn inputs_are_seen_from_the_side_to_move() {
        let start = Board::start(Variant::CodinGame);
        assert_eq!(inputs(&start), vec![FREE as u16]);
        let centre = start.after(Cell::new(40).expect("cell"));
        assert!(to_move(&centre, Player::Second));
        // O to move: X's centre mark is the opponent's, sent to board 4.
        assert_eq!(
            inputs(&centre),
            vec![(THEIRS + 40) as u16, (SENT + 4) as u16]
        );
        let reply = centre.after(Cell::new(36).expect("cell"));
        assert_eq!(
            inputs(&reply),
            vec![(MINE + 40) as u16, (THEIRS + 36) as u16, SENT as u16]
        );
        // X has won board 0 and O (to move) has two marks on board 1: the
        // board's state replaces its cells.
        let text = format!("XXX{}OO{} *", ".".repeat(6), ".".repeat(70));
        let won = Board::parse_variant(&text, Variant::CodinGame).expect("position");
        assert!(to_move(&won, Player::Second));
        assert_eq!(
            inputs(&won),
            vec![
                LOST as u16,
                (MINE + 9) as u16,
                (MINE + 10) as u16,
                FREE as u16
            ]
        );
    }

    #[test]
    fn mirrored_inputs_are_the_inputs_of_the_mirrored_position() {
        let maps = symmetries();
        let mut state = 99u64;
        for _ in 0..30 {
            let mut board = Board::start(Variant::CodinGame);
            while !board.is_finished() {
                for map in &maps {
                    let mirrored = mirror_board(&board, map);
                    let mut mine: Vec<u16> = inputs(&board)
                        .into_iter()
                        .map(|i| mirror_input(i, map))
                        .collect();
                    let mut theirs = inputs(&mirrored);
                    mine.sort_unstable();
                    theirs.sort_unstable();
                    assert_eq!(mine, theirs, "{board}");
                }
                let moves = board.moves();
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                board = board.after(moves[(state >> 33) as usize % moves.len()]);
            }
        }
    }

    /// `board` replayed move by move through the symmetry `map`.
    fn mirror_board(board: &Board, map: &[u8; 9]) -> Board {
        // Rebuild from the text form: cell `9b + p` goes to `9 map[b] + map[p]`.
        let text = board.to_string();
        let (cells, rest) = text.split_at(81);
        let mut out = vec!['.'; 81];
        for (i, c) in cells.chars().enumerate() {
            out[9 * usize::from(map[i / 9]) + usize::from(map[i % 9])] = c;
        }
        let rest = rest.trim();
        let rest = match rest.parse::<u8>() {
            Ok(b) => map[usize::from(b)].to_string(),
            Err(_) => rest.to_string(),
        };
        let text: String = out.into_iter().collect::<String>() + " " + &rest;
        Board::parse_variant(&text, board.variant()).expect("mirrored position")
    }

    #[test]
    fn integer_inference_sums_the_rows_of_the_active_inputs() {
        // A hand-made network of two inputs' worth: hidden unit j gets
        // input weight j on input 3 and 10 on input 5, bias -20; output
        // weights 2, the bias 7.
        let mut input = vec![0i16; INPUTS * HIDDEN];
        for j in 0..HIDDEN {
            input[3 * HIDDEN + j] = j as i16;
            input[5 * HIDDEN + j] = 10;
        }
        let biases = vec![-20i16; HIDDEN];
        let outputs = vec![2i16; HIDDEN];
        let net = Network {
            input_weights: &input,
            hidden_biases: &biases,
            output_weights: &outputs,
            output_bias: 7,
            score_per_logit: 300,
        };
        let clip = |v: i32| v.clamp(0, QA);
        let expected: i32 = 7 + (0..HIDDEN as i32).map(|j| 2 * clip(j - 10)).sum::<i32>();
        assert_eq!(net.output(&[3, 5]), expected);
        assert_eq!(net.output(&[]), 7);
    }

    #[test]
    fn the_output_layer_weighs_each_clipped_unit_by_its_own_weight() {
        // Units below 0, inside the clip and above it, each with its own
        // output weight: a unit paired with another's weight would show.
        let hidden: [i16; HIDDEN] = std::array::from_fn(|j| (j as i16 * 37) % 300 - 100);
        let outputs: Vec<i16> = (0..HIDDEN as i16).map(|j| 3 * j - 50).collect();
        let (input, biases) = (vec![0i16; INPUTS * HIDDEN], vec![0i16; HIDDEN]);
        let net = Network {
            input_weights: &input,
            hidden_biases: &biases,
            output_weights: &outputs,
            output_bias: -11,
            score_per_logit: 300,
        };
        let expected: i32 = -11
            + hidden
                .iter()
                .zip(&outputs)
                .map(|(&h, &w)| i32::from(h).clamp(0, QA) * i32::from(w))
                .sum::<i32>();
        assert_eq!(net.output_of(&hidden), expected);
    }

    #[test]
    fn the_built_in_weights_are_trained_and_within_bounds() {
        let networks = [Variant::CodinGame, Variant::Standard].map(|rule| built_in(rule).unwrap());
        for net in &networks {
            let limit = (MAX_WEIGHT * QA as f32).round() as i16;
            assert_eq!(net.input_weights.len(), INPUTS * HIDDEN);
            assert_eq!(net.output_weights.len(), HIDDEN);
            assert!(net.input_weights.iter().all(|w| w.abs() <= limit));
            assert!(net.hidden_biases.iter().all(|w| w.abs() <= limit));
            assert!(net.output_weights.iter().any(|&w| w != 0), "untrained");
        }
        // Two networks, not one read twice.
        assert_ne!(networks[0].input_weights, networks[1].input_weights);
    }

    #[test]
    fn weights_read_back_from_their_text() {
        let weights: Vec<i16> = (-2048..2048).step_by(7).chain([0, 2047, -2048]).collect();
        let text = encode_weights(&weights);
        assert_eq!(text.len(), 2 * weights.len());
        assert_eq!(decode_weights(&text), weights);
    }
}
