//! The Jungle evaluation and move-ordering hooks for
//! [`gamesolver_search::AlphaBeta`].
//!
//! From the side to move, in centipawn-like units:
//! - **material**: a value per rank; the rat is worth more while the enemy
//!   elephant lives (it is the only piece that takes it);
//! - **advance**: each piece's closeness to the enemy den (a table per rank,
//!   quadratic in the remaining steps), the same for the opponent, so pieces
//!   near one's own den also count as defence against theirs;
//! - **den threats**: a piece on a square next to the enemy den (always one
//!   of the enemy's traps) wins next move if its side is to move; an enemy
//!   piece next to our den must be captured at once, so it is lost for the
//!   enemy if one of our pieces touches it, and the game is lost if not (or
//!   if there are two);
//! - **safety**: the side to move's pieces attacked by an enemy that may take
//!   them (ranks, traps, water, river jumps) cost part of their value: the
//!   worst one a little (it can usually step away), a second one much more;
//! - **mobility**: empty or enemy squares next to each piece.
//!
//! Captures and den entries are the tactical moves of the quiescence
//! search; captures are the irreversible moves of repetition detection.

use gamesolver_core::{Player, Solution};
use gamesolver_games::jungle::board::{
    Bitboard, DENS, LAND, OFF_BOARD, STEPS, TRAPS, WATER, bit, open_jumps, same_terrain,
};
use gamesolver_games::jungle::{Move, Position, Square};
use gamesolver_search::{Evaluator, Score};

use super::tablebase::TablebaseHandle;

/// Slot numbers (rank − 1) with special rules.
const RAT: usize = 0;
const ELEPHANT: usize = 7;
const JUMPERS: [usize; 2] = [5, 6];

/// A win on the next move that the static evaluation can see.
const WIN_NEXT: i32 = 50_000;

/// Tunable weights of [`JungleEval`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JungleWeights {
    /// Value of each rank, rat first.
    pub material: [i32; 8],
    /// Extra value of a rat while the enemy elephant is on the board.
    pub rat_vs_elephant: i32,
    /// Advance bonus scale per rank, in percent.
    pub advance: [i32; 8],
    /// Per-mille of the most valuable attacked piece lost (side to move).
    pub hanging_first: i32,
    /// Per-mille of the second attacked piece lost (side to move).
    pub hanging_second: i32,
    /// Per reachable square.
    pub mobility: i32,
    /// For having the move.
    pub tempo: i32,
}

impl JungleWeights {
    /// Material only (for measuring what the other terms are worth).
    #[must_use]
    pub fn material_only() -> JungleWeights {
        JungleWeights {
            advance: [0; 8],
            hanging_first: 0,
            hanging_second: 0,
            mobility: 0,
            ..JungleWeights::default()
        }
    }
}

impl JungleWeights {
    /// The same weights with the advance terms scaled by `percent`.
    #[must_use]
    pub fn with_advance_scale(self, percent: i32) -> JungleWeights {
        JungleWeights {
            advance: self.advance.map(|a| a * percent / 100),
            ..self
        }
    }
}

impl Default for JungleWeights {
    fn default() -> JungleWeights {
        JungleWeights {
            material: [400, 200, 300, 350, 450, 750, 850, 950],
            rat_vs_elephant: 150,
            advance: [80, 60, 70, 70, 80, 100, 100, 90],
            hanging_first: 150,
            hanging_second: 700,
            mobility: 4,
            tempo: 10,
        }
    }
}

/// The Jungle [`Evaluator`] (see the module documentation), optionally
/// with an endgame tablebase for exact verdicts.
#[derive(Clone)]
pub struct JungleEval {
    weights: JungleWeights,
    /// `advance[player][slot][square]`: material plus advance (0 for the
    /// off-board square 63).
    advance: Box<[[[i32; 64]; 8]; 2]>,
    quiescence: bool,
    tablebase: Option<TablebaseHandle>,
}

impl std::fmt::Debug for JungleEval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JungleEval")
            .field("weights", &self.weights)
            .field("tablebase", &self.tablebase)
            .finish()
    }
}

impl Default for JungleEval {
    fn default() -> JungleEval {
        JungleEval::new(JungleWeights::default())
    }
}

/// Steps from square `index` to the top side's den d9, ignoring obstacles.
fn steps_to_top_den(index: usize) -> i32 {
    let (file, rank) = ((index % 7) as i32, (index / 7) as i32);
    (file - 3).abs() + (8 - rank)
}

impl JungleEval {
    /// An evaluator with `weights` and no tablebase.
    #[must_use]
    pub fn new(weights: JungleWeights) -> JungleEval {
        let mut advance = Box::new([[[0; 64]; 8]; 2]);
        for (side, rows) in advance.iter_mut().enumerate() {
            for (slot, row) in rows.iter_mut().enumerate() {
                for (index, value) in row.iter_mut().enumerate().take(63) {
                    let seen = if side == 0 { index } else { 62 - index };
                    let near = (12 - steps_to_top_den(seen)).max(0);
                    *value = weights.material[slot] + near * near * weights.advance[slot] / 200;
                }
            }
        }
        JungleEval {
            weights,
            advance,
            quiescence: true,
            tablebase: None,
        }
    }

    /// The same evaluator with the quiescence search on or off.
    #[must_use]
    pub fn with_quiescence(mut self, on: bool) -> JungleEval {
        self.quiescence = on;
        self
    }

    /// The same evaluator answering positions exactly from `tablebase`
    /// (where it has their material).
    #[must_use]
    pub fn with_tablebase(mut self, tablebase: TablebaseHandle) -> JungleEval {
        self.tablebase = Some(tablebase);
        self
    }

    /// The value of `player`'s piece in `slot`, seen against `enemy`'s slots.
    #[inline]
    fn value(&self, slot: usize, enemy: &[u8; 8]) -> i32 {
        let w = &self.weights;
        w.material[slot]
            + if slot == RAT && enemy[ELEPHANT] != OFF_BOARD {
                w.rat_vs_elephant
            } else {
                0
            }
    }

    /// Material, advance and mobility of `player`.
    #[inline]
    fn side_score(&self, pos: &Position, player: Player) -> i32 {
        let own = pos.slots(player);
        let table = &self.advance[player.index()];
        let free = !pos.occupied(player);
        let mut score = 0;
        let mut reach = 0;
        for (slot, &square) in own.iter().enumerate() {
            let terrain = if slot == RAT { LAND | WATER } else { LAND };
            score += table[slot][square as usize];
            reach += (STEPS[square as usize] & terrain & free).count_ones() as i32;
        }
        if own[RAT] != OFF_BOARD && pos.slots(player.opponent())[ELEPHANT] != OFF_BOARD {
            score += self.weights.rat_vs_elephant;
        }
        score + reach * self.weights.mobility
    }

    /// The squares of the enemy pieces that `player`'s piece in `slot` on
    /// `square` may capture (a subset of the legal captures: the
    /// rat-across-water preset's extra captures are left out).
    #[inline]
    fn prey(pos: &Position, player: Player, slot: usize, square: u8) -> Bitboard {
        let enemy = pos.slots(player.opponent());
        let rats = bit(pos.slots(player)[RAT]) | bit(enemy[RAT]);
        let mut reach = STEPS[square as usize] & same_terrain(square);
        if JUMPERS.contains(&slot) {
            reach |= open_jumps(square, rats);
        }
        let mut targets = reach & pos.occupied(player.opponent());
        if targets == 0 {
            return 0;
        }
        let trapped = TRAPS[player.index()];
        let mut prey = 0;
        while targets != 0 {
            let at = targets.trailing_zeros() as u8;
            let b = bit(at);
            targets &= targets - 1;
            let victim = enemy.iter().position(|&sq| sq == at).unwrap_or(RAT);
            let by_rank = match (slot, victim) {
                (ELEPHANT, RAT) => false,
                (RAT, ELEPHANT) => true,
                _ => victim <= slot,
            };
            if by_rank || b & trapped != 0 {
                prey |= b;
            }
        }
        prey
    }

    /// Every enemy square `player` attacks.
    #[inline]
    fn attacks(pos: &Position, player: Player) -> Bitboard {
        pos.slots(player)
            .iter()
            .enumerate()
            .filter(|&(_, &sq)| sq != OFF_BOARD)
            .fold(0, |acc, (slot, &sq)| {
                acc | Self::prey(pos, player, slot, sq)
            })
    }

    /// What the side to move stands to lose to the opponent's attacks.
    fn hanging(&self, pos: &Position, me: Player) -> i32 {
        let attacked = Self::attacks(pos, me.opponent());
        if attacked == 0 {
            return 0;
        }
        let enemy = pos.slots(me.opponent());
        let (mut first, mut second) = (0, 0);
        for (slot, &sq) in pos.slots(me).iter().enumerate() {
            if sq != OFF_BOARD && attacked & bit(sq) != 0 {
                let v = self.value(slot, &enemy);
                if v > first {
                    second = first;
                    first = v;
                } else if v > second {
                    second = v;
                }
            }
        }
        (first * self.weights.hanging_first + second * self.weights.hanging_second) / 1000
    }

    /// The den threats (module documentation): `Some(score)` when they
    /// decide the evaluation.
    fn den_threats(&self, pos: &Position, me: Player) -> Option<i32> {
        let opp = me.opponent();
        let near_their_den = STEPS[DENS[opp.index()].trailing_zeros() as usize];
        if pos.occupied(me) & near_their_den != 0 {
            return Some(WIN_NEXT);
        }
        let near_my_den = STEPS[DENS[me.index()].trailing_zeros() as usize];
        let invaders = pos.occupied(opp) & near_my_den;
        if invaders == 0 {
            return None;
        }
        let defended = STEPS[invaders.trailing_zeros() as usize] & pos.occupied(me) != 0;
        (invaders.count_ones() > 1 || !defended).then_some(-WIN_NEXT)
    }
}

impl Evaluator<Position> for JungleEval {
    fn evaluate(&self, position: &Position) -> Score {
        let me = position.turn();
        if let Some(decided) = self.den_threats(position, me) {
            return Score::eval(decided);
        }
        let balance = self.side_score(position, me) - self.side_score(position, me.opponent());
        Score::eval(balance - self.hanging(position, me) + self.weights.tempo)
    }

    fn key(&self, position: &Position) -> u64 {
        position.key()
    }

    fn move_slots(&self) -> usize {
        63 * 63
    }

    fn move_index(&self, mv: Move) -> usize {
        usize::from(mv.from.index()) * 63 + usize::from(mv.to.index())
    }

    /// Den entries first, then captures by victim value (most valuable
    /// victim, least valuable attacker), then steps next to the enemy den.
    #[inline]
    fn order_bonus(&self, position: &Position, mv: Move) -> i32 {
        let me = position.turn();
        let to = mv.to.bit();
        if to & DENS[me.opponent().index()] != 0 {
            return 1 << 22;
        }
        let enemy = position.slots(me.opponent());
        if let Some(victim) = enemy.iter().position(|&sq| sq == mv.to.index()) {
            let attacker = position
                .slots(me)
                .iter()
                .position(|&sq| sq == mv.from.index())
                .unwrap_or(0);
            return (1 << 20) + self.value(victim, &enemy) * 16 - attacker as i32;
        }
        let near_den = STEPS[DENS[me.opponent().index()].trailing_zeros() as usize];
        if to & near_den != 0 { 1 << 19 } else { 0 }
    }

    fn is_irreversible(&self, position: &Position, mv: Move) -> bool {
        position.is_capture(mv)
    }

    fn tactical_moves(&self, position: &Position, out: &mut Vec<Move>) {
        out.clear();
        if !self.quiescence {
            return;
        }
        let me = position.turn();
        let den = DENS[me.opponent().index()];
        for (slot, &from) in position.slots(me).iter().enumerate() {
            let Some(from_square) = Square::new(from) else {
                continue;
            };
            let mut targets = Self::prey(position, me, slot, from) | (STEPS[from as usize] & den);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                if let Some(to_square) = Square::new(to) {
                    out.push(Move::new(from_square, to_square));
                }
            }
        }
    }

    fn null_move(&self, position: &Position) -> Option<Position> {
        position.passed()
    }

    fn exact(&self, position: &Position) -> Option<Solution> {
        self.tablebase.as_ref()?.probe_in_search(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        let position: Position = fen.parse().unwrap();
        JungleEval::default().evaluate(&position).value()
    }

    #[test]
    fn the_start_is_level_and_scores_are_side_relative() {
        let start = gamesolver_games::jungle::START_FEN;
        assert_eq!(eval(start), JungleWeights::default().tempo);
        let top_to_move = start.replace(" w", " b");
        assert_eq!(eval(&top_to_move), JungleWeights::default().tempo);
        assert!(eval("l6/7/7/7/7/7/7/7/L5T w") > 500, "an extra tiger");
    }

    #[test]
    fn tactical_moves_are_the_legal_captures_and_den_entries() {
        use gamesolver_core::Game;
        let eval = JungleEval::default();
        for fen in [
            "7/7/7/7/l2T3/7/7/7/7 w",
            "7/7/7/7/3e3/3R3/7/7/7 w",
            "7/7/7/7/7/7/3E3/3r3/7 w",
            "7/3L3/3c3/7/7/7/7/7/7 w",
            "7/7/7/7/1Rr4/7/7/7/7 w",
            "2l1c2/1d5/r3w1t/1R5/3L3/7/E2P3/1C1W1D1/6T w",
        ] {
            let position: Position = fen.parse().unwrap();
            let mut tactical = Vec::new();
            eval.tactical_moves(&position, &mut tactical);
            let den = DENS[position.turn().opponent().index()];
            let mut expected: Vec<Move> = position
                .moves()
                .into_iter()
                .filter(|&mv| position.is_capture(mv) || mv.to.bit() & den != 0)
                .collect();
            tactical.sort();
            expected.sort();
            assert_eq!(tactical, expected, "{fen}");
        }
    }

    #[test]
    fn den_threats_decide() {
        // Bottom's lion on d8 next to the top den, bottom to move: wins.
        assert_eq!(eval("l6/3L3/7/7/7/7/7/7/7 w"), WIN_NEXT);
        // Top to move: the lion cannot be taken, top loses.
        assert_eq!(eval("l6/3L3/7/7/7/7/7/7/7 b"), -WIN_NEXT);
        // A top cat on c8 touches it: no decision.
        assert!(eval("7/2cL3/7/7/7/7/7/7/7 b").abs() < WIN_NEXT);
    }

    #[test]
    fn attacked_pieces_cost_the_side_to_move() {
        let eval = JungleEval::default();
        let hanging = |fen: &str| {
            let position: Position = fen.parse().unwrap();
            eval.hanging(&position, position.turn())
        };
        // The bottom tiger on d4 under the top lion on d5, then out of reach.
        assert!(hanging("7/7/7/7/3l3/3T3/7/7/7 w") > 0);
        assert_eq!(hanging("7/7/7/3l3/7/3T3/7/7/7 w"), 0);
        // The lion is not attacked by the tiger.
        assert_eq!(hanging("7/7/7/7/3l3/3T3/7/7/7 b"), 0);
        // Lions jump across the river onto the tiger.
        assert!(hanging("7/7/7/7/l2T3/7/7/7/7 w") > 0);
    }
}
