//! Ultimate tic-tac-toe behind the engine protocol: options and positions.

use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::Engine;

use super::engines::{EngineKind, EngineOptions, build};
use crate::protocol::{EngineHost, OptionSpec};

/// The protocol host: the engine options and the rules variant.
#[derive(Clone, Debug, Default)]
pub struct UtttHost {
    /// The engine settings (`Engine`, `Hash`, `Seed` options).
    pub options: EngineOptions,
    /// The rules (`Variant` option).
    pub variant: Variant,
}

impl EngineHost<Board> for UtttHost {
    fn engine_name(&self) -> String {
        format!("gamesolver uttt {}", self.options.kind.name())
    }

    fn options(&self) -> Vec<OptionSpec> {
        let o = &self.options;
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
                name: "Variant",
                description: format!(
                    "type combo default {} var standard var codingame",
                    self.variant
                ),
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
            "variant" => self.variant = value.parse().map_err(|e| format!("{e}"))?,
            _ => return Err(format!("unknown option {name:?}")),
        }
        Ok(())
    }

    fn build(&self) -> Box<dyn Engine<Board> + Send> {
        build(&self.options)
    }

    fn start(&self) -> Board {
        Board::start(self.variant)
    }

    fn parse_position(&self, text: &str) -> Result<Board, String> {
        Board::parse_variant(text, self.variant).map_err(|e| e.to_string())
    }
}
