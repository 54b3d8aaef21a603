//! Jungle behind the engine protocol: options, positions and the game
//! history the draw rules need (`position … moves …` builds a
//! [`JungleGame`]).

use std::path::Path;

use gamesolver_games::jungle::{JungleGame, Position, Variant};
use gamesolver_search::Engine;

use super::engine::{JungleOptions, build, open_tablebase};
use super::eval::JungleWeights;
use gamesolver_api::protocol::common::{
    CommonOptions, check_spec, check_value, spin_spec, spin_value,
};

/// The largest `Advance` scale, in percent (ten times the default).
const ADVANCE_MAX_PERCENT: i32 = 1000;
use gamesolver_api::protocol::{EngineHost, OptionSpec};

/// The protocol host: the engine options and the rules preset.
#[derive(Clone, Debug, Default)]
pub struct JungleHost {
    /// The engine settings (`Engine`, `Hash`, `Seed`, `TablebasePath`).
    pub options: JungleOptions,
    /// The rules (`Rules` option).
    pub rules: Variant,
}

impl EngineHost<JungleGame> for JungleHost {
    fn engine_name(&self) -> String {
        format!("gamesolver jungle {}", self.options.kind.name())
    }

    fn options(&self) -> Vec<OptionSpec> {
        let mut options = self.options.clone();
        let mut specs = common(&mut options).specs();
        let path = self
            .options
            .tablebase
            .as_ref()
            .map_or("<empty>".to_string(), |t| t.dir.display().to_string());
        specs.push(OptionSpec {
            name: "Rules",
            description: format!(
                "type combo default {} var standard var dog-over-wolf var rat-across-water",
                self.rules
            ),
        });
        specs.push(OptionSpec {
            name: "TablebasePath",
            description: format!("type string default {path}"),
        });
        specs.extend([
            check_spec("NullMove", self.options.search.null_move),
            check_spec("Quiescence", self.options.quiescence),
            check_spec("LMR", self.options.search.late_move_reductions),
            check_spec(
                "MaterialOnly",
                self.options.weights == JungleWeights::material_only(),
            ),
            spin_spec("Advance", 100, 0, ADVANCE_MAX_PERCENT),
        ]);
        specs
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if let Some(result) = common(&mut self.options).set(name, value) {
            return result;
        }
        match name.to_ascii_lowercase().as_str() {
            "rules" => {
                let rules = value.parse().map_err(|e| format!("{e}"))?;
                // The table must be reopened for the new rules (and is
                // dropped, with the reason, if it was built for others).
                let dir = self.options.tablebase.as_ref().map(|t| t.dir.clone());
                self.rules = rules;
                if let Some(dir) = dir {
                    self.options.tablebase = None;
                    self.options.tablebase = open_tablebase(Some(&dir), rules).map_err(|e| {
                        format!("rules set to {rules}, tablebase no longer used: {e}")
                    })?;
                }
            }
            "tablebasepath" => {
                let dir = (!value.is_empty() && value != "<empty>").then(|| Path::new(value));
                self.options.tablebase = None;
                self.options.tablebase = open_tablebase(dir, self.rules)
                    .map_err(|e| format!("cannot use the tablebase in {value}: {e}"))?;
            }
            "nullmove" => self.options.search.null_move = check_value(name, value)?,
            "quiescence" => self.options.quiescence = check_value(name, value)?,
            "lmr" => self.options.search.late_move_reductions = check_value(name, value)?,
            // Either evaluation option starts again from the default
            // weights: material only, or the advance terms scaled.
            "materialonly" => {
                self.options.weights = if check_value(name, value)? {
                    JungleWeights::material_only()
                } else {
                    JungleWeights::default()
                };
            }
            "advance" => {
                let percent = spin_value(name, value, 0, ADVANCE_MAX_PERCENT)?;
                self.options.weights = JungleWeights::default().with_advance_scale(percent);
            }
            _ => return Err(format!("unknown option {name:?}")),
        }
        Ok(())
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

/// The common options of `options`.
fn common(options: &mut JungleOptions) -> CommonOptions<'_> {
    CommonOptions {
        kind: &mut options.kind,
        hash_mb: &mut options.hash_mb,
        seed: &mut options.seed,
    }
}
