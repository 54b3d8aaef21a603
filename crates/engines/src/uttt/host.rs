//! Ultimate tic-tac-toe behind the engine protocol: options and positions.

use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::Engine;

use super::engines::{EngineOptions, build};
use super::eval::EvalWeights;
use gamesolver_api::protocol::common::{
    CommonOptions, check_spec, check_value, spin_spec, spin_value,
};

/// The largest evaluation weight the `Tempo` and `FreeChoice` options take
/// (either sign): far beyond any useful value, far from overflow.
const WEIGHT_MAX: i32 = 10_000;

/// The largest MCTS leaf scale (`LeafScale`, evaluation units for odds of
/// e; 400 by default).
const LEAF_SCALE_MAX: i32 = 100_000;
use gamesolver_api::protocol::{EngineHost, OptionSpec};

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
        let w = &self.options.weights;
        for (name, default, max) in [
            ("SolveBelow", self.options.solve_below, 81),
            ("CountBoard", w.count_board as u32, 10_000),
            ("RaceBoard", w.race_board as u32, 10_000),
        ] {
            specs.push(OptionSpec {
                name,
                description: format!("type spin default {default} min 0 max {max}"),
            });
        }
        specs.extend([
            spin_spec("Tempo", w.tempo, -WEIGHT_MAX, WEIGHT_MAX),
            spin_spec("FreeChoice", w.free_choice, -WEIGHT_MAX, WEIGHT_MAX),
            check_spec("MoverThreat", w.mover_threat),
            check_spec("BoardQuiescence", w.board_quiescence),
            check_spec("LMR", self.options.search.late_move_reductions),
            spin_spec(
                "DeepReductions",
                self.options.search.deep_reductions as i32,
                0,
                10_000,
            ),
            spin_spec("Exploration", percent(self.options.exploration), 0, 1000),
            check_spec("HeuristicPlayouts", self.options.heuristic_playouts),
            spin_spec("LeafEval", percent(self.options.leaf_eval), 0, 100),
            spin_spec(
                "LeafScale",
                self.options.leaf_scale as i32,
                1,
                LEAF_SCALE_MAX,
            ),
        ]);
        let mut weights = self.options.weights;
        for name in WHOLE_WEIGHTS {
            let value = whole_weight(&mut weights, name).map_or(0, |w| *w as i32);
            specs.push(spin_spec(name, value, -WEIGHT_MAX, WEIGHT_MAX));
        }
        specs
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if let Some(result) = common(&mut self.options).set(name, value) {
            return result;
        }
        match name.to_ascii_lowercase().as_str() {
            "variant" => self.set_variant(value.parse().map_err(|e| format!("{e}"))?),
            "solvebelow" => self.options.solve_below = spin(name, value, 81)?,
            "countboard" => self.options.weights.count_board = spin(name, value, 10_000)? as f32,
            "raceboard" => self.options.weights.race_board = spin(name, value, 10_000)? as f32,
            "tempo" => {
                self.options.weights.tempo = spin_value(name, value, -WEIGHT_MAX, WEIGHT_MAX)?;
            }
            "freechoice" => {
                self.options.weights.free_choice =
                    spin_value(name, value, -WEIGHT_MAX, WEIGHT_MAX)?;
            }
            "moverthreat" => self.options.weights.mover_threat = check_value(name, value)?,
            "boardquiescence" => {
                self.options.weights.board_quiescence = check_value(name, value)?;
            }
            "lmr" => self.options.search.late_move_reductions = check_value(name, value)?,
            "deepreductions" => {
                self.options.search.deep_reductions = spin_value(name, value, 0, 10_000)? as u32;
            }
            "exploration" => {
                self.options.exploration = spin_value(name, value, 0, 1000)? as f32 / 100.0;
            }
            "heuristicplayouts" => self.options.heuristic_playouts = check_value(name, value)?,
            "leafeval" => self.options.leaf_eval = spin_value(name, value, 0, 100)? as f32 / 100.0,
            "leafscale" => {
                self.options.leaf_scale = spin_value(name, value, 1, LEAF_SCALE_MAX)? as f32;
            }
            other => {
                let weight = whole_weight(&mut self.options.weights, other)
                    .ok_or_else(|| format!("unknown option {name:?}"))?;
                *weight = spin_value(name, value, -WEIGHT_MAX, WEIGHT_MAX)? as f32;
            }
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

impl UtttHost {
    /// Switches the rules; weights still at the old rules' defaults become
    /// the new rules' defaults ([`EvalWeights::for_variant`]), weights set
    /// by options stay.
    fn set_variant(&mut self, variant: Variant) {
        if self.options.weights == EvalWeights::for_variant(self.variant) {
            self.options.weights = EvalWeights::for_variant(variant);
        }
        self.variant = variant;
    }
}

/// The evaluation weights set by whole-number options of either sign.
const WHOLE_WEIGHTS: [&str; 7] = [
    "Scale",
    "CountWin",
    "RaceWin",
    "CentreLines",
    "CentreBoard",
    "CornerBoards",
    "EdgeBoards",
];

/// The weight of `weights` that the option `name` (any case) of
/// [`WHOLE_WEIGHTS`] sets.
fn whole_weight<'a>(weights: &'a mut EvalWeights, name: &str) -> Option<&'a mut f32> {
    Some(match name.to_ascii_lowercase().as_str() {
        "scale" => &mut weights.scale,
        "countwin" => &mut weights.count_win,
        "racewin" => &mut weights.race_win,
        "centrelines" => &mut weights.centre_lines,
        "centreboard" => &mut weights.centre_board,
        "cornerboards" => &mut weights.corner_boards,
        "edgeboards" => &mut weights.edge_boards,
        _ => return None,
    })
}

/// A whole number `0..=max` for the option `name`.
fn spin(name: &str, value: &str, max: u32) -> Result<u32, String> {
    value
        .parse::<u32>()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| format!("{name} must be a whole number 0..{max}, got {value:?}"))
}

/// An MCTS setting as the whole percent the protocol shows.
fn percent(value: f32) -> i32 {
    (value * 100.0).round() as i32
}

/// The common options of `options`.
fn common(options: &mut EngineOptions) -> CommonOptions<'_> {
    CommonOptions {
        kind: &mut options.kind,
        hash_mb: &mut options.hash_mb,
        seed: &mut options.seed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_gets_its_default_weights_unless_set() {
        let mut host = UtttHost::default();
        assert_eq!(host.options.weights, EvalWeights::default());
        host.set_option("Variant", "codingame").unwrap();
        assert_eq!(host.options.weights, EvalWeights::CODINGAME);
        host.set_option("Variant", "standard").unwrap();
        assert_eq!(host.options.weights, EvalWeights::default());
        host.set_option("Tempo", "7").unwrap();
        host.set_option("Variant", "codingame").unwrap();
        assert_eq!(host.options.weights.tempo, 7);
        assert_eq!(host.options.weights.free_choice, 60);
    }

    #[test]
    fn codingame_options_are_set_and_checked() {
        let mut host = UtttHost::default();
        host.set_option("SolveBelow", "24").unwrap();
        host.set_option("raceboard", "400").unwrap();
        assert_eq!(host.options.solve_below, 24);
        assert_eq!(host.options.weights.race_board, 400.0);
        let err = host.set_option("CountBoard", "-3").unwrap_err();
        assert!(err.contains("CountBoard must be a whole number"), "{err}");
        assert!(host.set_option("SolveBelow", "82").is_err());
        let names: Vec<&str> = host.options().iter().map(|o| o.name).collect();
        assert!(names.contains(&"SolveBelow") && names.contains(&"RaceBoard"));
    }

    #[test]
    fn search_switches_are_set_and_checked() {
        let mut host = UtttHost::default();
        assert!(!host.options.weights.board_quiescence);
        assert_eq!(host.options.search.deep_reductions, 0);
        host.set_option("BoardQuiescence", "true").unwrap();
        host.set_option("deepreductions", "250").unwrap();
        assert!(host.options.weights.board_quiescence);
        assert_eq!(host.options.search.deep_reductions, 250);
        assert!(host.set_option("DeepReductions", "-1").is_err());
        assert!(host.set_option("BoardQuiescence", "yes please").is_err());
        let names: Vec<&str> = host.options().iter().map(|o| o.name).collect();
        assert!(names.contains(&"BoardQuiescence") && names.contains(&"DeepReductions"));
    }

    #[test]
    fn mcts_options_are_set_in_percent_and_checked() {
        let mut host = UtttHost::default();
        host.set_option("Exploration", "45").unwrap();
        host.set_option("HeuristicPlayouts", "true").unwrap();
        host.set_option("LeafEval", "100").unwrap();
        assert_eq!(host.options.exploration, 0.45);
        assert!(host.options.heuristic_playouts);
        assert_eq!(host.options.leaf_eval, 1.0);
        assert!(host.set_option("LeafEval", "101").is_err());
        assert!(host.set_option("Exploration", "-1").is_err());
        let spec = host.options().into_iter().find(|o| o.name == "Exploration");
        assert!(spec.unwrap().description.contains("default 45"));
        host.set_option("LeafScale", "800").unwrap();
        assert_eq!(host.options.leaf_scale, 800.0);
        assert!(host.set_option("LeafScale", "0").is_err());
        assert!(host.set_option("LeafScale", "100001").is_err());
    }

    #[test]
    fn tuned_weight_options_take_either_sign() {
        let mut host = UtttHost::default();
        host.set_option("CentreLines", "-250").unwrap();
        host.set_option("scale", "900").unwrap();
        host.set_option("EdgeBoards", "35").unwrap();
        let w = host.options.weights;
        assert_eq!(
            (w.centre_lines, w.scale, w.edge_boards),
            (-250.0, 900.0, 35.0)
        );
        let err = host.set_option("CornerBoards", "1.5").unwrap_err();
        assert!(err.contains("CornerBoards"), "{err}");
        assert!(host.set_option("CornerBoards", "10001").is_err());
        assert!(host.set_option("NoSuchWeight", "1").is_err());
        let spec = host
            .options()
            .into_iter()
            .find(|o| o.name == "CentreLines")
            .unwrap();
        assert!(
            spec.description.starts_with("type spin default -250 "),
            "{}",
            spec.description
        );
    }
}

#[cfg(test)]
mod session_tests {
    use super::UtttHost;
    use gamesolver_api::protocol::uci::serve;
    use std::io::BufRead;

    fn talk(input: &str) -> String {
        talk_bytes(input.as_bytes())
    }

    fn talk_bytes(input: &[u8]) -> String {
        let mut out = Vec::new();
        let reader: Box<dyn BufRead + Send> = Box::new(std::io::Cursor::new(input.to_vec()));
        serve(UtttHost::default(), reader, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Issue 10 finding 2: a line that is not UTF-8 is an error line.
    #[test]
    fn a_line_that_is_not_utf8_is_an_error_and_the_session_goes_on() {
        let out = talk_bytes(b"isready\n\xff\xfeuci\nisready\n");
        assert_eq!(out.matches("readyok").count(), 2, "{out}");
        assert!(out.contains("info string error line is not UTF-8"), "{out}");
    }

    /// Protocol convention: moves up to the first illegal one are applied.
    #[test]
    fn an_illegal_move_keeps_the_moves_before_it() {
        // 40 then 36 (board 4 sends to board 4, cell 36 is in it), then an
        // illegal 40 again: the position after 40 36 stands.
        let out = talk("position startpos moves 40 36 40 41\ngo depth 2\n");
        assert!(out.contains("move 3 (40) refused"), "{out}");
        let best: u8 = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(best / 9, 0, "the reply to 40 36 is in board 0: {out}");
    }

    /// Protocol convention: a malformed `go` gets one error, no bestmove.
    #[test]
    fn a_malformed_go_gets_one_error_and_no_bestmove() {
        for go in ["go fishing", "go movetime -5", "go depth 101", "go nodes 0"] {
            let out = talk(&format!("{go}\nisready\n"));
            assert_eq!(out.lines().count(), 2, "{go}: {out}");
            assert!(out.starts_with("info string error "), "{go}: {out}");
            assert!(!out.contains("bestmove"), "{go}: {out}");
        }
    }

    /// Ultimate tic-tac-toe does not pretend to speak the Jungle handshake.
    #[test]
    fn uttt_refuses_the_jcei_handshake() {
        let out = talk("jcei\n");
        assert!(
            out.contains("does not speak jcei") && !out.contains("jceiok"),
            "{out}"
        );
    }

    #[test]
    fn handshake_search_and_errors() {
        let out = talk("uci\nisready\nposition startpos moves 40 36\ngo depth 3\nquit\n");
        assert!(out.contains("uciok") && out.contains("readyok"));
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap();
        let cell: u8 = best.parse().unwrap();
        assert_eq!(cell / 9, 0, "after 36 the reply is in board 0: {out}");
    }

    #[test]
    fn bad_input_gets_error_lines_and_the_engine_carries_on() {
        let out = talk(
            "position startpos moves 40 40\nposition fen nonsense\nsetoption name Hash value 0\n\
             go sideways 3\nfrobnicate\n\u{0}\u{7f}\nposition\ngo depth 2\n",
        );
        let errors = out
            .lines()
            .filter(|l| l.starts_with("info string error"))
            .count();
        assert_eq!(errors, 7, "{out}");
        assert!(out.contains("bestmove"), "{out}");
    }

    #[test]
    fn finished_games_and_option_changes() {
        let out = talk(
            "setoption name Engine value mcts\ngo nodes 200\nsetoption name Engine value none\n",
        );
        assert!(out.contains("bestmove"));
        assert!(out.contains("unknown engine"));
        // X owns boards 0, 1 and 2: the game is over, yet `go` is answered.
        let out = talk(
            "position fen XXX......XXX......XXX......OO.......OO.......OO.......OO......................... *\ngo depth 3\n",
        );
        assert!(
            out.contains("the game is over") && out.contains("bestmove (none)"),
            "{out}"
        );
    }
}
