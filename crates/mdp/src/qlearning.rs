//! Q-learning: model-free, from sampled episodes.

use gamesolver_core::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::model::reward;
use crate::{Mdp, MdpError, Policy, StateValues, SweepConfig};

/// Learning rates are tabulated for visit counts up to this; later visits
/// use the last entry.
const ALPHA_TABLE: usize = 1 << 16;

/// Settings of Q-learning.
#[derive(Clone, Copy, Debug)]
pub struct QLearningConfig {
    /// Number of episodes (complete games from the start).
    pub episodes: u64,
    /// Seed of the random number generator: the same seed, the same run.
    pub seed: u64,
    /// Exploration rate at the first episode; it falls linearly...
    pub epsilon_start: f64,
    /// ...to this at the last episode.
    pub epsilon_end: f64,
    /// The learning rate of a state–action pair visited for the `n`-th time
    /// is `n^-ω` with this `ω` in (0.5, 1]: it decays, and its sum diverges
    /// while the sum of squares converges (Robbins–Monro).
    pub alpha_exponent: f64,
    /// How many points of the learning curve to record (evenly spaced).
    pub checkpoints: u32,
}

impl Default for QLearningConfig {
    fn default() -> Self {
        QLearningConfig {
            episodes: 200_000,
            seed: 1,
            epsilon_start: 1.0,
            epsilon_end: 0.05,
            alpha_exponent: 0.75,
            checkpoints: 20,
        }
    }
}

impl QLearningConfig {
    /// Checks the settings.
    pub fn validate(&self) -> Result<(), MdpError> {
        let bad = |what: &str| Err(MdpError::InvalidParameter(what.to_owned()));
        let unit = |x: f64| (0.0..=1.0).contains(&x);
        if self.episodes == 0 {
            return bad("the number of episodes must be at least 1");
        }
        if !unit(self.epsilon_start) || !unit(self.epsilon_end) {
            return bad("exploration rates must lie in [0, 1]");
        }
        if !(self.alpha_exponent > 0.5 && self.alpha_exponent <= 1.0) {
            return bad("the learning-rate exponent must lie in (0.5, 1]");
        }
        Ok(())
    }

    /// The exploration rate of episode `episode` (0-based).
    fn epsilon(&self, episode: u64) -> f64 {
        let t = episode as f64 / self.episodes.saturating_sub(1).max(1) as f64;
        self.epsilon_start + (self.epsilon_end - self.epsilon_start) * t
    }
}

/// One point of the learning curve.
#[derive(Clone, Copy, Debug)]
pub struct QCheckpoint {
    /// Episodes played so far.
    pub episodes: u64,
    /// The learner's own estimate of V(start): the start's expectation of
    /// maxₐ Q.
    pub estimate: f64,
    /// The true value of the current greedy policy (policy evaluation on the
    /// model), if the evaluation converges.
    pub greedy_value: Option<f64>,
}

/// The result of Q-learning.
#[derive(Clone, Debug)]
pub struct QLearning {
    /// The learning curve.
    pub checkpoints: Vec<QCheckpoint>,
    /// The greedy policy for the final Q-values.
    pub policy: Policy,
    /// The final Q-values, by global action id.
    pub q: Vec<f64>,
    /// The final estimate of V(start).
    pub estimate: f64,
}

/// The learner's state: Q-values, visit counts, random numbers.
struct Learner<'a, G: Game> {
    mdp: &'a Mdp<G>,
    q: Vec<f64>,
    visits: Vec<u32>,
    alpha: Vec<f64>,
    cumulative: Vec<f64>,
    rewards: [f64; 3],
    gamma: f64,
    rng: SmallRng,
}

impl<'a, G: Game> Learner<'a, G> {
    fn new(mdp: &'a Mdp<G>, config: &QLearningConfig) -> Self {
        let alpha = (0..ALPHA_TABLE)
            .map(|n| ((n + 1) as f64).powf(-config.alpha_exponent))
            .collect();
        Learner {
            mdp,
            q: vec![0.0; mdp.action_count()],
            visits: vec![0; mdp.action_count()],
            alpha,
            cumulative: cumulative_probabilities(mdp),
            rewards: gamesolver_core::Wdl::ALL.map(|w| f64::from(reward(w))),
            gamma: mdp.discount.float(),
            rng: SmallRng::seed_from_u64(config.seed),
        }
    }

    /// Samples an outcome of distribution `d`; returns its target slot.
    #[inline]
    fn sample(&mut self, d: usize) -> usize {
        let range = self.mdp.outcomes(d);
        let last = range.end - 1;
        let r: f64 = self.rng.random();
        let mut k = range.start;
        while k < last && r >= self.cumulative[k] {
            k += 1;
        }
        self.mdp.target[k] as usize
    }

    /// The first action of `state` with the largest Q-value, and that value.
    #[inline]
    fn best(&self, state: usize) -> (usize, f64) {
        let actions = self.mdp.actions(state as u32);
        let mut best = (actions.start, self.q[actions.start]);
        for a in actions.start + 1..actions.end {
            if self.q[a] > best.1 {
                best = (a, self.q[a]);
            }
        }
        best
    }

    /// Plays one episode, updating Q after every agent step.
    fn episode(&mut self, epsilon: f64) {
        let n = self.mdp.len();
        let mut slot = self.sample(self.mdp.action_count());
        while slot < n {
            let actions = self.mdp.actions(slot as u32);
            let action = if self.rng.random::<f64>() < epsilon {
                self.rng.random_range(actions)
            } else {
                self.best(slot).0
            };
            let next = self.sample(action);
            let target = match next.checked_sub(n) {
                Some(end) => self.rewards[end],
                None => self.gamma * self.best(next).1,
            };
            let visits = &mut self.visits[action];
            let alpha = self.alpha[(*visits as usize).min(ALPHA_TABLE - 1)];
            *visits = visits.saturating_add(1);
            self.q[action] += alpha * (target - self.q[action]);
            slot = next;
        }
    }

    /// The learner's estimate of V(start).
    fn estimate(&self) -> f64 {
        let n = self.mdp.len();
        self.mdp
            .start_outcomes()
            .map(|k| {
                let slot = self.mdp.target[k] as usize;
                let v = match slot.checked_sub(n) {
                    Some(end) => self.rewards[end],
                    None => self.best(slot).1,
                };
                self.mdp.prob[k] * v
            })
            .sum()
    }

    /// The greedy policy for the current Q-values.
    fn policy(&self) -> Policy {
        let starts = &self.mdp.action_start;
        let choice = (0..self.mdp.len())
            .map(|s| (self.best(s).0 - starts[s] as usize) as u32)
            .collect();
        Policy::from_valid_choices(choice)
    }

    fn checkpoint(&self, episodes: u64) -> QCheckpoint {
        let greedy = self.mdp.evaluate(&self.policy(), &SweepConfig::default());
        QCheckpoint {
            episodes,
            estimate: self.estimate(),
            greedy_value: greedy.ok().map(|v: StateValues| v.start),
        }
    }
}

/// Per outcome, the probability of it or an earlier outcome of the same
/// distribution.
fn cumulative_probabilities<G: Game>(mdp: &Mdp<G>) -> Vec<f64> {
    let mut cumulative = vec![0.0; mdp.prob.len()];
    for d in 0..=mdp.action_count() {
        let mut sum = 0.0;
        for k in mdp.outcomes(d) {
            sum += mdp.prob[k];
            cumulative[k] = sum;
        }
    }
    cumulative
}

impl<G: Game> Mdp<G> {
    /// Q-learning over sampled episodes: ε-greedy exploration with ε falling
    /// linearly over the episodes, learning rate `n^-ω` per state–action
    /// pair, target `r` at the end of the game or `γ·maxₐ Q(s', a)`.
    /// Uses the model only to sample transitions, as an environment would.
    pub fn q_learning(&self, config: &QLearningConfig) -> Result<QLearning, MdpError> {
        self.q_learning_until(config, &|| false)
    }

    /// [`Mdp::q_learning`] that looks at `stop` every
    /// [`EPISODES_BETWEEN_STOP_CHECKS`] episodes and fails with
    /// [`MdpError::Cancelled`] once it said yes (a front end's Ctrl-C).
    pub fn q_learning_until(
        &self,
        config: &QLearningConfig,
        stop: &dyn Fn() -> bool,
    ) -> Result<QLearning, MdpError> {
        config.validate()?;
        let mut learner = Learner::new(self, config);
        let marks = checkpoint_marks(config);
        let mut checkpoints = Vec::with_capacity(marks.len());
        let mut next_mark = marks.iter().peekable();
        for episode in 0..config.episodes {
            if episode % EPISODES_BETWEEN_STOP_CHECKS == 0 && stop() {
                return Err(MdpError::Cancelled);
            }
            learner.episode(config.epsilon(episode));
            if next_mark.next_if_eq(&&(episode + 1)).is_some() {
                checkpoints.push(learner.checkpoint(episode + 1));
            }
        }
        Ok(QLearning {
            checkpoints,
            policy: learner.policy(),
            estimate: learner.estimate(),
            q: learner.q,
        })
    }
}

/// Episodes between two looks at the stop request of
/// [`Mdp::q_learning_until`] (tic-tac-toe: well under a millisecond).
pub const EPISODES_BETWEEN_STOP_CHECKS: u64 = 256;

/// The episode counts after which a checkpoint is taken.
fn checkpoint_marks(config: &QLearningConfig) -> Vec<u64> {
    let points = u64::from(config.checkpoints).min(config.episodes);
    let mut marks: Vec<u64> = (1..=points)
        .map(|i| config.episodes * i / points.max(1))
        .collect();
    marks.dedup();
    marks
}
