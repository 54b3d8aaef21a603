//! Jungle behind the engine protocol: options, positions and the game
//! history the draw rules need (`position … moves …` builds a
//! [`JungleGame`]).

use std::path::Path;

use gamesolver_games::jungle::{JungleGame, Position, Variant};
use gamesolver_search::Engine;

use super::engine::{JungleOptions, build, open_tablebase};
use crate::protocol::{EngineHost, OptionSpec};
use crate::uttt::engines::EngineKind;

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
        let o = &self.options;
        let path = o
            .tablebase
            .as_ref()
            .map_or("<empty>".to_string(), |t| t.dir.display().to_string());
        vec![
            OptionSpec {
                name: "Engine",
                description: format!(
                    "type combo default {} var alphabeta var mcts",
                    o.kind.name()
                ),
            },
            OptionSpec {
                name: "Hash",
                description: format!("type spin default {} min 1 max 4096", o.hash_mb),
            },
            OptionSpec {
                name: "Seed",
                description: format!("type spin default {} min 0 max 4294967295", o.seed),
            },
            OptionSpec {
                name: "Rules",
                description: format!(
                    "type combo default {} var standard var dog-over-wolf var rat-across-water",
                    self.rules
                ),
            },
            OptionSpec {
                name: "TablebasePath",
                description: format!("type string default {path}"),
            },
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let number = || -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("option {name} needs a number, not {value:?}"))
        };
        match name.to_ascii_lowercase().as_str() {
            "engine" => {
                self.options.kind = EngineKind::from_name(value)
                    .ok_or_else(|| format!("unknown engine {value:?}; use alphabeta or mcts"))?;
            }
            "hash" => {
                let mb = number()?;
                if !(1..=4096).contains(&mb) {
                    return Err(format!("Hash must be 1..4096 MB, not {mb}"));
                }
                self.options.hash_mb = mb as usize;
            }
            "seed" => self.options.seed = number()?,
            "rules" => self.rules = value.parse().map_err(|e| format!("{e}"))?,
            "tablebasepath" => {
                let dir = (!value.is_empty() && value != "<empty>").then(|| Path::new(value));
                self.options.tablebase =
                    open_tablebase(dir, self.rules).map_err(|e| format!("{e:#}"))?;
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

    fn parse_position(&self, text: &str) -> Result<JungleGame, String> {
        Position::from_fen(text, self.rules)
            .map(JungleGame::new)
            .map_err(|e| e.to_string())
    }
}
