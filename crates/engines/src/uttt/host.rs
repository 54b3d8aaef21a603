//! Ultimate tic-tac-toe behind the engine protocol: options and positions.

use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::Engine;

use super::engines::{EngineOptions, build};
use crate::protocol::common::CommonOptions;
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
        let mut options = self.options;
        let mut specs = common(&mut options).specs();
        specs.push(OptionSpec {
            name: "Variant",
            description: format!(
                "type combo default {} var standard var codingame",
                self.variant
            ),
        });
        specs
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if let Some(result) = common(&mut self.options).set(name, value) {
            return result;
        }
        match name.to_ascii_lowercase().as_str() {
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

/// The common options of `options`.
fn common(options: &mut EngineOptions) -> CommonOptions<'_> {
    CommonOptions {
        kind: &mut options.kind,
        hash_mb: &mut options.hash_mb,
        seed: &mut options.seed,
    }
}
