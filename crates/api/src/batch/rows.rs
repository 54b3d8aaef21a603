//! The output rows of consecutive games of a batch, which a step writes in
//! place (a front end's arrays, e.g. Python's numpy buffers), and owned
//! buffers for them ([`RowBuffers`]: a Rust caller's, the tests').

use super::StepPlan;

/// The output rows of consecutive games: observations, masks, rewards (one
/// per game with an agent, two in self-play), flags, the player to move
/// and the opponent's last action.
pub struct Rows<'a> {
    /// Observations, `observation_len` values per game.
    pub observations: &'a mut [f32],
    /// Legal-action masks, `actions` values per game.
    pub masks: &'a mut [i8],
    /// Rewards, one or two per game.
    pub rewards: &'a mut [f32],
    /// Whether the game ended at this step.
    pub terminated: &'a mut [bool],
    /// Whether the episode was cut at the step limit.
    pub truncated: &'a mut [bool],
    /// The player to move (0, 1), or the plan's `finished_player` once the
    /// game is over.
    pub players: &'a mut [i32],
    /// The opponent's last action this step, -1 if it did not move.
    pub opponent_actions: &'a mut [i32],
}

impl<'a> Rows<'a> {
    /// The rows of the first `games` games and those of the rest, with
    /// `observation_len` values per observation and `actions` per mask.
    pub fn split(
        self,
        games: usize,
        observation_len: usize,
        actions: usize,
    ) -> (Rows<'a>, Rows<'a>) {
        let per_reward = self.rewards.len() / self.terminated.len().max(1);
        let (o1, o2) = self.observations.split_at_mut(games * observation_len);
        let (m1, m2) = self.masks.split_at_mut(games * actions);
        let (r1, r2) = self.rewards.split_at_mut(games * per_reward);
        let (t1, t2) = self.terminated.split_at_mut(games);
        let (u1, u2) = self.truncated.split_at_mut(games);
        let (p1, p2) = self.players.split_at_mut(games);
        let (a1, a2) = self.opponent_actions.split_at_mut(games);
        let first = Rows {
            observations: o1,
            masks: m1,
            rewards: r1,
            terminated: t1,
            truncated: u1,
            players: p1,
            opponent_actions: a1,
        };
        let rest = Rows {
            observations: o2,
            masks: m2,
            rewards: r2,
            terminated: t2,
            truncated: u2,
            players: p2,
            opponent_actions: a2,
        };
        (first, rest)
    }
}

/// Owned output buffers of a batch of games stepped with a plan, zeroed:
/// [`RowBuffers::rows`] lends them as [`Rows`] to a step.
#[derive(Clone, Debug, PartialEq)]
pub struct RowBuffers {
    /// Observations, `observation_len` values per game.
    pub observations: Vec<f32>,
    /// Legal-action masks, `actions` values per game.
    pub masks: Vec<i8>,
    /// Rewards, one per game with an agent, two in self-play.
    pub rewards: Vec<f32>,
    /// Whether the game ended at the last step.
    pub terminated: Vec<bool>,
    /// Whether the episode was cut at the step limit.
    pub truncated: Vec<bool>,
    /// The player to move, or the plan's `finished_player`.
    pub players: Vec<i32>,
    /// The opponent's last action, -1 if it did not move.
    pub opponent_actions: Vec<i32>,
}

impl RowBuffers {
    /// Zeroed buffers for `games` games stepped with `plan`.
    pub fn new(games: usize, plan: &StepPlan) -> RowBuffers {
        let per_reward = if plan.agent.is_some() { 1 } else { 2 };
        RowBuffers {
            observations: vec![0.0; games * plan.observation_len],
            masks: vec![0; games * plan.actions],
            rewards: vec![0.0; games * per_reward],
            terminated: vec![false; games],
            truncated: vec![false; games],
            players: vec![0; games],
            opponent_actions: vec![0; games],
        }
    }

    /// The buffers as the rows of every game.
    pub fn rows(&mut self) -> Rows<'_> {
        Rows {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            players: &mut self.players,
            opponent_actions: &mut self.opponent_actions,
        }
    }
}
