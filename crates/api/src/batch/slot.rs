//! The bookkeeping a batch keeps beside each position: its seeded
//! generator, the steps of its episode, whether the episode just ended and
//! its legal actions.

use rand::rngs::SmallRng;
use rand::{Rng, RngCore, SeedableRng};

use super::bit_select::{BitSelect, Broadword};
use super::{LegalActions, ShownObservation};

/// One game's generator (random agent moves and a random opponent's), seeded
/// per game so that a game's trajectory depends only on its own seed and
/// actions.
pub type GameRng = SmallRng;

/// One game of a batch, beside its position in the [`super::StateBatch`].
#[derive(Clone, Debug)]
pub struct GameSlot {
    /// The game's generator.
    pub(crate) rng: GameRng,
    /// Steps since the episode began.
    pub(crate) steps: u32,
    /// The episode ended at the last step: the next step starts a new one.
    pub(crate) done: bool,
    /// The legal actions of the position (none once the game is over).
    pub(crate) legal: LegalActions,
    /// What the game's observation row holds.
    pub(crate) shown: ShownObservation,
}

impl GameSlot {
    /// A game whose next step starts an episode, its generator seeded with
    /// `seed`.
    pub fn new(seed: u64) -> GameSlot {
        GameSlot {
            rng: GameRng::seed_from_u64(seed),
            steps: 0,
            done: true,
            legal: LegalActions::new(),
            shown: ShownObservation::default(),
        }
    }

    /// Seeds the game's generator with `seed` afresh.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = GameRng::seed_from_u64(seed);
    }

    /// Whether `action` is accepted at the next step: a legal action, or
    /// any action when the next step starts a new episode.
    #[inline]
    pub fn accepts(&self, action: u32) -> bool {
        self.done || self.legal.contains(action)
    }

    /// A uniformly random legal action drawn with the game's generator (0,
    /// nothing drawn, when the next step starts a new episode and ignores
    /// the action).
    #[inline]
    pub fn random_action(&mut self) -> u32 {
        self.random_action_with::<Broadword>()
    }

    /// [`GameSlot::random_action`], a mask's set bit found with `S`.
    #[inline(always)]
    pub(crate) fn random_action_with<S: BitSelect>(&mut self) -> u32 {
        if self.done {
            return 0;
        }
        let rng = &mut self.rng;
        let drawn = self.legal.draw_with::<S>(|count| draw_below(rng, count));
        drawn.unwrap_or(0)
    }
}

/// A uniformly random number below `count` (at least 1) drawn with `rng`:
/// every random choice of a batch (an agent's or an opponent's move among
/// the legal ones, a perfect opponent's among its best) is this draw, so
/// a seed gives the same games whichever path steps them. Lemire's
/// multiply-and-reject on 32-bit words: one draw of the generator, one
/// multiplication, and a rejection (with one division) only in the rare
/// case the product's low word falls below `count`.
#[inline]
pub fn draw_below(rng: &mut GameRng, count: usize) -> usize {
    let Ok(range) = u32::try_from(count) else {
        return rng.random_range(0..count);
    };
    let mut product = u64::from(rng.next_u32()) * u64::from(range);
    if (product as u32) < range {
        // `range` is at least 1 here: a product's low word is below it.
        let threshold = range.wrapping_neg() % range;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(range);
        }
    }
    (product >> 32) as usize
}
