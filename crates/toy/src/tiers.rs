//! Ring coins' tiers (one per pile: a take leads to the next smaller pile)
//! and its hooks of the generic tablebase service.

use gamesolver_api::model::typed;
use gamesolver_api::{FacadeError, GameInfo, PieceLimits, State, TieredGame};
use gamesolver_core::{Game, Player, TierLayout};

use crate::RingCoins;
use crate::game::{Coins, MAX_PILE, RING};

/// The tiers: a pile's positions, indexed `cell × 2 + side to move`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CoinTiers;

impl TierLayout for CoinTiers {
    type Game = Coins;
    type Tier = u8;

    fn variant(&self) -> String {
        "standard".to_string()
    }

    fn scheme(&self) -> String {
        format!("ringcoins-ring{RING}")
    }

    fn tier_of(&self, position: &Coins) -> u8 {
        position.pile()
    }

    fn tier_len(&self, _tier: u8) -> u64 {
        2 * u64::from(RING)
    }

    fn index(&self, _tier: u8, position: &Coins) -> u64 {
        2 * u64::from(position.cell()) + position.turn().index() as u64
    }

    fn position(&self, tier: u8, index: u64) -> Option<Coins> {
        let cell = u8::try_from(index / 2).ok().filter(|&c| c < RING)?;
        Some(Coins::new(tier, cell, Player::BOTH[(index % 2) as usize]))
    }

    fn successors(&self, tier: u8) -> Vec<u8> {
        tier.checked_sub(1).into_iter().collect()
    }
}

/// Ring coins' hooks of [`gamesolver_api::TieredTablebases`]: a tier is a
/// pile, named by its number; its "pieces" are its coins.
#[derive(Clone, Copy, Debug, Default)]
pub struct RingCoinTables;

impl TieredGame for RingCoinTables {
    type Layout = CoinTiers;

    fn info(&self) -> &'static GameInfo {
        crate::info()
    }

    fn layout(&self, _rules: &'static str) -> Result<CoinTiers, FacadeError> {
        Ok(CoinTiers)
    }

    fn parse_tier(&self, text: &str) -> Result<u8, String> {
        text.parse::<u8>()
            .ok()
            .filter(|&pile| pile <= MAX_PILE)
            .ok_or_else(|| format!("{text:?} is no pile (0 to {MAX_PILE} coins)"))
    }

    fn pieces(&self, tier: u8) -> u32 {
        u32::from(tier)
    }

    fn tiers_with(&self, pieces: u32) -> Vec<u8> {
        u8::try_from(pieces).into_iter().collect()
    }

    fn piece_limits(&self) -> PieceLimits {
        PieceLimits {
            fewest: 0,
            all_up_to: u32::from(MAX_PILE),
            one_tier: u32::from(MAX_PILE),
        }
    }

    fn position<'a>(&self, state: &'a dyn State) -> Result<&'a Coins, FacadeError> {
        Ok(&typed::<RingCoins>(state)?.game)
    }
}

#[cfg(test)]
mod tests {
    use gamesolver_core::Wdl;
    use gamesolver_retro::tablebase::{Tablebase, build};

    use super::*;

    /// The built tables against the rules worked by hand: the side to move
    /// with the token on cell 0 and one coin left wins at once; a side
    /// that must step onto cell 0 does not (it steps away: a draw).
    #[test]
    fn the_tables_hold_the_values_worked_by_hand() {
        let dir = tempfile::tempdir().unwrap();
        let tables = Tablebase::new(CoinTiers, dir.path());
        build(&tables, &[3], &()).unwrap();
        let value = |text: &str| tables.probe(&text.parse::<Coins>().unwrap()).unwrap();
        let win_now = value("1 0 x").unwrap();
        assert_eq!((win_now.wdl, win_now.distance), (Wdl::Win, 1));
        assert_eq!(value("0 3 o").unwrap().wdl, Wdl::Loss);
        assert_eq!(value("1 1 x").unwrap().wdl, Wdl::Draw);
        assert_eq!(value("3 3 x").unwrap().wdl, Wdl::Draw);
    }
}
