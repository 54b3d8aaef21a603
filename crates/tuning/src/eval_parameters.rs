//! The evaluation weights that [`super::spsa`] tunes by match results: the
//! engine options that set them (`setoption name Tempo value 20`), with
//! their perturbation sizes. Names, ranges and current values come from
//! the host's option table ([`UtttHost`]'s [`OptionTable::option_table`]); `Scale` stays
//! fixed: the search's choices hardly depend on a common factor of all
//! weights.

use gamesolver_games::uttt::Variant;

use crate::spsa::Parameter;
use gamesolver_api::protocol::EngineHost;
use gamesolver_api::protocol::options::{OptionKind, OptionTable, OptionValue, find};
use gamesolver_engines::uttt::eval::EvalWeights;
use gamesolver_engines::uttt::host::UtttHost;

/// A tuned option: its name and last perturbation.
type Spec = (&'static str, f64);

/// The weights tuned under both rules.
const COMMON: [Spec; 6] = [
    ("Tempo", 20.0),
    ("FreeChoice", 30.0),
    ("CentreLines", 80.0),
    ("CentreBoard", 60.0),
    ("CornerBoards", 60.0),
    ("EdgeBoards", 60.0),
];

/// The board-count weights, tuned under CodinGame's rule only.
const COUNT: [Spec; 2] = [("CountBoard", 50.0), ("RaceBoard", 100.0)];

/// The tuned parameters under `variant`, starting from `start`, with the
/// ranges of their options.
#[must_use]
pub fn parameters(variant: Variant, start: &EvalWeights) -> Vec<Parameter> {
    let count: &[Spec] = if variant == Variant::CodinGame {
        &COUNT
    } else {
        &[]
    };
    let mut host = UtttHost::default();
    host.options.weights = *start;
    let table = UtttHost::option_table();
    COMMON
        .iter()
        .chain(count)
        .filter_map(|&(name, c_end)| {
            let def = find(&table, name)?;
            let OptionKind::Spin { min, max } = def.kind else {
                return None;
            };
            let OptionValue::Int(value) = (def.get)(&host) else {
                return None;
            };
            Some(Parameter {
                name: def.name,
                start: value as f64,
                c_end,
                min: min as f64,
                max: max as f64,
            })
        })
        .collect()
}

/// `base` with the parameters' `values` (in the order of `parameters`),
/// each rounded to a whole number and set as the engine option of its
/// name (so exactly as a match sets them), or the option's complaint.
pub fn weights_with(
    base: EvalWeights,
    parameters: &[Parameter],
    values: &[f64],
) -> Result<EvalWeights, String> {
    let mut host = UtttHost::default();
    host.options.weights = base;
    for (p, v) in parameters.iter().zip(values) {
        host.set_option(p.name, &(v.round() as i64).to_string())?;
    }
    Ok(host.options.weights)
}

/// The engine options that set the parameters to `values`, one
/// `setoption` line each (to send before `uci`, as in docs/PERFORMANCE.md).
#[must_use]
pub fn setoption_lines(parameters: &[Parameter], values: &[f64]) -> String {
    parameters
        .iter()
        .zip(values)
        .map(|(p, v)| format!("setoption name {} value {}\n", p.name, v.round() as i64))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_round_trip_through_the_weights() -> Result<(), String> {
        let start = EvalWeights::TUNED_CODINGAME;
        let params = parameters(Variant::CodinGame, &start);
        assert_eq!(params.len(), 8);
        assert_eq!(parameters(Variant::Standard, &start).len(), 6);
        let values: Vec<f64> = params.iter().map(|p| p.start).collect();
        assert_eq!(
            weights_with(EvalWeights::default(), &params, &values)?.race_board,
            629.0
        );
        assert_eq!(weights_with(start, &params, &values)?, start);
        let shifted: Vec<f64> = values.iter().map(|v| v + 10.4).collect();
        let moved = weights_with(start, &params, &shifted)?;
        assert_eq!(
            (moved.tempo, moved.edge_boards, moved.scale),
            (116, 242.0, 691.0)
        );
        let lines = setoption_lines(&params, &shifted);
        assert!(
            lines.starts_with("setoption name Tempo value 116\n"),
            "{lines}"
        );
        assert_eq!(lines.lines().count(), 8);
        let negative = vec![-5.0; 8];
        assert!(weights_with(start, &params, &negative).is_err());
        Ok(())
    }
}
