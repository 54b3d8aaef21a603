//! Jungle behind the engine protocol: options, positions and the game
//! history the draw rules need (`position … moves …` builds a
//! [`JungleGame`]).

use std::path::Path;

use gamesolver_games::jungle::{JungleGame, Position, Variant};
use gamesolver_search::Engine;

use super::engine::{JungleOptions, build, open_tablebase};
use super::eval::JungleWeights;
use gamesolver_api::protocol::common::common_options;
use gamesolver_api::protocol::options::{OptionDef, OptionKind, OptionTable, OptionValue};
use gamesolver_api::protocol::{EngineHost, OptionSpec};
use gamesolver_api::{check_option, common_settings};

/// The largest `Advance` scale, in percent (ten times the default).
const ADVANCE_MAX_PERCENT: i64 = 1000;

/// The protocol host: the engine options and the rules preset.
#[derive(Clone, Debug, Default)]
pub struct JungleHost {
    /// The engine settings (`Engine`, `Hash`, `Seed`, `TablebasePath`).
    pub options: JungleOptions,
    /// The rules (`Rules` option).
    pub rules: Variant,
}

/// Jungle's own options, in announcement order (after the common ones):
/// the one place each is named, ranged and documented.
pub const OPTIONS: &[OptionDef<JungleHost>] = &[
    OptionDef {
        name: "Rules",
        kind: OptionKind::Combo {
            vars: &["standard", "dog-over-wolf", "rat-across-water"],
        },
        doc: "the rules preset; an open tablebase is reopened for the new rules, or dropped with an error if it was built for others",
        get: |h| OptionValue::Text(h.rules.to_string()),
        set: |h, v| {
            let rules = v.text().parse().map_err(|e| format!("{e}"))?;
            // The table must be reopened for the new rules (and is
            // dropped, with the reason, if it was built for others).
            let dir = h.options.tablebase.as_ref().map(|t| t.dir.clone());
            h.rules = rules;
            if let Some(dir) = dir {
                h.options.tablebase = None;
                h.options.tablebase = open_tablebase(Some(&dir), rules)
                    .map_err(|e| format!("rules set to {rules}, tablebase no longer used: {e}"))?;
            }
            Ok(())
        },
    },
    OptionDef {
        name: "TablebasePath",
        kind: OptionKind::String,
        doc: "endgame tablebase directory (empty or <empty> for none): positions it covers are played from it",
        get: |h| {
            OptionValue::Text(
                h.options
                    .tablebase
                    .as_ref()
                    .map_or("<empty>".to_string(), |t| t.dir.display().to_string()),
            )
        },
        set: |h, v| {
            let value = v.text();
            let dir = (!value.is_empty() && value != "<empty>").then(|| Path::new(&value));
            h.options.tablebase = None;
            h.options.tablebase = open_tablebase(dir, h.rules)
                .map_err(|e| format!("cannot use the tablebase in {value}: {e}"))?;
            Ok(())
        },
    },
    check_option!("NullMove", "null-move pruning", options.search.null_move),
    check_option!(
        "Quiescence",
        "quiescence search of captures and den entries",
        options.quiescence
    ),
    check_option!(
        "LMR",
        "late move reductions",
        options.search.late_move_reductions
    ),
    // Either evaluation option starts again from the default weights:
    // material only, or the advance terms scaled.
    OptionDef {
        name: "MaterialOnly",
        kind: OptionKind::Check,
        doc: "evaluate material only (resets the other evaluation options)",
        get: |h| OptionValue::Bool(h.options.weights == JungleWeights::material_only()),
        set: |h, v| {
            h.options.weights = if v.bool()? {
                JungleWeights::material_only()
            } else {
                JungleWeights::default()
            };
            Ok(())
        },
    },
    OptionDef {
        name: "Advance",
        kind: OptionKind::Spin {
            min: 0,
            max: ADVANCE_MAX_PERCENT,
        },
        doc: "scale of the den-distance terms in percent (resets the weights to the defaults so scaled; always announced as 100)",
        get: |_| OptionValue::Int(100),
        set: |h, v| {
            let percent = i32::try_from(v.int()?).map_err(|e| e.to_string())?;
            h.options.weights = JungleWeights::default().with_advance_scale(percent);
            Ok(())
        },
    },
];

/// Every option of the host: the common ones, then [`OPTIONS`].
impl OptionTable for JungleHost {
    fn option_table() -> Vec<OptionDef<JungleHost>> {
        common_options()
            .into_iter()
            .chain(OPTIONS.iter().copied())
            .collect()
    }
}

common_settings!(JungleHost, options);

impl EngineHost<JungleGame> for JungleHost {
    fn engine_name(&self) -> String {
        format!("gamesolver jungle {}", self.options.kind.name())
    }

    fn options(&self) -> Vec<OptionSpec> {
        self.announce_options()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.set_by_table(name, value)
    }

    fn build(&self) -> Box<dyn Engine<JungleGame> + Send> {
        build(&self.options)
    }

    fn start(&self) -> JungleGame {
        JungleGame::new(Position::start_with(self.rules))
    }

    /// `uci`, and `jcei`, the handshake of the public Jungle engines and
    /// their GUIs.
    fn handshakes(&self) -> &'static [&'static str] {
        &["uci", "jcei"]
    }

    fn parse_position(&self, text: &str) -> Result<JungleGame, String> {
        JungleGame::from_fen(text, self.rules).map_err(|e| e.to_string())
    }
}
