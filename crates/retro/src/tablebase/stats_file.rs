//! The statistics companion of a tier file (`<tier>.gsst`): the tier's
//! [`TierStats`] counted once, by the build, and read back in
//! microseconds by `tablebase stats`, the report and the server.
//!
//! A companion names the table it was counted from: the table's identity
//! (game, rules, tier, index scheme, entries) and its file's size and
//! CRC-32 trailer. A reader takes the counts only if all of that matches
//! the table now beside it (its size and last four bytes are read, not the
//! whole file); a missing, damaged, foreign or stale companion is reported
//! as such and the tier is counted from its table instead, so an answer is
//! never silently wrong. Layout in docs/FORMATS.md.

use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use gamesolver_core::{TierLayout, WdlCounts};

use super::store::Tablebase;
use super::tier_stats::{LongestWin, TierStats};
use crate::binfile::{
    FileError, Frame, check_identity, open_regular, read_bounded, write_atomically,
};
use crate::tbfile::TablebaseIdentity;

/// The file name extension of a tier's statistics companion.
pub const STATS_EXTENSION: &str = "gsst";

/// The statistics companion's frame.
const STATS_FRAME: Frame = Frame {
    magic: b"GSTBSTS\0",
    version: 1,
    kind: "tablebase statistics",
    rebuild: "remove it; `gamesolver tablebase stats --write` writes it again",
};

/// The largest companion read (the histograms hold one count per distance:
/// 16,384 distances per side at most).
const MAX_STATS_BYTES: u64 = 1 << 20;

/// The seal of a table file: its size and CRC-32 trailer, which change
/// with any rewrite of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TableSeal {
    size: u64,
    crc: u32,
}

impl TableSeal {
    /// The seal of the table file at `path` (its size and last 4 bytes).
    fn of(path: &Path) -> Result<TableSeal, FileError> {
        let name = path.display().to_string();
        let (mut file, size) = open_regular(path)?;
        if size < 4 {
            return Err(FileError::malformed(&name, "cut short before the checksum"));
        }
        let mut crc = [0; 4];
        file.seek(SeekFrom::End(-4))
            .and_then(|_| file.read_exact(&mut crc))
            .map_err(|e| FileError::io(&name, e))?;
        Ok(TableSeal {
            size,
            crc: u32::from_le_bytes(crc),
        })
    }
}

/// What a tier's statistics companion says, checked against its table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredStats {
    /// The companion belongs to the table beside it: its counts.
    Valid(TierStats),
    /// The tier has no companion.
    Missing,
    /// The companion cannot be used (damaged, of another format version,
    /// counted from another table or another version of this one): why.
    Stale(String),
}

/// A tier's statistics and where they came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedStats {
    /// The counts.
    pub stats: TierStats,
    /// `None` if they were read from the companion; otherwise why they
    /// had to be counted from the table ([`StoredStats::Missing`] or
    /// [`StoredStats::Stale`]).
    pub recounted: Option<StoredStats>,
}

impl<L: TierLayout> Tablebase<L> {
    /// The statistics companion of `tier`.
    pub fn stats_path(&self, tier: L::Tier) -> PathBuf {
        self.dir().join(format!("{tier}.{STATS_EXTENSION}"))
    }

    /// The companion of `tier`, checked against its table file (which must
    /// exist: an error names it otherwise).
    pub fn stored_stats(&self, tier: L::Tier) -> Result<StoredStats, FileError> {
        let seal = TableSeal::of(&self.path(tier))?;
        let path = self.stats_path(tier);
        if !path.exists() {
            return Ok(StoredStats::Missing);
        }
        Ok(match read_companion(&path, &self.identity(tier), seal) {
            Ok(stats) => StoredStats::Valid(stats),
            Err(error) => StoredStats::Stale(crate::with_causes(&error)),
        })
    }

    /// The statistics of `tier`: its companion's if it belongs to the table,
    /// otherwise counted from the table (looking at `stop` before each
    /// block; `Ok(None)` once it said yes).
    pub fn tier_stats_until(
        &self,
        tier: L::Tier,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<CountedStats>, FileError> {
        let stored = self.stored_stats(tier)?;
        if let StoredStats::Valid(stats) = stored {
            return Ok(Some(CountedStats {
                stats,
                recounted: None,
            }));
        }
        let Some(stats) = self.count_stats(tier, stop)? else {
            return Ok(None);
        };
        Ok(Some(CountedStats {
            stats,
            recounted: Some(stored),
        }))
    }

    /// Counts `tier` from its table (verified as it is opened).
    fn count_stats(
        &self,
        tier: L::Tier,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<TierStats>, FileError> {
        let path = self.path(tier);
        let file = crate::tbfile::TablebaseFile::open(&path, &self.identity(tier))?;
        TierStats::of_file_until(self.layout(), tier, &file, stop)
    }

    /// Counts `tier` from its table and writes its companion (atomically),
    /// sealed with the table it was counted from.
    pub fn write_stats(&self, tier: L::Tier) -> Result<TierStats, FileError> {
        let path = self.path(tier);
        let seal = TableSeal::of(&path)?;
        let stats = self
            .count_stats(tier, &|| false)?
            .unwrap_or_else(|| unreachable!("a count that is never stopped ends"));
        if TableSeal::of(&path)? != seal {
            return Err(FileError::malformed(
                &path.display().to_string(),
                "changed while its statistics were counted",
            ));
        }
        let out = self.stats_path(tier);
        let bytes = encode(
            &self.identity(tier),
            seal,
            &stats,
            &out.display().to_string(),
        )?;
        write_atomically(&out, &bytes)?;
        Ok(stats)
    }

    /// Checks the companion of `tier` (if any) against a recount of its
    /// table: `Ok(None)` if it has none, `Ok(Some(Ok(())))` if it agrees,
    /// `Ok(Some(Err(why)))` if it is stale, damaged or wrong.
    pub fn check_stats(&self, tier: L::Tier) -> Result<Option<Result<(), String>>, FileError> {
        let stored = match self.stored_stats(tier)? {
            StoredStats::Missing => return Ok(None),
            StoredStats::Stale(why) => return Ok(Some(Err(why))),
            StoredStats::Valid(stats) => stats,
        };
        let counted = self
            .count_stats(tier, &|| false)?
            .unwrap_or_else(|| unreachable!("a count that is never stopped ends"));
        Ok(Some(if counted == stored {
            Ok(())
        } else {
            Err(format!(
                "{} disagrees with a recount of its table",
                self.stats_path(tier).display()
            ))
        }))
    }

    /// Writes the companion of every tier of `tiers` that has a table but
    /// no companion of its own (a build's last step); the tiers written.
    pub fn write_missing_stats(&self, tiers: &[L::Tier]) -> Result<usize, FileError> {
        let mut written = 0;
        for &tier in tiers {
            if !self.path(tier).exists() {
                continue;
            }
            if !matches!(self.stored_stats(tier)?, StoredStats::Valid(_)) {
                self.write_stats(tier)?;
                written += 1;
            }
        }
        Ok(written)
    }
}

/// The bytes of a companion.
fn encode(
    identity: &TablebaseIdentity,
    seal: TableSeal,
    stats: &TierStats,
    path: &str,
) -> Result<Vec<u8>, FileError> {
    let mut out = STATS_FRAME.start();
    identity.put(&mut out, path)?;
    out.extend_from_slice(&seal.size.to_le_bytes());
    out.extend_from_slice(&seal.crc.to_le_bytes());
    for counts in &stats.counts {
        for n in [counts.win, counts.draw, counts.loss] {
            out.extend_from_slice(&n.to_le_bytes());
        }
    }
    match stats.longest_win {
        Some(w) => {
            out.push(1);
            out.extend_from_slice(&w.index.to_le_bytes());
            out.extend_from_slice(&w.distance.to_le_bytes());
        }
        None => {
            out.push(0);
            out.extend_from_slice(&[0; 10]);
        }
    }
    for histogram in &stats.win_distances {
        let len = u32::try_from(histogram.len())
            .map_err(|_| FileError::malformed(path, "a histogram over 2^32 distances"))?;
        out.extend_from_slice(&len.to_le_bytes());
        for n in histogram {
            out.extend_from_slice(&n.to_le_bytes());
        }
    }
    STATS_FRAME.finish(&mut out);
    Ok(out)
}

/// Reads the companion at `path`, refusing it unless it was counted from
/// the table `expected` sealed as `seal`.
fn read_companion(
    path: &Path,
    expected: &TablebaseIdentity,
    seal: TableSeal,
) -> Result<TierStats, FileError> {
    let name = path.display().to_string();
    let bytes = read_bounded(path, MAX_STATS_BYTES)?;
    let mut fields = STATS_FRAME.open(&name, &bytes)?;
    let identity = TablebaseIdentity::read(&mut fields)?;
    check_identity(&name, expected, &identity)?;
    let found = TableSeal {
        size: fields.u64("table size")?,
        crc: fields.u32("table checksum")?,
    };
    if found != seal {
        return Err(FileError::malformed(
            &name,
            "counted from another version of the table (its size or checksum differs)",
        ));
    }
    let mut counts = [WdlCounts::default(); 2];
    for side in &mut counts {
        side.win = fields.u64("counts")?;
        side.draw = fields.u64("counts")?;
        side.loss = fields.u64("counts")?;
    }
    let has_longest = fields.u8("longest win")?;
    let index = fields.u64("longest win")?;
    let distance = u16::from_le_bytes(fields.array("longest win")?);
    let longest_win = match has_longest {
        0 => None,
        1 => Some(LongestWin { index, distance }),
        _ => return Err(FileError::malformed(&name, "a bad longest-win flag")),
    };
    let mut win_distances = [Vec::new(), Vec::new()];
    for histogram in &mut win_distances {
        let len = fields.u32("histogram length")?;
        if u64::from(len) * 8 > fields.remaining() as u64 {
            return Err(FileError::malformed(&name, "cut short in a histogram"));
        }
        for _ in 0..len {
            histogram.push(fields.u64("histogram")?);
        }
    }
    fields.finish()?;
    let stats = TierStats {
        counts,
        win_distances,
        longest_win,
    };
    if !stats.consistent() {
        return Err(FileError::malformed(
            &name,
            "its counts disagree with its win histograms",
        ));
    }
    Ok(stats)
}
