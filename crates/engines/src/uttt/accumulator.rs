//! Incremental (NNUE-style) inference for the network of [`super::network`]:
//! the hidden layer's pre-activations are kept in accumulators and updated
//! by the inputs that differ from the position they were last computed for,
//! instead of summing every active input's row at each evaluation.
//!
//! The search makes positions by copy (`Board::after`) and asks the
//! evaluator for a score with nothing but the position, so the update is
//! lazy: [`Accumulators`] keeps one accumulator per game ply (marks on the
//! board, modulo [`SLOTS`]) and side to move, each remembering the inputs it
//! was computed for ([`InputSet`], bit sets). An evaluation takes the slot
//! of its position's ply — last used by a sibling or a cousin in the
//! depth-first search, a few inputs away: the cells where the two lines
//! differ, the boards they closed, the board they send to — and adds or
//! subtracts the rows of the inputs that differ; when more differ than are
//! on it starts from the biases instead.
//!
//! The result is bit-identical to [`super::network::Network::output`]: every
//! sum is in wrapping `i16` arithmetic, exact modulo 2^16 whatever the
//! order of the additions (a test checks it at every node of random games).

use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, FULL};

use super::network::{FREE, FULL_BOARD, HIDDEN, LOST, MINE, Network, SENT, THEIRS, WON};

/// The accumulator slots: one per side to move for each of `SLOTS / 2`
/// consecutive game plies (a power of two).
pub const SLOTS: usize = 32;

/// The network's active inputs as a bit set: input `i` is bit `i % 64`
/// of word `i / 64` (the 199 inputs in four words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InputSet {
    /// The words, lowest inputs first.
    words: [u64; 4],
}

impl InputSet {
    /// The inputs that are on in `position`, from the side to move (the
    /// same as [`super::network::active_inputs`]).
    #[must_use]
    pub fn of(position: &Board) -> InputSet {
        let me = position.turn();
        let you = me.opponent();
        let closed = position.closed();
        let open = position.open_cells();
        let (won, lost) = (position.meta(me), position.meta(you));
        let full = closed & !(won | lost);
        let sent = position
            .forced()
            .map_or(FREE - WON, |b| SENT - WON + usize::from(b));
        let board_bits = |state: usize, mask: u16| u128::from(mask & FULL) << (state - WON);
        // Inputs MINE..THEIRS (81 bits), THEIRS..WON (81), WON..=FREE (37).
        let mine = position.marks(me) & open;
        let theirs = position.marks(you) & open;
        let boards = board_bits(WON, won)
            | board_bits(LOST, lost)
            | board_bits(FULL_BOARD, full)
            | 1 << sent;
        let low = mine | theirs << (THEIRS - MINE);
        let high = theirs >> (128 - (THEIRS - MINE)) | boards << (WON - 128);
        InputSet {
            words: [
                low as u64,
                (low >> 64) as u64,
                high as u64,
                (high >> 64) as u64,
            ],
        }
    }

    /// How many inputs are on.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether no input is on.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The inputs on here and not in `other`.
    #[must_use]
    fn without(&self, other: &InputSet) -> InputSet {
        let mut words = self.words;
        for (w, o) in words.iter_mut().zip(other.words) {
            *w &= !o;
        }
        InputSet { words }
    }

    /// Calls `f` with each input that is on, in increasing order.
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(usize)) {
        for (i, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                f(64 * i + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// Whether `input` is on.
    #[must_use]
    pub fn contains(&self, input: usize) -> bool {
        self.words
            .get(input / 64)
            .is_some_and(|w| w >> (input % 64) & 1 == 1)
    }
}

/// The hidden layer's pre-activations for the inputs [`Accumulator::inputs`].
#[derive(Clone, Copy, Debug)]
pub struct Accumulator {
    /// The inputs the sums are for.
    inputs: InputSet,
    /// The hidden biases plus the rows of the inputs, wrapping `i16`.
    hidden: [i16; HIDDEN],
}

impl Accumulator {
    /// The accumulator of no input: the hidden biases.
    #[must_use]
    pub fn empty(network: &Network<'_>) -> Accumulator {
        let mut hidden = [0i16; HIDDEN];
        hidden.copy_from_slice(&network.hidden_biases[..HIDDEN]);
        Accumulator {
            inputs: InputSet::default(),
            hidden,
        }
    }

    /// The inputs the sums are for.
    #[must_use]
    pub fn inputs(&self) -> &InputSet {
        &self.inputs
    }

    /// The hidden layer's pre-activations.
    #[must_use]
    pub fn hidden(&self) -> &[i16; HIDDEN] {
        &self.hidden
    }

    /// Moves the sums to `inputs`: adds the rows of the inputs turned on
    /// and subtracts those turned off, or starts again from the biases when
    /// that is fewer rows. Returns how many rows were added or subtracted.
    pub fn update(&mut self, network: &Network<'_>, inputs: &InputSet) -> u32 {
        let (added, removed) = (inputs.without(&self.inputs), self.inputs.without(inputs));
        let (changes, on) = (added.len() + removed.len(), inputs.len());
        self.inputs = *inputs;
        // The sums in a local array, which the compiler keeps in registers.
        let mut hidden = self.hidden;
        let rows = if changes > on {
            hidden.copy_from_slice(&network.hidden_biases[..HIDDEN]);
            inputs.for_each(|input| add_row(&mut hidden, network.row(input)));
            on
        } else {
            added.for_each(|input| add_row(&mut hidden, network.row(input)));
            removed.for_each(|input| subtract_row(&mut hidden, network.row(input)));
            changes
        };
        self.hidden = hidden;
        rows
    }
}

/// `hidden += row`, lane by lane, wrapping (vectorised by the compiler).
#[inline]
fn add_row(hidden: &mut [i16; HIDDEN], row: &[i16]) {
    for (h, w) in hidden.iter_mut().zip(&row[..HIDDEN]) {
        *h = h.wrapping_add(*w);
    }
}

/// `hidden -= row`, lane by lane, wrapping.
#[inline]
fn subtract_row(hidden: &mut [i16; HIDDEN], row: &[i16]) {
    for (h, w) in hidden.iter_mut().zip(&row[..HIDDEN]) {
        *h = h.wrapping_sub(*w);
    }
}

/// The accumulators of a search, one per game ply and side to move (see
/// the module documentation); every evaluation updates its position's.
#[derive(Clone, Debug)]
pub struct Accumulators {
    /// The slots, `2 * (plies % (SLOTS / 2)) + side to move`.
    slots: Box<[Accumulator; SLOTS]>,
    /// Rows added or subtracted so far (the work done, for measurements).
    rows: u64,
}

impl Accumulators {
    /// Every slot at the biases.
    #[must_use]
    pub fn new(network: &Network<'_>) -> Accumulators {
        Accumulators {
            slots: Box::new([Accumulator::empty(network); SLOTS]),
            rows: 0,
        }
    }

    /// The network's output for `position` (as
    /// [`Network::output`] of its active inputs, at `QA * QB` per unit
    /// of log-odds), from the slot of its ply updated to it.
    pub fn output(&mut self, network: &Network<'_>, position: &Board) -> i32 {
        let plies = (position.marks(gamesolver_core::Player::First)
            | position.marks(gamesolver_core::Player::Second))
        .count_ones() as usize;
        let slot = 2 * (plies % (SLOTS / 2)) + position.turn().index();
        let accumulator = &mut self.slots[slot];
        self.rows += u64::from(accumulator.update(network, &InputSet::of(position)));
        network.output_of(&accumulator.hidden)
    }

    /// The rows added or subtracted by every [`Accumulators::output`] so far.
    #[must_use]
    pub fn rows(&self) -> u64 {
        self.rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uttt::network::{MAX_ACTIVE, active_inputs, built_in};
    use gamesolver_games::uttt::Variant;

    fn active(position: &Board) -> Vec<usize> {
        let mut out = [0; MAX_ACTIVE];
        let n = active_inputs(position, &mut out);
        let mut inputs: Vec<usize> = out[..n].iter().map(|&i| usize::from(i)).collect();
        inputs.sort_unstable();
        inputs
    }

    /// Random games of the CodinGame rule, every position of each.
    fn random_positions(games: usize, seed: u64) -> Vec<Board> {
        let mut state = seed;
        let mut positions = Vec::new();
        for _ in 0..games {
            let mut board = Board::start(Variant::CodinGame);
            while !board.is_finished() {
                positions.push(board);
                let moves = board.moves();
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                board = board.after(moves[(state >> 33) as usize % moves.len()]);
            }
            positions.push(board);
        }
        positions
    }

    #[test]
    fn the_bit_sets_hold_the_active_inputs() {
        for position in random_positions(40, 5) {
            let set = InputSet::of(&position);
            let mut listed = Vec::new();
            set.for_each(|input| listed.push(input));
            assert_eq!(listed, active(&position), "{position}");
            assert_eq!(set.len() as usize, listed.len());
            assert!((0..FREE + 1).all(|i| set.contains(i) == listed.contains(&i)));
        }
    }

    /// The property of the module: in a depth-first walk of random lines
    /// (each node's children visited in turn, as a search does, with the
    /// positions of other plies evaluated in between), the incremental
    /// output equals the computation from scratch at every node.
    #[test]
    fn incremental_output_is_the_output_from_scratch_at_every_node() {
        let network = built_in(Variant::CodinGame).unwrap();
        let mut accumulators = Accumulators::new(&network);
        let (mut checked, mut from_scratch) = (0, 0u64);
        let mut state = 17u64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % n
        };
        for root in random_positions(6, 9).into_iter().step_by(5) {
            // A small tree below each root: three children a node, depth 4.
            let mut stack = vec![(root, 0)];
            while let Some((position, depth)) = stack.pop() {
                let inputs: Vec<u16> = active(&position).iter().map(|&i| i as u16).collect();
                assert_eq!(
                    accumulators.output(&network, &position),
                    network.output(&inputs),
                    "{position}"
                );
                checked += 1;
                from_scratch += inputs.len() as u64;
                if depth == 4 || position.is_finished() {
                    continue;
                }
                let moves = position.moves();
                for _ in 0..3 {
                    stack.push((position.after(moves[next(moves.len())]), depth + 1));
                }
            }
        }
        assert!(checked > 1000, "{checked}");
        // The evaluations were mostly incremental: far fewer rows.
        assert!(
            accumulators.rows() * 3 < from_scratch,
            "{} rows against {from_scratch}",
            accumulators.rows()
        );
    }

    #[test]
    fn an_update_adds_only_what_changed_and_a_jump_starts_again() {
        let network = built_in(Variant::CodinGame).unwrap();
        let start = Board::start(Variant::CodinGame);
        let mut accumulator = Accumulator::empty(&network);
        let positions = random_positions(1, 3);
        let late = positions[positions.len() - 2];
        // From nothing, every input of the late position is added.
        let on = InputSet::of(&late).len();
        assert_eq!(accumulator.update(&network, &InputSet::of(&late)), on);
        // Back to the start: fewer rows from the biases (one, the free
        // choice) than undoing the late position's.
        assert_eq!(accumulator.update(&network, &InputSet::of(&start)), 1);
        let mut fresh = Accumulator::empty(&network);
        fresh.update(&network, &InputSet::of(&start));
        assert_eq!(accumulator.hidden(), fresh.hidden());
        // Two plies on, late in a game: only the inputs that differ.
        let (before, after) = (positions[positions.len() - 4], late);
        accumulator.update(&network, &InputSet::of(&before));
        let (new, old) = (InputSet::of(&after), InputSet::of(&before));
        let changed = new.without(&old).len() + old.without(&new).len();
        assert!(changed < InputSet::of(&after).len(), "{before} {after}");
        assert_eq!(accumulator.update(&network, &InputSet::of(&after)), changed);
        assert_eq!(accumulator.inputs(), &InputSet::of(&after));
    }
}
