//! The text form of the `gamesolver mdp` report.

use std::io::Write;

use gamesolver_api::mdp::{
    FirstDecision, LearningSummary, MoveValue, PolicyRoundRow, Trace, Value, ValueSweepRow,
};

use super::Report;

/// `0.994792 (191/192)`, or just the float.
fn show(value: &Value, decimals: usize) -> String {
    match &value.exact {
        Some(exact) => format!("{:.decimals$} ({exact})", value.value),
        None => format!("{:.decimals$}", value.value),
    }
}

impl Report {
    /// Writes the whole report.
    pub(crate) fn write_text(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        self.write_model(out)?;
        match &self.details.trace {
            Trace::PolicyIteration(rows) => write_policy_iteration(out, rows)?,
            Trace::ValueIteration(rows) => write_value_iteration(out, rows)?,
            Trace::QLearning(summary) => write_learning(out, summary)?,
        }
        self.write_result(out)?;
        self.write_first_moves(out)?;
        self.write_outcomes(out)?;
        if let Some(plot) = &self.plot {
            writeln!(out, "\nplot written to {plot}")?;
        }
        Ok(())
    }

    fn write_model(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let m = &self.details.model;
        let gamma = if m.gamma == "1" {
            "no discount".to_owned()
        } else {
            format!("discount γ = {}", m.gamma)
        };
        writeln!(
            out,
            "{} as an MDP: {} against the {} opponent, rewards +1/0/-1, {gamma}",
            m.game, m.agent, m.opponent
        )?;
        writeln!(
            out,
            "  {} states ({} to move, game on), {} actions, {} transitions; built in {:.2} ms",
            m.states, m.agent, m.actions, m.transitions, m.build_ms
        )?;
        Ok(())
    }

    fn write_result(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let details = &self.details;
        let what = match details.trace {
            Trace::QLearning(_) => "the learned greedy policy",
            _ => "the resulting policy",
        };
        writeln!(
            out,
            "  value of {what} {}; optimum V*(start) = {}; gap {:.2e}; solved in {:.2} ms",
            show(&details.policy_value, 6),
            show(&details.optimum, 6),
            details.optimum.value - details.policy_value.value,
            details.solve_ms
        )?;
        Ok(())
    }

    fn write_first_moves(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let agent = self.details.model.agent;
        let decisions = &self.details.first_moves;
        writeln!(
            out,
            "\nOptimal first moves for {agent} (value of each move, * = best):"
        )?;
        for decision in decisions {
            write_decision(out, decision, decisions.len() > 1)?;
        }
        Ok(())
    }

    fn write_outcomes(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        match &self.details.simulation {
            None => {
                writeln!(out, "\nOutcomes under the resulting policy (exact):")?;
                for row in &self.details.outcomes {
                    let p = &row.probability;
                    let exact = p.exact.as_deref().unwrap_or("");
                    writeln!(
                        out,
                        "  {:<5} {:>8.4}%  {exact}",
                        row.outcome,
                        100.0 * p.value
                    )?;
                }
            }
            Some(sim) => {
                writeln!(
                    out,
                    "\nSimulation: {} games against the opponent model, seed {}",
                    sim.games, sim.seed
                )?;
                writeln!(
                    out,
                    "  outcome     games     share   95% interval (Wilson)   exact probability"
                )?;
                for row in &self.details.outcomes {
                    let (low, high) = row.ci95.unwrap_or((0.0, 1.0));
                    let p = &row.probability;
                    writeln!(
                        out,
                        "  {:<5} {:>11} {:>8.4}%   [{:>8.4}%, {:>8.4}%]   {:>8.4}%  {}",
                        row.outcome,
                        row.games.unwrap_or(0),
                        100.0 * row.share.unwrap_or(0.0),
                        100.0 * low,
                        100.0 * high,
                        100.0 * p.value,
                        p.exact.as_deref().unwrap_or("")
                    )?;
                }
            }
        }
        Ok(())
    }
}

fn write_policy_iteration(out: &mut dyn Write, rows: &[PolicyRoundRow]) -> anyhow::Result<()> {
    writeln!(
        out,
        "\nPolicy iteration from the lowest-cell policy; each round: in-place sweeps, then greedy improvement"
    )?;
    writeln!(
        out,
        "  round  sweeps  V(start)                      changed"
    )?;
    for r in rows {
        writeln!(
            out,
            "  {:>5}  {:>6}  {:<28}  {:>7}",
            r.round,
            r.sweeps,
            show(&r.start_value, 12),
            r.changed
        )?;
    }
    Ok(())
}

fn write_value_iteration(out: &mut dyn Write, rows: &[ValueSweepRow]) -> anyhow::Result<()> {
    writeln!(out, "\nValue iteration from zero, in-place sweeps")?;
    writeln!(out, "  sweep  V(start)        largest change")?;
    for r in rows {
        writeln!(
            out,
            "  {:>5}  {:.12}  {:.3e}",
            r.sweep, r.start_value, r.max_change
        )?;
    }
    Ok(())
}

fn write_learning(out: &mut dyn Write, s: &LearningSummary) -> anyhow::Result<()> {
    writeln!(
        out,
        "\nQ-learning: {} episodes, seed {}, ε {} → {} (linear), learning rate n^-{} per state-action",
        s.episodes, s.seed, s.epsilon.0, s.epsilon.1, s.alpha_exponent
    )?;
    writeln!(out, "   episodes  estimate V(start)  greedy policy's value")?;
    for r in &s.curve {
        let greedy = r
            .greedy_value
            .map_or_else(|| "-".to_owned(), |v| format!("{v:.6}"));
        writeln!(
            out,
            "  {:>9}  {:>17.6}  {:>21}",
            r.episodes, r.estimate, greedy
        )?;
    }
    writeln!(
        out,
        "  {:.2} million episodes per second; final estimate {:.6}",
        s.episodes_per_second / 1e6,
        s.estimate
    )?;
    Ok(())
}

fn write_decision(out: &mut dyn Write, d: &FirstDecision, many: bool) -> anyhow::Result<()> {
    if many {
        return write_decision_compact(out, d);
    }
    for m in &d.moves {
        let mark = if m.best { "*" } else { "" };
        let mut line = format!("    cell {}  {:<24} {mark:<1}", m.mv, show(&m.value, 6));
        if let Some(q) = m.learned {
            line.push_str(&format!("   learned Q {q:.6}"));
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// One decision among several (the agent plays second): the best replies
/// and their value, then every move's value in short.
fn write_decision_compact(out: &mut dyn Write, d: &FirstDecision) -> anyhow::Result<()> {
    let best: Vec<&MoveValue> = d.moves.iter().filter(|m| m.best).collect();
    let cells: Vec<String> = best.iter().map(|m| m.mv.to_string()).collect();
    let value = best.first().map_or_else(String::new, |m| show(&m.value, 6));
    writeln!(
        out,
        "  after {} (probability {}): best {} = {value}",
        d.position,
        d.probability,
        cells.join(" ")
    )?;
    let all: Vec<String> = d
        .moves
        .iter()
        .map(|m| format!("{} {:.4}", m.mv, m.value.value))
        .collect();
    writeln!(out, "      all moves: {}", all.join(", "))?;
    Ok(())
}
