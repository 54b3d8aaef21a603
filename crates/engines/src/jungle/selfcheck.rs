//! The tablebase self-check: the engine with the tables plays sampled
//! positions out against itself, and each game must end as the table says
//! (a win or loss in exactly the table's distance, a draw held).
//!
//! With both sides choosing moves from the tables (shortest win, longest
//! defence), a won position is won in exactly its stored distance: the
//! check ties the stored values of the sampled material to those of every
//! material the play captures into, to the engine's move choice and to the
//! real game's rules (history, repetition and 200-ply draws).

use std::num::NonZeroUsize;

use gamesolver_core::{Game, Outcome, Player, Solution, TierLayout, Wdl};
use gamesolver_games::jungle::{JungleGame, Material, Position};
use gamesolver_search::{Engine, Limits};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::engine::{JungleEngine, JungleOptions};
use super::tablebase::TablebaseHandle;

/// The plies after which a game expected drawn counts as held (the
/// 200-ply rule ends every real draw before).
const DRAW_PLIES: usize = 400;

/// Why no sample can be drawn.
#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    /// No stored material has that many pieces.
    #[error("the tablebase in {dir} has no material of {pieces} pieces")]
    NoMaterial {
        /// The directory.
        dir: String,
        /// The piece count asked for.
        pieces: u32,
    },
    /// A table could not be read.
    #[error("{0}")]
    Table(String),
}

/// One sampled position and its stored verdict.
#[derive(Clone, Debug)]
pub struct Sampled {
    /// The position (either colour of the stored material).
    pub position: Position,
    /// What the table says for the side to move.
    pub expected: Solution,
}

/// How one game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// How it ended (`None` if it was still going after 400 plies).
    pub outcome: Option<Outcome>,
    /// Its length in plies.
    pub plies: usize,
}

/// A game that did not end as the table says.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// Where it started and what the table says.
    pub sampled: Sampled,
    /// What happened.
    pub played: Played,
}

/// The result of a self-check.
#[derive(Clone, Debug, Default)]
pub struct SelfCheck {
    /// Positions played out, by the table's verdict for the side to move.
    pub checked: gamesolver_core::WdlCounts,
    /// Plies played in all.
    pub plies: u64,
    /// The longest win converted, in plies.
    pub longest_win: u16,
    /// The games that did not end as the table says.
    pub mismatches: Vec<Mismatch>,
}

/// `count` positions drawn with `seed` uniformly from the positions of the
/// stored materials of exactly `pieces` pieces, both colours (an index of
/// a stored table, holes redrawn, then its colour twin half of the time).
pub fn sample(
    handle: &TablebaseHandle,
    pieces: u32,
    count: usize,
    seed: u64,
) -> Result<Vec<Sampled>, SampleError> {
    let table_error = |e: &dyn std::fmt::Display| SampleError::Table(e.to_string());
    let layout = handle.tablebase.layout();
    let materials: Vec<(Material, u64)> = handle
        .materials()
        .map_err(|e| table_error(&e))?
        .into_iter()
        .filter(|m| m.count() == pieces)
        .map(|m| (m, layout.tier_len(m)))
        .collect();
    let total: u64 = materials.iter().map(|&(_, len)| len).sum();
    if total == 0 {
        return Err(SampleError::NoMaterial {
            dir: handle.dir.display().to_string(),
            pieces,
        });
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut found = Vec::with_capacity(count);
    while found.len() < count {
        let (material, index) = pick(&materials, rng.random_range(0..total));
        let Some(stored) = layout.position(material, index) else {
            continue;
        };
        let position = if rng.random_bool(0.5) {
            stored.flipped()
        } else {
            stored
        };
        let expected = handle
            .tablebase
            .probe(&position)
            .map_err(|e| table_error(&e))?
            .ok_or_else(|| table_error(&format!("{position} has no stored value")))?;
        found.push(Sampled { position, expected });
    }
    Ok(found)
}

/// The material and index at offset `at` of the concatenated tiers.
fn pick(materials: &[(Material, u64)], mut at: u64) -> (Material, u64) {
    for &(material, len) in materials {
        if at < len {
            return (material, at);
        }
        at -= len;
    }
    unreachable!("the offset is below the total")
}

/// Plays every sampled position out, the engine with the tables on both
/// sides, on `threads` threads (one engine each).
#[must_use]
pub fn check(handle: &TablebaseHandle, sampled: &[Sampled], threads: NonZeroUsize) -> SelfCheck {
    let chunk = sampled.len().div_ceil(threads.get()).max(1);
    let parts: Vec<SelfCheck> = std::thread::scope(|scope| {
        let workers: Vec<_> = sampled
            .chunks(chunk)
            .map(|part| scope.spawn(move || check_part(handle, part)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut all = SelfCheck::default();
    for part in parts {
        all.checked.add_counts(part.checked);
        all.plies += part.plies;
        all.longest_win = all.longest_win.max(part.longest_win);
        all.mismatches.extend(part.mismatches);
    }
    all
}

/// One thread's share, with its own engine.
fn check_part(handle: &TablebaseHandle, sampled: &[Sampled]) -> SelfCheck {
    let options = JungleOptions {
        hash_mb: 1,
        tablebase: Some(handle.clone()),
        ..JungleOptions::default()
    };
    let mut engine = JungleEngine::new(&options);
    let mut result = SelfCheck::default();
    for s in sampled {
        let played = play_out(&mut engine, s.position);
        result.checked.add(s.expected.wdl);
        result.plies += played.plies as u64;
        if agrees(s, &played) {
            if s.expected.wdl == Wdl::Win {
                result.longest_win = result.longest_win.max(s.expected.distance);
            }
        } else {
            result.mismatches.push(Mismatch {
                sampled: s.clone(),
                played,
            });
        }
    }
    result
}

/// The engine plays both sides from `start` until the game ends or 400
/// plies are played. Outside the tables (never, with every smaller
/// material present) it searches 20,000 nodes a move.
pub fn play_out(engine: &mut JungleEngine, start: Position) -> Played {
    engine.new_game();
    let mut game = JungleGame::new(start);
    while !game.is_finished() && game.played().len() < DRAW_PLIES {
        let info = engine.think(&game, &Limits::nodes(20_000), &mut |_| {});
        let Some(next) = info.best_move().and_then(|m| game.play(m).ok()) else {
            break;
        };
        game = next;
    }
    Played {
        outcome: game.outcome(),
        plies: game.played().len(),
    }
}

/// Whether the game ended as the table says: the side to move wins (or
/// loses) in exactly the stored distance, or a draw is never lost.
fn agrees(sampled: &Sampled, played: &Played) -> bool {
    let mover: Player = sampled.position.turn();
    let distance = usize::from(sampled.expected.distance);
    match sampled.expected.wdl {
        Wdl::Win => played.outcome == Some(Outcome::Winner(mover)) && played.plies == distance,
        Wdl::Loss => {
            played.outcome == Some(Outcome::Winner(mover.opponent())) && played.plies == distance
        }
        Wdl::Draw => matches!(played.outcome, None | Some(Outcome::Draw)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampled(wdl: Wdl, distance: u16) -> Sampled {
        Sampled {
            position: "7/7/7/7/7/7/1e5/7/E6 w".parse().unwrap(),
            expected: Solution::new(wdl, distance),
        }
    }

    fn played(outcome: Option<Outcome>, plies: usize) -> Played {
        Played { outcome, plies }
    }

    #[test]
    fn a_win_must_be_converted_in_exactly_its_distance() {
        let win = sampled(Wdl::Win, 33);
        let bottom = Some(Outcome::Winner(Player::First));
        assert!(agrees(&win, &played(bottom, 33)));
        assert!(!agrees(&win, &played(bottom, 35)));
        assert!(!agrees(&win, &played(bottom, 31)));
        assert!(!agrees(&win, &played(Some(Outcome::Draw), 33)));
        assert!(!agrees(
            &win,
            &played(Some(Outcome::Winner(Player::Second)), 33)
        ));
    }

    #[test]
    fn a_loss_ends_with_the_other_side_winning_and_a_draw_is_held() {
        let top = Some(Outcome::Winner(Player::Second));
        assert!(agrees(&sampled(Wdl::Loss, 12), &played(top, 12)));
        assert!(!agrees(&sampled(Wdl::Loss, 12), &played(top, 10)));
        let draw = sampled(Wdl::Draw, 0);
        assert!(agrees(&draw, &played(Some(Outcome::Draw), 9)));
        assert!(agrees(&draw, &played(None, DRAW_PLIES)));
        assert!(!agrees(&draw, &played(top, 40)));
    }

    #[test]
    fn offsets_pick_materials_in_order() {
        let (a, b): (Material, Material) = ("E-e".parse().unwrap(), "LR-e".parse().unwrap());
        let tiers = [(a, 3), (b, 5)];
        assert_eq!(pick(&tiers, 0), (a, 0));
        assert_eq!(pick(&tiers, 2), (a, 2));
        assert_eq!(pick(&tiers, 3), (b, 0));
        assert_eq!(pick(&tiers, 7), (b, 4));
    }
}
