//! The search for cursed wins and blessed losses in a Jungle tablebase:
//! every stored material's distance file and distance-to-zeroing file read
//! side by side ([`ZeroingStats`]), giving per material the positions by
//! their verdict from a counter of zero and the longest distance to
//! zeroing of a won and of a lost position, with example positions. A
//! position is a cursed win from counter `c` when its winner needs more
//! than the rule's plies less `c` to reach a capture; from counter 0 only
//! when the longest distance to zeroing exceeds the rule.

use gamesolver_core::TierLayout;
use gamesolver_games::jungle::{JungleTiers, Material, Position};
use gamesolver_retro::FileError;
use gamesolver_retro::tablebase::{Tablebase, ZeroingStats};

/// One stored material judged under the rule.
#[derive(Clone, Debug)]
pub struct MaterialZeroing {
    /// The material (a stored one).
    pub material: Material,
    /// Its positions judged.
    pub stats: ZeroingStats,
    /// A won position with the longest distance to zeroing.
    pub longest_win: Option<Position>,
    /// A lost position with the longest distance to zeroing.
    pub longest_loss: Option<Position>,
    /// A cursed win from a counter of zero, if any.
    pub cursed_win: Option<Position>,
    /// A blessed loss from a counter of zero, if any.
    pub blessed_loss: Option<Position>,
}

/// Judges the positions of `material`'s stored files under the rule the
/// tablebase's layout has; `Ok(None)` when the material has no distance
/// file, the layout no rule, or `stop` said yes (checked before each
/// block). A distance file without its distance-to-zeroing file is an
/// error naming the missing file.
pub fn material_zeroing_until(
    tablebase: &Tablebase<JungleTiers>,
    material: Material,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<MaterialZeroing>, FileError> {
    let layout = tablebase.layout();
    let (Some(limit), Some(dtm)) = (layout.quiet_ply_limit(), tablebase.open_tier(material)?)
    else {
        return Ok(None);
    };
    let Some(dtz) = tablebase.open_dtz(material)? else {
        return Err(FileError::Missing {
            path: tablebase.dtz_path(material).display().to_string(),
            why: "the search for cursed wins reads it beside the distance file".to_string(),
        });
    };
    let Some(stats) = ZeroingStats::of_files_until(layout, material, [&dtm, &dtz], limit, stop)?
    else {
        return Ok(None);
    };
    let at = |index: Option<u64>| index.and_then(|i| layout.position(material, i));
    Ok(Some(MaterialZeroing {
        material,
        longest_win: at(stats.longest_win.map(|e| e.index)),
        longest_loss: at(stats.longest_loss.map(|e| e.index)),
        cursed_win: at(stats.first_cursed_win),
        blessed_loss: at(stats.first_blessed_loss),
        stats,
    }))
}

#[cfg(test)]
mod tests {
    use gamesolver_core::Wdl;
    use gamesolver_games::jungle::Variant;
    use gamesolver_retro::tablebase::{TierStats, build};
    use gamesolver_retro::zeroing::RuleVerdict;

    use super::*;
    use crate::jungle::tablebase::{TablebaseHandle, tables_under_rule};

    /// Under a 20-ply rule the two-piece tables hold cursed wins: a
    /// two-piece game has no capture but the last, so its distance to
    /// zeroing is its distance to the end and the cursed wins are exactly
    /// the wins longer than 20 plies, counted independently from the
    /// distance file's histogram; each example probes as it was counted.
    #[test]
    fn cursed_wins_of_two_pieces_are_the_wins_longer_than_the_rule() {
        let dir = tempfile::tempdir().unwrap();
        let tables = tables_under_rule(dir.path(), Variant::Standard, 20);
        let cats = "C-c".parse::<Material>().unwrap();
        build(&tables, &[cats], &()).unwrap();
        let found = material_zeroing_until(&tables, cats, &|| false)
            .unwrap()
            .unwrap();
        let file = tables.open_tier(cats).unwrap().unwrap();
        let histogram = TierStats::of_file(tables.layout(), cats, &file).unwrap();
        let longer: u64 = histogram
            .win_distances
            .iter()
            .flat_map(|side| side.iter().skip(21))
            .sum();
        assert!(longer > 0);
        let stats = &found.stats;
        assert_eq!(stats.count(RuleVerdict::CursedWin), longer);
        assert!(stats.count(RuleVerdict::BlessedLoss) > 0);
        // The longest win in time is the longest win of at most 20 plies
        // (a win ends on the winner's ply: an odd distance).
        let in_time = histogram
            .win_distances
            .iter()
            .flat_map(|side| side.iter().enumerate().take(21))
            .filter(|&(_, &count)| count > 0)
            .map(|(d, _)| d as u16)
            .max()
            .unwrap();
        assert_eq!(in_time, 19);
        assert_eq!(stats.longest_win.unwrap().dtz.distance, in_time);
        assert_eq!(stats.first_cursing_counter(20), Some(2));
        let handle = TablebaseHandle::open(dir.path(), Variant::Standard).unwrap();
        assert_eq!(handle.quiet_ply_limit(), 20);
        let cursed = found.cursed_win.unwrap();
        let dtm = handle.probe(&cursed).unwrap();
        let dtz = handle.probe_dtz(&cursed).unwrap();
        assert_eq!(dtm.wdl, Wdl::Win);
        assert!(dtm.distance > 20 && dtz.distance > 20, "{dtm:?} {dtz:?}");
        let blessed = found.blessed_loss.unwrap();
        assert_eq!(handle.probe(&blessed).unwrap().wdl, Wdl::Loss);
    }

    /// The standard rule's two-piece tables: nothing cursed from a counter
    /// of zero, the cats' longest distance to zeroing is their 33-ply win.
    #[test]
    fn the_two_piece_tables_have_no_cursed_win_under_the_200_ply_rule() {
        let dir = tempfile::tempdir().unwrap();
        let tables = crate::jungle::tablebase::tables_in(dir.path(), Variant::Standard);
        let cats = "C-c".parse::<Material>().unwrap();
        build(&tables, &[cats], &()).unwrap();
        let found = material_zeroing_until(&tables, cats, &|| false)
            .unwrap()
            .unwrap();
        assert_eq!(found.stats.count(RuleVerdict::CursedWin), 0);
        assert_eq!(found.stats.count(RuleVerdict::BlessedLoss), 0);
        assert_eq!(found.stats.longest_win.unwrap().dtz.distance, 33);
        assert_eq!(found.stats.first_cursing_counter(200), Some(168));
        assert!(found.cursed_win.is_none());
    }
}
