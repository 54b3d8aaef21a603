//! Ultimate tic-tac-toe behind the engine protocol: options and positions.

use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::{Engine, ErrorModel, Reserve};

use super::engines::{EngineOptions, build};
use super::eval::EvalWeights;
use super::search_settings::singular_extension;
use gamesolver_api::protocol::common::common_options;
use gamesolver_api::protocol::options::{OptionDef, OptionKind, OptionTable, OptionValue};
use gamesolver_api::protocol::{EngineHost, OptionSpec};
use gamesolver_api::{check_option, common_settings, spin_option};

/// The largest evaluation weight the weight options take (either sign):
/// far beyond any useful value, far from overflow.
const WEIGHT_MAX: i64 = 10_000;

/// The range of an evaluation weight of either sign.
const WEIGHT: OptionKind = OptionKind::Spin {
    min: -WEIGHT_MAX,
    max: WEIGHT_MAX,
};

/// The range of a board-count weight (no negative values).
const COUNT_WEIGHT: OptionKind = OptionKind::Spin {
    min: 0,
    max: WEIGHT_MAX,
};

/// The largest MCTS leaf scale (`LeafScale`, evaluation units for odds of
/// e; 400 by default).
const LEAF_SCALE_MAX: i64 = 100_000;

/// The protocol host: the engine options and the rules variant.
#[derive(Clone, Debug, Default)]
pub struct UtttHost {
    /// The engine settings (`Engine`, `Hash`, `Seed` options).
    pub options: EngineOptions,
    /// The rules (`Variant` option).
    pub variant: Variant,
}

/// An MCTS setting stored as a fraction, set in whole percent.
macro_rules! percent {
    ($name:literal, $max:expr, $doc:literal, $($field:ident).+) => {
        OptionDef {
            name: $name,
            kind: OptionKind::Spin { min: 0, max: $max },
            doc: $doc,
            get: |h| OptionValue::Int((h.$($field).+ * 100.0).round() as i64),
            set: |h, v| {
                h.$($field).+ = v.int()? as f32 / 100.0;
                Ok(())
            },
        }
    };
}

/// Ultimate tic-tac-toe's own options, in announcement order (after the
/// common ones): the one place each is named, ranged and documented.
pub const OPTIONS: &[OptionDef<UtttHost>] = &[
    OptionDef {
        name: "Variant",
        kind: OptionKind::Combo {
            vars: &["standard", "codingame"],
        },
        doc: "the rules: codingame decides a game without a line of small boards by the count of boards won",
        get: |h| OptionValue::Text(h.variant.to_string()),
        set: |h, v| {
            h.set_variant(v.text().parse().map_err(|e| format!("{e}"))?);
            Ok(())
        },
    },
    spin_option!(
        "SolveBelow",
        OptionKind::Spin { min: 0, max: 81 },
        "under CodinGame's rule, try the exact endgame solver before alpha-beta at this many playable cells or fewer; 0 never",
        u32,
        options.solve_below
    ),
    spin_option!(
        "CountBoard",
        COUNT_WEIGHT,
        "CodinGame's rule: units per board of expected board-count difference while a line of small boards is possible",
        f32,
        options.weights.count_board
    ),
    spin_option!(
        "RaceBoard",
        COUNT_WEIGHT,
        "the same once no line is possible (the count race)",
        f32,
        options.weights.race_board
    ),
    spin_option!(
        "Tempo",
        WEIGHT,
        "bonus for the side to move",
        i32,
        options.weights.tempo
    ),
    spin_option!(
        "FreeChoice",
        WEIGHT,
        "extra bonus for the side to move with a free choice of board",
        i32,
        options.weights.free_choice
    ),
    check_option!(
        "MoverThreat",
        "count a small board the side to move can win at once as won",
        options.weights.mover_threat
    ),
    check_option!(
        "BoardQuiescence",
        "quiescence search on the moves that win a small board",
        options.weights.board_quiescence
    ),
    check_option!(
        "Network",
        "alpha-beta: add the correction of the small neural network trained on self-play under the rule in play to the evaluation",
        options.weights.network
    ),
    check_option!(
        "LMR",
        "late move reductions",
        options.search.late_move_reductions
    ),
    spin_option!(
        "DeepReductions",
        OptionKind::Spin {
            min: 0,
            max: 10_000
        },
        "reductions growing with depth and move number: the divisor of ln(depth) ln(moves searched + 1), in hundredths; 0 for the plain two-ply reductions",
        u32,
        options.search.deep_reductions
    ),
    spin_option!(
        "ReductionDepth",
        OptionKind::Spin { min: 3, max: 64 },
        "alpha-beta: the least remaining depth at which late moves are reduced",
        u32,
        options.search.reduction_min_depth
    ),
    spin_option!(
        "ReductionAfter",
        OptionKind::Spin { min: 1, max: 64 },
        "alpha-beta: how many moves of a node are searched at full depth before the later ones are reduced",
        u32,
        options.search.reduction_after_moves
    ),
    spin_option!(
        "MovePruning",
        OptionKind::Spin { min: 0, max: 64 },
        "alpha-beta: late move pruning, a null-window node 1 or 2 plies from the leaves skips its moves after this many a ply but the killers and board wins; 0 never",
        u32,
        options.search.late_move_pruning
    ),
    check_option!(
        "HistoryMalus",
        "alpha-beta: on a cut-off, the moves searched before the cutting one lose the history credit it gains",
        options.search.history_malus
    ),
    spin_option!(
        "HistoryGravity",
        OptionKind::Spin {
            min: 0,
            max: 1 << 20
        },
        "alpha-beta: history scores kept within this bound, each reward or malus scaled by how far the score is from it; 0 for plain sums halved when one grows too large",
        u32,
        options.search.history_gravity
    ),
    check_option!(
        "ContinuationHistory",
        "alpha-beta: a second history table by the move just played, added to the move order",
        options.search.continuation_history
    ),
    spin_option!(
        "TableMissReduction",
        OptionKind::Spin { min: 0, max: 8 },
        "alpha-beta: internal iterative reduction, a node 5 or more plies from the leaves without a table move is searched this many plies shallower; 0 never",
        u32,
        options.search.table_miss_reduction
    ),
    spin_option!(
        "PoorMoveReduction",
        OptionKind::Spin { min: 0, max: 8 },
        "alpha-beta: plies a late move reduction adds for a move sending the opponent to a closed board (a free choice) without winning a small board; 0 none",
        u32,
        options.search.poor_move_reduction
    ),
    spin_option!(
        "SingularExtension",
        OptionKind::Spin { min: 0, max: 4 },
        "alpha-beta: plies added to a table move far above every other move (each searched about half as deep); 0 none",
        u32,
        options.search.singular_extension
    ),
    spin_option!(
        "SingularDepth",
        OptionKind::Spin { min: 4, max: 40 },
        "alpha-beta: the least remaining depth of a singular extension's node",
        u32,
        options.search.singular_min_depth
    ),
    spin_option!(
        "SingularMargin",
        OptionKind::Spin {
            min: 0,
            max: 10_000
        },
        "alpha-beta: how far below the table's score, in evaluation units a remaining ply, every other move must stay for a singular extension",
        u32,
        options.search.singular_margin
    ),
    check_option!(
        "SingularMultiCut",
        "alpha-beta: a null-window node fails high without searching its moves when its singular check finds another move at or above a bar that beats beta",
        options.search.singular_multi_cut
    ),
    spin_option!(
        "StaticCut",
        OptionKind::Spin {
            min: 0,
            max: 100_000
        },
        "alpha-beta: reverse futility pruning, a null-window node 2 or 3 plies from the leaves fails high when its evaluation beats beta by this many units a ply; 0 never",
        u32,
        options.search.static_cut_margin
    ),
    OptionDef {
        name: "Reserve",
        kind: OptionKind::Spin {
            min: 0,
            max: Reserve::MAX_PER_MILLE as i64,
        },
        doc: "alpha-beta: thousandths of the move time kept back for the answer to arrive in time (at least 0.5 ms)",
        get: |h| OptionValue::Int(i64::from(h.options.search.reserve.share_per_mille())),
        set: |h, v| {
            let per_mille = u32::try_from(v.int()?).map_err(|e| e.to_string())?;
            h.options.search.reserve = Reserve::per_mille(per_mille);
            Ok(())
        },
    },
    OptionDef {
        name: "ErrorChance",
        kind: OptionKind::Spin { min: 0, max: 1000 },
        doc: "alpha-beta: once the rest of the game is searched and proved a draw or a loss before the deadline, spend the rest choosing among the moves keeping that value against an opponent erring this many thousandths of its moves; 0 keeps the search's own choice",
        get: |h| {
            OptionValue::Int(
                h.options
                    .error_model
                    .map_or(0, |m| i64::from(m.error_per_mille)),
            )
        },
        set: |h, v| {
            let per_mille = u32::try_from(v.int()?).map_err(|e| e.to_string())?;
            h.options.error_model = (per_mille > 0).then(|| ErrorModel {
                error_per_mille: per_mille,
                ..ErrorModel::default()
            });
            Ok(())
        },
    },
    percent!(
        "Exploration",
        1000,
        "MCTS: UCT exploration constant in hundredths (25 = 0.25)",
        options.exploration
    ),
    check_option!(
        "HeuristicPlayouts",
        "MCTS: playouts take a board-winning move and avoid bad sends (otherwise uniformly random)",
        options.heuristic_playouts
    ),
    percent!(
        "LeafEval",
        100,
        "MCTS: percent of the leaf value taken from the evaluation, the rest from a playout",
        options.leaf_eval
    ),
    spin_option!(
        "LeafScale",
        OptionKind::Spin {
            min: 1,
            max: LEAF_SCALE_MAX
        },
        "MCTS: evaluation units that make the leaf's odds e",
        f32,
        options.leaf_scale
    ),
    spin_option!(
        "Scale",
        WEIGHT,
        "evaluation units per unit of meta-line value difference",
        f32,
        options.weights.scale
    ),
    spin_option!(
        "CountWin",
        WEIGHT,
        "CodinGame's rule: units per unit of count odds while a line is still possible (alpha-beta only)",
        f32,
        options.weights.count_win
    ),
    spin_option!(
        "RaceWin",
        WEIGHT,
        "the same once no line is possible",
        f32,
        options.weights.race_win
    ),
    spin_option!(
        "CentreLines",
        WEIGHT,
        "extra units per unit of value of the lines through the centre board",
        f32,
        options.weights.centre_lines
    ),
    spin_option!(
        "CentreBoard",
        WEIGHT,
        "units per unit of take-probability difference on the centre board",
        f32,
        options.weights.centre_board
    ),
    spin_option!(
        "CornerBoards",
        WEIGHT,
        "the same summed over the corner boards",
        f32,
        options.weights.corner_boards
    ),
    spin_option!(
        "EdgeBoards",
        WEIGHT,
        "the same summed over the edge boards",
        f32,
        options.weights.edge_boards
    ),
];

/// Every option of the host: the common ones, then [`OPTIONS`].
impl OptionTable for UtttHost {
    fn option_table() -> Vec<OptionDef<UtttHost>> {
        common_options()
            .into_iter()
            .chain(OPTIONS.iter().copied())
            .collect()
    }
}

common_settings!(UtttHost, options);

impl EngineHost<Board> for UtttHost {
    fn engine_name(&self) -> String {
        format!("gamesolver uttt {}", self.options.kind.name())
    }

    fn options(&self) -> Vec<OptionSpec> {
        self.announce_options()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.set_by_table(name, value)
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

    fn time_reserve(&self) -> Reserve {
        self.options.search.reserve
    }
}

impl UtttHost {
    /// Switches the rules; weights and the singular extension still at
    /// the old rules' defaults become the new rules' defaults
    /// ([`EvalWeights::for_variant`], [`singular_extension`]), settings
    /// made by options stay.
    fn set_variant(&mut self, variant: Variant) {
        if self.options.weights == EvalWeights::for_variant(self.variant) {
            self.options.weights = EvalWeights::for_variant(variant);
        }
        let search = &mut self.options.search;
        if search.singular_extension == singular_extension(self.variant) {
            search.singular_extension = singular_extension(variant);
        }
        self.variant = variant;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_gets_its_default_weights_unless_set() {
        let mut host = UtttHost::default();
        assert_eq!(host.options.weights, EvalWeights::STANDARD);
        host.set_option("Variant", "codingame").unwrap();
        assert_eq!(host.options.weights, EvalWeights::CODINGAME);
        host.set_option("Variant", "standard").unwrap();
        assert_eq!(host.options.weights, EvalWeights::STANDARD);
        host.set_option("Tempo", "7").unwrap();
        host.set_option("Variant", "codingame").unwrap();
        assert_eq!(host.options.weights.tempo, 7);
        assert_eq!(host.options.weights.free_choice, 60);
    }

    #[test]
    fn each_rule_gets_its_singular_extension_unless_set() {
        let mut host = UtttHost::default();
        assert_eq!(host.options.search.singular_extension, 0);
        host.set_option("Variant", "codingame").unwrap();
        assert_eq!(host.options.search.singular_extension, 1);
        host.set_option("Variant", "standard").unwrap();
        assert_eq!(host.options.search.singular_extension, 0);
        host.set_option("SingularExtension", "2").unwrap();
        host.set_option("Variant", "codingame").unwrap();
        assert_eq!(host.options.search.singular_extension, 2);
    }

    #[test]
    fn codingame_options_are_set_and_checked() {
        let mut host = UtttHost::default();
        host.set_option("SolveBelow", "24").unwrap();
        host.set_option("raceboard", "400").unwrap();
        assert_eq!(host.options.solve_below, 24);
        assert_eq!(host.options.weights.race_board, 400.0);
        let err = host.set_option("CountBoard", "-3").unwrap_err();
        assert!(
            err.contains("option CountBoard is a whole number 0..=10000"),
            "{err}"
        );
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
