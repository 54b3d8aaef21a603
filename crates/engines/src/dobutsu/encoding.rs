//! Dōbutsu shōgi's action numbering and observation planes (see the
//! [module documentation](super)).

use gamesolver_api::{Observation, Planes};
use gamesolver_core::Player;
use gamesolver_games::dobutsu::{Hand, Move, Origin, Piece, Position, Square};

/// The number of squares.
const SQUARES: u32 = 12;
/// The number of origins: 12 squares and the 3 kinds in hand.
const ORIGINS: u32 = SQUARES + 3;
/// The number of actions.
pub const ACTIONS: u32 = ORIGINS * SQUARES;
/// The observation's shape: planes, rows (ranks), columns (files).
pub const OBSERVATION_SHAPE: [usize; 3] = [17, 4, 3];

/// The action number of `mv`: origin × 12 + arrival square.
///
/// ```
/// use gamesolver_engines::dobutsu::encoding::{action_of, move_of};
///
/// let drop = "C*b2".parse().unwrap();
/// assert_eq!(action_of(drop), 172);
/// assert_eq!(move_of(172), Some(drop));
/// assert_eq!(action_of("b2b3".parse().unwrap()), 55);
/// ```
#[must_use]
pub fn action_of(mv: Move) -> u32 {
    let origin = match mv.origin() {
        Origin::Board(from) => u32::from(from.index()),
        Origin::Hand(hand) => SQUARES + hand.index() as u32,
    };
    origin * SQUARES + u32::from(mv.to().index())
}

/// The move of action number `action`, if the numbering names one (it
/// may still be illegal in a given position).
#[must_use]
pub fn move_of(action: u32) -> Option<Move> {
    if action >= ACTIONS {
        return None;
    }
    let (origin, to) = (action / SQUARES, action % SQUARES);
    let to = Square::new(u8::try_from(to).ok()?)?;
    if origin < SQUARES {
        let from = Square::new(u8::try_from(origin).ok()?)?;
        (from != to).then(|| Move::step(from, to))
    } else {
        Some(Move::drop(Hand::ALL[(origin - SQUARES) as usize], to))
    }
}

/// The observation planes of `position` (see the module documentation).
#[must_use]
pub fn observation(position: &Position) -> Observation {
    let mut observation = Observation::zeros(OBSERVATION_SHAPE);
    write_observation(position, &mut observation.planes());
    observation
}

/// Writes the observation planes of `position` into `observation` (all
/// zero on entry).
#[inline]
pub fn write_observation(position: &Position, observation: &mut Planes<'_>) {
    for square in Square::all() {
        if let Some((owner, piece)) = position.piece_at(square) {
            let plane = owner.index() * Piece::ALL.len() + piece.index();
            observation.set(
                plane,
                usize::from(3 - square.rank()),
                usize::from(square.file()),
                1.0,
            );
        }
    }
    for player in Player::BOTH {
        for hand in Hand::ALL {
            let held = position.hand(player, hand);
            if held > 0 {
                let plane = 10 + player.index() * Hand::ALL.len() + hand.index();
                observation.fill_plane(plane, f32::from(held) / 2.0);
            }
        }
    }
    if position.turn() == Player::First {
        observation.fill_plane(16, 1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_move_has_its_own_action() {
        let mut seen = std::collections::HashSet::new();
        for mv in Move::all() {
            let action = action_of(mv);
            assert!(action < ACTIONS, "{mv}");
            assert!(seen.insert(action), "{mv}");
            assert_eq!(move_of(action), Some(mv), "{mv}");
        }
        // The twelve `a1a1`-like numbers name no move.
        assert_eq!(seen.len() as u32, ACTIONS - SQUARES);
        assert_eq!(move_of(0), None);
        assert_eq!(move_of(ACTIONS), None);
    }

    /// The value at `plane`, `row`, `col`.
    fn at(observation: &Observation, plane: usize, row: usize, col: usize) -> f32 {
        observation.data[(plane * 4 + row) * 3 + col]
    }

    #[test]
    fn the_start_is_observed_from_the_top_rank() {
        let observation = observation(&Position::start());
        // The first player's lion on b1: row 3, column 1.
        assert_eq!(at(&observation, 0, 3, 1), 1.0);
        // The second player's lion on b4: plane 5, row 0, column 1.
        assert_eq!(at(&observation, 5, 0, 1), 1.0);
        assert_eq!(at(&observation, 16, 2, 2), 1.0);
        let after: Position = "gle/1C1/3/ELG w C".parse().unwrap();
        let observation = super::observation(&after);
        assert_eq!(at(&observation, 12, 0, 0), 0.5);
        assert_eq!(at(&observation, 16, 0, 0), 0.0);
    }
}
