//! The protocol options every game's engine host offers: `Engine`, `Hash`
//! and `Seed`, as option-table entries ([`common_options`]) over any host
//! that lends its settings ([`CommonSettings`]).

use super::options::{OptionDef, OptionKind, OptionValue};
use crate::EngineKind;
use crate::HASH_MB_RANGE;

/// The settings behind the common options, borrowed from a host.
#[derive(Debug)]
pub struct CommonOptions<'a> {
    /// The search (`Engine`: alphabeta or mcts).
    pub kind: &'a mut EngineKind,
    /// Transposition-table size in MB (`Hash`).
    pub hash_mb: &'a mut usize,
    /// Random seed (`Seed`).
    pub seed: &'a mut u64,
}

/// A host with the common settings.
pub trait CommonSettings {
    /// The search, table size and seed.
    fn common(&self) -> (EngineKind, usize, u64);
    /// The same, borrowed for setting.
    fn common_mut(&mut self) -> CommonOptions<'_>;
}

/// The largest `Seed` the protocol takes.
const SEED_MAX: i64 = 4_294_967_295;

/// The common options' table entries for host `T`, in announcement order.
#[must_use]
pub fn common_options<T: CommonSettings>() -> [OptionDef<T>; 3] {
    [
        OptionDef {
            name: "Engine",
            kind: OptionKind::Combo {
                vars: &["alphabeta", "mcts"],
            },
            doc: "the search; a game that lacks one refuses it",
            get: |h| OptionValue::Text(h.common().0.name().to_string()),
            set: |h, v| {
                let text = v.text();
                *h.common_mut().kind = EngineKind::from_name(&text)
                    .ok_or_else(|| format!("unknown engine {text:?}; use alphabeta or mcts"))?;
                Ok(())
            },
        },
        OptionDef {
            name: "Hash",
            kind: OptionKind::Spin {
                min: *HASH_MB_RANGE.start() as i64,
                max: *HASH_MB_RANGE.end() as i64,
            },
            doc: "alpha-beta's transposition table in MB",
            get: |h| OptionValue::Int(h.common().1 as i64),
            set: |h, v| {
                // In range by the kind: 1..=4096 fits a usize.
                *h.common_mut().hash_mb = usize::try_from(v.int()?).map_err(|e| e.to_string())?;
                Ok(())
            },
        },
        OptionDef {
            name: "Seed",
            kind: OptionKind::Spin {
                min: 0,
                max: SEED_MAX,
            },
            doc: "the MCTS's random seed",
            get: |h| OptionValue::Int(h.common().2 as i64),
            set: |h, v| {
                *h.common_mut().seed = u64::try_from(v.int()?).map_err(|e| e.to_string())?;
                Ok(())
            },
        },
    ]
}

/// Implements [`CommonSettings`] for a host whose engine settings (with
/// fields `kind`, `hash_mb` and `seed`) are at the place `$($field).+`:
/// `common_settings!(UtttHost, options)`.
#[macro_export]
macro_rules! common_settings {
    ($host:ty, $($field:ident).+) => {
        impl $crate::protocol::common::CommonSettings for $host {
            fn common(&self) -> ($crate::EngineKind, usize, u64) {
                let s = &self.$($field).+;
                (s.kind, s.hash_mb, s.seed)
            }

            fn common_mut(&mut self) -> $crate::protocol::common::CommonOptions<'_> {
                let s = &mut self.$($field).+;
                $crate::protocol::common::CommonOptions {
                    kind: &mut s.kind,
                    hash_mb: &mut s.hash_mb,
                    seed: &mut s.seed,
                }
            }
        }
    };
}
