//! The ultimate tic-tac-toe evaluation and move-ordering hooks for
//! [`gamesolver_search::AlphaBeta`].
//!
//! The evaluation is two-level, as in the seed, but probabilistic:
//! - each open small board gets, for each player, the probability that the
//!   player takes it if its empty cells were filled in random order by random
//!   owners (computed exactly once for all 3^9 small-board states by dynamic
//!   programming); won boards are 1 for their owner, drawn boards 0;
//! - the meta-board value of a player is the sum over the eight meta-lines
//!   of the product of the player's probabilities on its three boards, so a
//!   board counts as much as the lines through it are alive (centre >
//!   corners > edges, dead lines count nothing), and two boards of a line
//!   held multiply into a strong threat;
//! - the score is the difference, from the side to move, plus a small bonus
//!   for the side to move, worth more with a free choice;
//! - under CodinGame's rule (a game without a meta-line goes to the player
//!   with more boards) the expected board-count difference (won boards 1,
//!   open boards their probability) can be added, with one weight while a
//!   meta-line is open and another once every meta-line is dead (each
//!   holds a board of both players or a drawn board: a pure count race).
//!   Both weights are 0 in the standard rule's defaults (the first SPRTs
//!   of docs/PERFORMANCE.md found no gain) and small in CodinGame's (the
//!   SPSA tuning);
//! - the board-win quiescence ([`EvalWeights::board_quiescence`], on in
//!   CodinGame's defaults): the moves that win a small board are the
//!   tactical moves, so the search does not score a leaf whose mover can
//!   take a board at once as if it could not;
//! - board-class terms for the tuning (`gamesolver-tuning`): the meta-line
//!   value through the centre board on top of the scale, and the
//!   take-probability differences of the centre, corner and edge boards
//!   (all 0 by default: nothing is computed for them then).

use gamesolver_core::{Game, Player};
use gamesolver_games::uttt::{Board, Cell, FULL, LINES, Variant, has_line};
use gamesolver_search::{Evaluator, Score};

use std::cell::RefCell;
use std::ops::{Add, Mul};

use super::accumulator::Accumulators;
use super::count_race::count_odds;
use super::network;
use super::take::TakeTable;
use super::xo_pair::XoPair;

/// Tunable weights of [`UtttEval`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    /// Score units per unit of meta-line value difference.
    pub scale: f32,
    /// Bonus for having the move.
    pub tempo: i32,
    /// Extra bonus for having the move with a free choice of board.
    pub free_choice: i32,
    /// Count a small board the side to move can win at once (where it may
    /// play) as already won: a one-move look-ahead at the leaves.
    pub mover_threat: bool,
    /// Quiescence search on board wins: at the search's leaves, the moves
    /// that win a small board for the side to move are searched on (the
    /// evaluator's tactical moves), so no leaf is scored while a board can
    /// be taken at once.
    pub board_quiescence: bool,
    /// CodinGame's rule: score units per board of expected board-count
    /// difference while a meta-line is still open (0 by default: 100 lost
    /// an SPRT, see docs/PERFORMANCE.md).
    pub count_board: f32,
    /// CodinGame's rule: score units per board of expected board-count
    /// difference once every meta-line is dead, the count race (0 by
    /// default: 400 was no gain in an SPRT).
    pub race_board: f32,
    /// CodinGame's rule: score units per unit of the count odds (the
    /// chance of ending with more small boards less the chance of ending
    /// with fewer, [`super::count_race::count_odds`]) while a meta-line is
    /// still open (0 by default).
    pub count_win: f32,
    /// CodinGame's rule: the same once every meta-line is dead, the count
    /// race (0 by default).
    pub race_win: f32,
    /// Extra score units per unit of meta-line value difference over the
    /// four lines through the centre board, on top of `scale` (0: every
    /// line alike).
    pub centre_lines: f32,
    /// Score units per unit of take-probability difference on the centre
    /// board (a weight of the tuning, see `gamesolver-tuning`).
    pub centre_board: f32,
    /// Score units per unit of take-probability difference summed over the
    /// four corner boards.
    pub corner_boards: f32,
    /// Score units per unit of take-probability difference summed over the
    /// four edge boards.
    pub edge_boards: f32,
    /// Add the correction of the trained network of the position's rule
    /// ([`super::network`]) to the score (each trained under its rule on
    /// that rule's hand-written weights, [`EvalWeights::STANDARD_HAND`] and
    /// [`EvalWeights::CODINGAME_HAND`]). On in each rule's default
    /// ([`EvalWeights::STANDARD`], [`EvalWeights::CODINGAME`]).
    pub network: bool,
}

impl Default for EvalWeights {
    /// [`EvalWeights::STANDARD_HAND`], the hand-written evaluation.
    fn default() -> EvalWeights {
        EvalWeights::STANDARD_HAND
    }
}

impl EvalWeights {
    /// The hand-written evaluation's weights ([`EvalWeights::default`]):
    /// the standard rule's network ([`super::network`]) is trained as its
    /// correction, on self-play played with it.
    pub const STANDARD_HAND: EvalWeights = EvalWeights {
        scale: 1000.0,
        tempo: 20,
        free_choice: 60,
        mover_threat: false,
        board_quiescence: false,
        count_board: 0.0,
        race_board: 0.0,
        count_win: 0.0,
        race_win: 0.0,
        centre_lines: 0.0,
        centre_board: 0.0,
        corner_boards: 0.0,
        edge_boards: 0.0,
        network: false,
    };

    /// The standard rule's default: [`EvalWeights::STANDARD_HAND`] with the
    /// correction of the standard rule's network ([`super::network`]),
    /// which passed SPRTs against the hand-written evaluation alone at
    /// equal nodes-for-time and on the clock (+137 Elo at 20 ms; see
    /// docs/PERFORMANCE.md).
    pub const STANDARD: EvalWeights = EvalWeights {
        network: true,
        ..EvalWeights::STANDARD_HAND
    };

    /// The weights fitted to standard-rule self-play by the Texel tuning of
    /// `gamesolver-tuning` (2,500 games at 2,000 nodes per move, 86,709 quiet
    /// positions; held-out loss 0.67566 → 0.67461). Reproduce with
    /// `cargo build --release -p gamesolver-tuning --example uttt_tune`,
    /// `uttt_tune generate standard 2500 2000 1 > standard.txt`,
    /// `uttt_tune fit standard standard.txt`. Not the default: see the
    /// SPRT in docs/PERFORMANCE.md.
    pub const TUNED_STANDARD: EvalWeights = EvalWeights {
        scale: 1187.0,
        tempo: 101,
        free_choice: 77,
        centre_lines: 152.0,
        centre_board: -134.0,
        corner_boards: -79.0,
        edge_boards: -61.0,
        ..EvalWeights::STANDARD_HAND
    };

    /// The weights fitted to CodinGame-rule self-play by the Texel tuning
    /// of `gamesolver-tuning` (2,500 games at 2,000 nodes per move, 86,929
    /// quiet positions; held-out loss 0.66737 → 0.65730). Reproduce with
    /// `uttt_tune generate codingame 2500 2000 2 > codingame.txt`,
    /// `uttt_tune fit codingame codingame.txt`. Not the default: see the
    /// SPRT in docs/PERFORMANCE.md.
    pub const TUNED_CODINGAME: EvalWeights = EvalWeights {
        scale: 691.0,
        tempo: 106,
        free_choice: 133,
        race_board: 629.0,
        centre_lines: 306.0,
        centre_board: 145.0,
        corner_boards: 275.0,
        edge_boards: 232.0,
        ..EvalWeights::STANDARD_HAND
    };

    /// The weights tuned by SPSA on match results under CodinGame's rule
    /// (`uttt_spsa`, 800 pairs at 3000 nodes, see docs/PERFORMANCE.md):
    /// they passed an SPRT against [`EvalWeights::default`] at 20,000
    /// nodes (+25 Elo [+9, +41], 1,582 games, LLR 3.01), so they are that
    /// rule's default weights ([`EvalWeights::CODINGAME`]).
    pub const SPSA_CODINGAME: EvalWeights = EvalWeights {
        tempo: 30,
        free_choice: 136,
        count_board: 42.0,
        race_board: 21.0,
        centre_lines: 63.0,
        centre_board: 27.0,
        corner_boards: 35.0,
        edge_boards: 25.0,
        ..EvalWeights::STANDARD_HAND
    };

    /// CodinGame's rule's hand-written evaluation:
    /// [`EvalWeights::SPSA_CODINGAME`] with the board-win quiescence, which
    /// passed an SPRT against them at 100,000 nodes (+69 Elo [+30, +110],
    /// 250 games, LLR 2.98; see docs/PERFORMANCE.md). The network
    /// ([`super::network`]) is trained as its correction, on self-play
    /// played with it.
    pub const CODINGAME_HAND: EvalWeights = EvalWeights {
        board_quiescence: true,
        network: false,
        ..EvalWeights::SPSA_CODINGAME
    };

    /// CodinGame's rule's default: [`EvalWeights::CODINGAME_HAND`] with
    /// the network's correction ([`super::network`]), which passed an SPRT
    /// against the hand-written evaluation alone on the clock and scores
    /// some nine points more against the strongest Legend bot at 20 ms
    /// (see docs/PERFORMANCE.md).
    pub const CODINGAME: EvalWeights = EvalWeights {
        network: true,
        ..EvalWeights::CODINGAME_HAND
    };

    /// The default weights under `variant`: [`EvalWeights::STANDARD`] for
    /// the standard rule, [`EvalWeights::CODINGAME`] for CodinGame's.
    #[must_use]
    pub fn for_variant(variant: Variant) -> EvalWeights {
        match variant {
            Variant::Standard => EvalWeights::STANDARD,
            Variant::CodinGame => EvalWeights::CODINGAME,
        }
    }

    /// The hand-written evaluation under `variant`, the one its network
    /// corrects and its network's self-play data is played with: the
    /// default without the network ([`EvalWeights::STANDARD_HAND`] for the
    /// standard rule, [`EvalWeights::CODINGAME_HAND`] for CodinGame's).
    ///
    /// ```
    /// use gamesolver_engines::uttt::eval::EvalWeights;
    /// use gamesolver_games::uttt::Variant;
    /// assert_eq!(EvalWeights::hand_written(Variant::CodinGame), EvalWeights::CODINGAME_HAND);
    /// assert!(!EvalWeights::hand_written(Variant::Standard).network);
    /// ```
    #[must_use]
    pub fn hand_written(variant: Variant) -> EvalWeights {
        EvalWeights {
            network: false,
            ..EvalWeights::for_variant(variant)
        }
    }

    /// The weights of the board-class terms: centre lines, centre board,
    /// corner boards, edge boards.
    #[must_use]
    pub fn class_weights(&self) -> [f32; 4] {
        [
            self.centre_lines,
            self.centre_board,
            self.corner_boards,
            self.edge_boards,
        ]
    }
}

/// The ultimate tic-tac-toe [`Evaluator`] (see the module documentation).
#[derive(Clone, Debug)]
pub struct UtttEval {
    /// The weights in use.
    pub weights: EvalWeights,
    /// The probabilities that X and that O take a small board with marks
    /// `x` and `o` (1/0 once won, 0/0 if full).
    take: TakeTable,
    /// `completes[mask]`: the cells that would give `mask` a line.
    completes: Box<[u16; 512]>,
    /// The network whose correction [`EvalWeights::network`] adds, the
    /// one of the rule of the positions evaluated, made at the first
    /// evaluation that needs it (the evaluator's only state).
    network: RefCell<Option<RuleNetwork>>,
}

/// A rule's trained network and its hidden layer's sums, updated
/// incrementally from evaluation to evaluation (the output is the same as
/// from scratch).
#[derive(Clone, Debug)]
struct RuleNetwork {
    /// The rule.
    rule: Variant,
    /// Its network and the accumulators; `None` when the rule has no
    /// network built in ([`network::built_in`]).
    state: Option<(network::Network<'static>, Accumulators)>,
}

impl RuleNetwork {
    /// `rule`'s network, its accumulators at the biases.
    fn new(rule: Variant) -> RuleNetwork {
        RuleNetwork {
            rule,
            state: network::built_in(rule).map(|n| (n, Accumulators::new(&n))),
        }
    }

    /// The network's correction of `position`, in evaluation units.
    fn correction(&mut self, position: &Board) -> i32 {
        match &mut self.state {
            Some((network, accumulators)) => {
                network.to_score(accumulators.output(network, position))
            }
            None => 0,
        }
    }
}

impl Default for UtttEval {
    fn default() -> UtttEval {
        UtttEval::new(EvalWeights::default())
    }
}

impl UtttEval {
    /// An evaluator with `weights` (computes the small-board table: about a
    /// millisecond).
    #[must_use]
    pub fn new(weights: EvalWeights) -> UtttEval {
        let mut completes = Box::new([0u16; 512]);
        for (mask, cells) in completes.iter_mut().enumerate() {
            *cells = (0..9)
                .filter(|&c| has_line(mask as u16 | 1 << c))
                .fold(0, |acc, c| acc | 1 << c);
        }
        UtttEval {
            weights,
            completes,
            take: TakeTable::new(),
            network: RefCell::new(None),
        }
    }

    /// The correction of the network of `position`'s rule (made when the
    /// rule differs from the last evaluation's).
    fn network_correction(&self, position: &Board) -> i32 {
        let rule = position.variant();
        let mut slot = self.network.borrow_mut();
        match &mut *slot {
            Some(network) if network.rule == rule => network.correction(position),
            _ => slot.insert(RuleNetwork::new(rule)).correction(position),
        }
    }

    /// The probabilities that X and that O take small board `x`, `o`.
    #[inline]
    fn take(&self, x: u16, o: u16) -> [f32; 2] {
        self.take.get(x, o)
    }

    /// X's and O's probabilities of taking each small board, with the
    /// one-move look-ahead of `mover_threat` applied, into `q` (filled in
    /// place: returned, the array is copied by a call to `memcpy`).
    #[inline]
    fn xo_probabilities(&self, board: &Board, q: &mut [XoPair; 9]) {
        let (mut xs, mut os) = (board.marks(Player::First), board.marks(Player::Second));
        for pair in q.iter_mut() {
            *pair = XoPair::new(self.take(xs as u16 & FULL, os as u16 & FULL));
            xs >>= 9;
            os >>= 9;
        }
        // (No let chain: the CodinGame bot compiles this as edition 2021.)
        let threat = if self.weights.mover_threat {
            let me = board.turn().index();
            self.board_won_next(board, &q.map(|pair| pair.of(me)))
        } else {
            None
        };
        if let Some(b) = threat {
            q[b].set(board.turn().index(), 1.0);
            q[b].set(board.turn().opponent().index(), 0.0);
        }
    }

    /// Calls `f(board, cells)` for each small board where the side to move
    /// may play and can win the board at once, with the cells that win it.
    #[inline]
    fn for_each_board_win(&self, board: &Board, mut f: impl FnMut(u8, u16)) {
        let me = board.turn();
        let mut boards = board.forced().map_or(!board.closed() & FULL, |b| 1 << b);
        while boards != 0 {
            let b = boards.trailing_zeros() as u8;
            boards &= boards - 1;
            let mine = board.small_board(b, me);
            let empty = !(mine | board.small_board(b, me.opponent())) & FULL;
            let wins = self.completes[usize::from(mine)] & empty;
            if wins != 0 {
                f(b, wins);
            }
        }
    }

    /// The small board the side to move can win with its next move where it
    /// may play, preferring the one it is least likely to take otherwise,
    /// weighted by how many meta-lines run through it.
    #[inline]
    fn board_won_next(&self, board: &Board, mover_take: &[f32; 9]) -> Option<usize> {
        let mut best = None;
        let mut best_gain = 0.0;
        self.for_each_board_win(board, |b, _| {
            let b = usize::from(b);
            let gain = (1.0 - mover_take[b]) * LINES_THROUGH[b];
            if gain > best_gain {
                best_gain = gain;
                best = Some(b);
            }
        });
        best
    }

    /// Appends the moves of the side to move that win a small board.
    fn board_wins(&self, board: &Board, out: &mut Vec<Cell>) {
        self.for_each_board_win(board, |b, mut cells| {
            while cells != 0 {
                let pos = cells.trailing_zeros() as u8;
                cells &= cells - 1;
                out.extend(Cell::at(b, pos));
            }
        });
    }

    /// CodinGame's rule: the expected board-count difference (`difference`,
    /// as [`UtttEval::count_difference`]), in units of the meta-line value
    /// (so that it shares the `scale`), weighted by whether a meta-line is
    /// still open (`dead`: none is).
    #[inline]
    fn count_term(&self, dead: bool, difference: f32) -> f32 {
        let per_board = if dead {
            self.weights.race_board
        } else {
            self.weights.count_board
        };
        difference * per_board / self.weights.scale.max(1.0)
    }

    /// CodinGame's rule: the count odds in score units, weighted by
    /// whether a meta-line is still open (`dead`: none is; nothing
    /// computed, not even `sides`, at weight 0).
    #[inline]
    fn count_odds_term(&self, dead: bool, sides: impl FnOnce() -> [[f32; 9]; 2]) -> f32 {
        let per_unit = if dead {
            self.weights.race_win
        } else {
            self.weights.count_win
        };
        if per_unit == 0.0 {
            return 0.0;
        }
        let (more, fewer) = count_odds(&sides());
        per_unit * (more - fewer)
    }

    /// Each side's probability of taking each small board, the side to move
    /// first, with the one-move look-ahead of `mover_threat` applied.
    #[inline]
    pub fn side_probabilities(&self, position: &Board) -> [[f32; 9]; 2] {
        let mut q = [XoPair::new([0.0; 2]); 9];
        self.xo_probabilities(position, &mut q);
        mover_first(&q, position.turn().index())
    }

    /// The board-class differences between the side to move and the other
    /// (`sides` as [`UtttEval::side_probabilities`] gives them): meta-line
    /// value over the lines through the centre board, take probability of
    /// the centre board, of the corner boards, of the edge boards.
    #[inline]
    #[must_use]
    pub fn class_differences(sides: &[[f32; 9]; 2]) -> [f32; 4] {
        let [mine, theirs] = sides.map(|q| UtttEval::class_values(&q));
        [0, 1, 2, 3].map(|i| mine[i] - theirs[i])
    }

    /// The board-class values of one player (`f32`) or of both
    /// ([`XoPair`]): meta-line value over the lines through the centre
    /// board, take probability of the centre board, summed over the corner
    /// boards, summed over the edge boards.
    #[inline]
    fn class_values<T: Copy + Add<Output = T> + Mul<Output = T>>(q: &[T; 9]) -> [T; 4] {
        // The corner boards (0, 2, 6, 8) and the edge boards (1, 3, 5, 7)
        // summed in board order, from the first board: what
        // `Iterator::sum` from zero gives for these probabilities (never -0).
        [
            UtttEval::centre_line_value(q),
            q[4],
            q[0] + q[2] + q[6] + q[8],
            q[1] + q[3] + q[5] + q[7],
        ]
    }

    /// The board-class terms of `weights` for `sides` (as
    /// [`UtttEval::side_probabilities`] gives them): 0 without computing
    /// anything when their weights are 0 (the standard rule's default).
    #[inline]
    pub(crate) fn class_terms(weights: &EvalWeights, sides: &[[f32; 9]; 2]) -> f32 {
        UtttEval::weighted_classes(weights, || UtttEval::class_differences(sides))
    }

    /// The class weights of `weights` times the class differences of
    /// `differences`, summed: 0 without calling it when the weights are 0.
    #[inline]
    fn weighted_classes(weights: &EvalWeights, differences: impl FnOnce() -> [f32; 4]) -> f32 {
        let weights = weights.class_weights();
        if weights == [0.0; 4] {
            return 0.0;
        }
        weights.iter().zip(differences()).map(|(w, d)| w * d).sum()
    }

    /// The meta-line value over the four lines through the centre board.
    #[inline]
    fn centre_line_value<T: Copy + Add<Output = T> + Mul<Output = T>>(q: &[T; 9]) -> T {
        q[4] * (q[3] * q[5] + q[1] * q[7] + q[0] * q[8] + q[2] * q[6])
    }

    /// The expected board-count difference between the side to move and
    /// the other (won boards 1, open boards their take probability).
    #[inline]
    #[must_use]
    pub fn count_difference(sides: &[[f32; 9]; 2]) -> f32 {
        sides[0].iter().zip(&sides[1]).map(|(a, b)| a - b).sum()
    }

    /// Sum over the meta-lines of the product of the line's probabilities,
    /// for one player (`f32`) or both ([`XoPair`]).
    #[inline]
    pub fn line_value<T: Copy + Add<Output = T> + Mul<Output = T>>(q: &[T; 9]) -> T {
        q[0] * q[1] * q[2]
            + q[3] * q[4] * q[5]
            + q[6] * q[7] * q[8]
            + q[0] * q[3] * q[6]
            + q[1] * q[4] * q[7]
            + q[2] * q[5] * q[8]
            + q[0] * q[4] * q[8]
            + q[2] * q[4] * q[6]
    }
}

/// The probabilities of `q` as two lists, player `me`'s first.
#[inline]
fn mover_first(q: &[XoPair; 9], me: usize) -> [[f32; 9]; 2] {
    [q.map(|pair| pair.of(me)), q.map(|pair| pair.of(1 - me))]
}

/// Whether no meta-line can still be completed by either player: each
/// line holds a board won by each player, or a drawn board.
#[must_use]
pub fn meta_lines_dead(board: &Board) -> bool {
    lines_dead(
        board.closed(),
        [board.meta(Player::First), board.meta(Player::Second)],
    )
}

/// [`meta_lines_dead`] from the `closed` small boards and each player's
/// won ones: for each player, the boards closed to them (closed and not
/// theirs) meet every meta-line.
#[inline]
pub(crate) fn lines_dead(closed: u16, meta: [u16; 2]) -> bool {
    meta.iter().all(|&mine| meets_every_line(closed & !mine))
}

/// A 512-bit set: bit `mask` is one when the 9-bit `mask` holds a board of
/// every meta-line.
const MEETS_EVERY_LINE: [u64; 8] = {
    let mut set = [0u64; 8];
    let mut mask = 0usize;
    while mask < 512 {
        let mut meets = true;
        let mut i = 0;
        while i < LINES.len() {
            meets = meets && mask as u16 & LINES[i] != 0;
            i += 1;
        }
        if meets {
            set[mask >> 6] |= 1 << (mask & 63);
        }
        mask += 1;
    }
    set
};

/// Whether the 9-bit `mask` (higher bits ignored) holds a board of every
/// meta-line.
#[inline]
fn meets_every_line(mask: u16) -> bool {
    let mask = usize::from(mask & FULL);
    MEETS_EVERY_LINE[mask >> 6] >> (mask & 63) & 1 == 1
}

/// How many meta-lines run through each small board.
const LINES_THROUGH: [f32; 9] = [3.0, 2.0, 3.0, 2.0, 4.0, 2.0, 3.0, 2.0, 3.0];

impl Evaluator<Board> for UtttEval {
    fn evaluate(&self, position: &Board) -> Score {
        // Both players at once, each lane as for that player alone.
        let mut q = [XoPair::new([0.0; 2]); 9];
        self.xo_probabilities(position, &mut q);
        let me = position.turn().index();
        let mut advantage = UtttEval::line_value(&q).lead(me);
        let w = &self.weights;
        let codingame = position.variant() == Variant::CodinGame;
        let dead = codingame && meta_lines_dead(position);
        if codingame {
            // In board order, as `count_difference` sums.
            let difference = q.iter().map(|pair| pair.lead(me)).sum();
            advantage += self.count_term(dead, difference);
        }
        let free = if position.forced().is_none() {
            w.free_choice
        } else {
            0
        };
        let classes =
            UtttEval::weighted_classes(w, || UtttEval::class_values(&q).map(|pair| pair.lead(me)));
        let mut score = advantage * w.scale + classes;
        if codingame {
            score += self.count_odds_term(dead, || mover_first(&q, me));
        }
        let correction = if w.network {
            self.network_correction(position)
        } else {
            0
        };
        Score::eval(score as i32 + w.tempo + free + correction)
    }

    /// With [`EvalWeights::board_quiescence`]: the moves that win a small
    /// board for the side to move (none otherwise).
    fn tactical_moves(&self, position: &Board, out: &mut Vec<Cell>) {
        out.clear();
        if self.weights.board_quiescence {
            self.board_wins(position, out);
        }
    }

    fn key(&self, position: &Board) -> u64 {
        position.key()
    }

    fn move_slots(&self) -> usize {
        81
    }

    fn move_index(&self, mv: Cell) -> usize {
        mv.index().into()
    }

    /// Winning a small board first; sending the opponent to a closed board
    /// (a free choice for them) last.
    #[inline]
    fn order_bonus(&self, position: &Board, mv: Cell) -> i32 {
        BoardBonuses::new(self, position, mv.board()).of(mv)
    }

    /// Sending the opponent to a board already closed (a free choice)
    /// without winning a small board: the moves [`Evaluator::order_bonus`]
    /// puts last.
    #[inline]
    fn is_poor_move(&self, position: &Board, mv: Cell) -> bool {
        self.order_bonus(position, mv) < 0
    }

    /// [`Evaluator::order_bonus`] of each move, reading the mover's marks
    /// and the cells that would win a small board once for each run of
    /// moves on the same small board (the board lists its moves board by
    /// board).
    #[inline]
    fn add_order_bonuses(&self, position: &Board, keyed: &mut [(i32, Cell)]) {
        let mut current: Option<BoardBonuses> = None;
        for (key, mv) in keyed {
            let bonuses = match current {
                Some(bonuses) if bonuses.holds(*mv) => bonuses,
                _ => BoardBonuses::new(self, position, mv.board()),
            };
            current = Some(bonuses);
            *key += bonuses.of(*mv);
        }
    }
}

/// The ordering bonuses ([`Evaluator::order_bonus`]) of the side to
/// move's moves on one small board: winning the board first, sending the
/// opponent to a closed board (a free choice) last.
#[derive(Clone, Copy, Debug)]
struct BoardBonuses {
    /// The board's first cell (`9 * board`).
    first_cell: u8,
    /// The cells that would give the mover a line on the board.
    wins: u16,
    /// The cells that send the opponent to a closed board: the closed
    /// boards, and the board itself when the move wins it.
    frees: u16,
}

impl BoardBonuses {
    /// The bonuses on small board `board` of `position`.
    #[inline]
    fn new(eval: &UtttEval, position: &Board, board: u8) -> BoardBonuses {
        let mine = position.small_board(board, position.turn());
        let wins = eval.completes[usize::from(mine)];
        BoardBonuses {
            first_cell: 9 * board,
            wins,
            frees: position.closed() | wins & 1 << board,
        }
    }

    /// Whether `mv` lies on the board.
    #[inline]
    fn holds(self, mv: Cell) -> bool {
        mv.index().wrapping_sub(self.first_cell) < 9
    }

    /// The bonus of `mv`, a move on the board.
    #[inline]
    fn of(self, mv: Cell) -> i32 {
        let pos = mv.index() - self.first_cell;
        let wins_board = self.wins >> pos & 1;
        let frees = self.frees >> pos & 1;
        i32::from(wins_board) * 4096 - i32::from(frees) * 2048
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Calls `f` on every position of 40 random games under each rule.
    fn along_random_games(seed: u64, mut f: impl FnMut(&Board)) {
        let mut rng = SmallRng::seed_from_u64(seed);
        for variant in [Variant::Standard, Variant::CodinGame] {
            for _ in 0..40 {
                let mut board = Board::start(variant);
                while !board.is_finished() {
                    f(&board);
                    let moves = board.moves();
                    board.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
    }

    /// The evaluation one player at a time, term by term in the order of
    /// `evaluate`, from the mover-first probabilities.
    fn one_player_at_a_time(eval: &UtttEval, board: &Board) -> i32 {
        let w = &eval.weights;
        let sides = eval.side_probabilities(board);
        let [mine, theirs] = &sides;
        let mut advantage = UtttEval::line_value(mine) - UtttEval::line_value(theirs);
        let mut odds = 0.0;
        if board.variant() == Variant::CodinGame {
            let (per_board, per_unit) = if meta_lines_dead(board) {
                (w.race_board, w.race_win)
            } else {
                (w.count_board, w.count_win)
            };
            advantage += UtttEval::count_difference(&sides) * per_board / w.scale.max(1.0);
            let (more, fewer) = count_odds(&sides);
            odds = per_unit * (more - fewer);
        }
        let free = if board.forced().is_none() {
            w.free_choice
        } else {
            0
        };
        let score = advantage * w.scale + UtttEval::class_terms(w, &sides) + odds;
        Score::eval(score as i32 + w.tempo + free).value()
    }

    /// Both players' probabilities at once ([`XoPair`]) give each
    /// player's formula exactly, with every term switched on (the look-ahead,
    /// the count odds, the board classes).
    #[test]
    fn both_players_at_once_score_as_each_alone() {
        let weight_sets = [
            EvalWeights {
                mover_threat: true,
                count_win: 300.0,
                race_win: 200.0,
                ..EvalWeights::TUNED_CODINGAME
            },
            EvalWeights {
                mover_threat: true,
                ..EvalWeights::default()
            },
            EvalWeights::CODINGAME_HAND,
        ];
        for (seed, weights) in (1..).zip(weight_sets) {
            let eval = UtttEval::new(weights);
            along_random_games(seed, |board| {
                let score = eval.evaluate(board).value();
                assert_eq!(score, one_player_at_a_time(&eval, board), "{board}");
            });
        }
    }

    /// The ordering bonuses, one move at a time and a node's at once (with
    /// some moves left out, as the table move is), are the line check's:
    /// 4096 for winning the small board, -2048 for sending the opponent to
    /// a closed board (or to the board the move wins).
    #[test]
    fn ordering_bonuses_follow_the_line_check() {
        let eval = UtttEval::new(EvalWeights::CODINGAME);
        along_random_games(7, |board| {
            let expected = |mv: Cell| {
                let mine = board.small_board(mv.board(), board.turn());
                let wins = has_line(mine | 1 << mv.pos());
                let frees = board.closed() >> mv.pos() & 1 == 1 || mv.pos() == mv.board() && wins;
                i32::from(wins) * 4096 - i32::from(frees) * 2048
            };
            let moves = board.moves();
            let mut keyed: Vec<(i32, Cell)> = (0..)
                .zip(&moves)
                .filter(|(i, _)| i % 3 != 1)
                .map(|(i, &mv)| (7 * i, mv))
                .collect();
            let before = keyed.clone();
            eval.add_order_bonuses(board, &mut keyed);
            for ((key, mv), (start, _)) in keyed.into_iter().zip(before) {
                assert_eq!(eval.order_bonus(board, mv), expected(mv), "{board} {mv}");
                assert_eq!(key, start + expected(mv), "{board} {mv}");
            }
        });
    }

    #[test]
    fn random_filling_probabilities_are_sane() {
        let eval = UtttEval::default();
        let t = |x: u16, o: u16| eval.take(x, o);
        let empty = t(0, 0);
        assert!((empty[0] - empty[1]).abs() < 1e-6);
        assert!(empty[0] > 0.3 && empty[0] < 0.5);
        let centre = t(1 << 4, 0);
        let corner = t(1, 0);
        assert!(centre[0] > corner[0] && corner[0] > empty[0]);
        let two_in_row = t(0b11, 0);
        assert_eq!(t(0b111, 0b11000), [1.0, 0.0]);
        assert_eq!(t(0b1_0110_0011, 0b0_1001_1100), [0.0, 0.0]);
        assert!(two_in_row[0] > centre[0]);
    }

    #[test]
    fn the_start_is_level_and_scores_are_side_relative() {
        let eval = UtttEval::default();
        let start = eval.evaluate(&Board::empty()).value();
        assert_eq!(start, 80);
        let after_centre = Board::empty().after(Cell::new(40).expect("cell"));
        assert!(eval.evaluate(&after_centre).value() < 0);
    }

    #[test]
    fn the_count_odds_weigh_who_wins_the_race() {
        // The dead-lines position of the next test: X to move trails 3
        // boards to 4 with board 8 open, so X cannot win the count and
        // draws it only by taking board 8 (O marks four of its cells): odds
        // (0, most of 1), most of `race_win` lost.
        let (x, o, drawn, open) = ("XXXXX....", "OOO......", "XOXXOOOXX", "OO.O.O...");
        let text = [x, o, x, o, drawn, o, x, o, open].concat() + " *";
        let codingame = Board::parse_variant(&text, Variant::CodinGame).unwrap();
        let plain = UtttEval::new(EvalWeights::CODINGAME);
        let race = UtttEval::new(EvalWeights {
            race_win: 500.0,
            ..EvalWeights::CODINGAME
        });
        let lost = race.evaluate(&codingame).value() - plain.evaluate(&codingame).value();
        assert!((-500..-250).contains(&lost), "{lost}");
        // While a meta-line is open only `count_win` counts.
        let alive = race.evaluate(&Board::start(Variant::CodinGame));
        assert_eq!(alive, plain.evaluate(&Board::start(Variant::CodinGame)));
        // The standard rule has no count.
        let standard = Board::parse_variant(&text, Variant::Standard).unwrap();
        assert_eq!(race.evaluate(&standard), plain.evaluate(&standard));
    }

    #[test]
    fn dead_meta_lines_and_the_count_race() {
        // Meta-board  X O X / O = O / X O .  (= drawn): every line holds
        // boards of both players or the drawn centre; board 8 is open.
        let (x, o, drawn, open) = ("XXXXX....", "OOO......", "XOXXOOOXX", "OO.O.O...");
        let text = [x, o, x, o, drawn, o, x, o, open].concat() + " *";
        let eval = UtttEval::new(EvalWeights {
            count_board: 100.0,
            race_board: 400.0,
            count_win: 0.0,
            race_win: 0.0,
            ..EvalWeights::default()
        });
        let codingame = Board::parse_variant(&text, Variant::CodinGame).unwrap();
        let standard = Board::parse_variant(&text, Variant::Standard).unwrap();
        assert!(meta_lines_dead(&codingame) && !codingame.is_finished());
        // X to move trails 3 boards to 4 (plus its share of board 8): a
        // lost race under CodinGame's rule, nothing under the standard one.
        assert!(eval.evaluate(&codingame).value() < -300);
        assert!(eval.evaluate(&standard).value().abs() < 100);
        // The default weights leave the count out (as the SPRT decided).
        let plain = UtttEval::default();
        assert_eq!(plain.evaluate(&codingame), plain.evaluate(&standard));
        // X owns board 0 and O the centre: lines such as 0-1-2 stay open.
        let marks = ["XXX......", &".".repeat(27), "OOO......"].concat();
        let alive = format!("{marks}{} *", ".".repeat(81 - marks.len()));
        let alive = Board::parse_variant(&alive, Variant::CodinGame).unwrap();
        assert!(!meta_lines_dead(&alive) && !meta_lines_dead(&Board::empty()));
    }

    #[test]
    fn poor_moves_send_to_a_closed_board_without_winning_one() {
        let eval = UtttEval::default();
        let mut poor = 0;
        along_random_games(77, |board| {
            let me = board.turn();
            for mv in board.moves() {
                let after = board.after(mv);
                let wins_board = after.meta(me) >> mv.board() & 1 == 1;
                // The board the move sends to was closed before it.
                let sends_to_closed = board.closed() >> mv.pos() & 1 == 1;
                let expected = sends_to_closed && !wins_board;
                assert_eq!(eval.is_poor_move(board, mv), expected, "{board:?} {mv:?}");
                poor += usize::from(expected);
            }
        });
        assert!(poor > 100, "{poor}");
    }

    #[test]
    fn tactical_moves_are_exactly_the_board_wins_when_switched_on() {
        let on = UtttEval::new(EvalWeights {
            board_quiescence: true,
            ..EvalWeights::default()
        });
        let off = UtttEval::default();
        let (mut tactical, mut checked) = (Vec::new(), 0);
        // Fixed pseudo-random games, every position checked against
        // playing each legal move and looking at the board it lands in.
        let mut state = 12_345u64;
        for _ in 0..20 {
            let mut board = Board::start(Variant::CodinGame);
            while !board.is_finished() {
                on.tactical_moves(&board, &mut tactical);
                let me = board.turn();
                let mut wins: Vec<Cell> = board
                    .moves()
                    .into_iter()
                    .filter(|&mv| board.after(mv).meta(me) >> mv.board() & 1 == 1)
                    .collect();
                tactical.sort_by_key(|c| c.index());
                wins.sort_by_key(|c| c.index());
                assert_eq!(tactical, wins, "{board:?}");
                checked += usize::from(!wins.is_empty());
                off.tactical_moves(&board, &mut tactical);
                assert!(tactical.is_empty());
                let moves = board.moves();
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                board = board.after(moves[(state >> 33) as usize % moves.len()]);
            }
        }
        assert!(checked > 0, "the game never offered a board win");
    }
}
