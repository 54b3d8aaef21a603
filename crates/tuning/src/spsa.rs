//! SPSA (simultaneous perturbation stochastic approximation) by match
//! results, in the form fishtest uses: each iteration perturbs every
//! parameter at once by `±c_k`, plays the `+` set against the `−` set, and
//! moves each parameter along its perturbation in proportion to the
//! result. Gains: `c_k = c / (k + 1)^γ`, `a_k = a / (A + k + 1)^α` with
//! `A = N / 10`, chosen so that the last iteration perturbs by `c_end` and
//! steps by `r_end · c_end` per unit of result.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// One tuned parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Parameter {
    /// Its name.
    pub name: &'static str,
    /// Its starting value.
    pub start: f64,
    /// Its perturbation at the last iteration.
    pub c_end: f64,
    /// Its smallest allowed value.
    pub min: f64,
    /// Its largest allowed value.
    pub max: f64,
}

/// The gain schedule of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Planned iterations `N`.
    pub iterations: usize,
    /// The learning rate at the last iteration, `a_end / c_end²`.
    pub r_end: f64,
    /// Decay exponent of the step, `α`.
    pub alpha: f64,
    /// Decay exponent of the perturbation, `γ`.
    pub gamma: f64,
}

impl Schedule {
    /// `iterations` with fishtest's defaults: `r_end` 0.002, `α` 0.602,
    /// `γ` 0.101.
    #[must_use]
    pub fn new(iterations: usize) -> Schedule {
        Schedule {
            iterations,
            r_end: 0.002,
            alpha: 0.602,
            gamma: 0.101,
        }
    }

    /// The stability constant `A`.
    fn stability(&self) -> f64 {
        self.iterations as f64 / 10.0
    }

    /// The perturbation factor at iteration `k` (0-based) of a parameter
    /// whose last perturbation is 1.
    fn c_factor(&self, k: usize) -> f64 {
        let n = self.iterations.max(1) as f64;
        (n / (k as f64 + 1.0)).powf(self.gamma)
    }

    /// The step factor `a_k / c_k` at iteration `k` of a parameter whose
    /// last perturbation is `c_end`, per unit of result.
    fn step(&self, k: usize, c_end: f64) -> f64 {
        let a_end = self.r_end * c_end * c_end;
        let a = a_end * (self.stability() + self.iterations.max(1) as f64).powf(self.alpha);
        let a_k = a / (self.stability() + k as f64 + 1.0).powf(self.alpha);
        a_k / (c_end * self.c_factor(k))
    }
}

/// The two parameter sets of one iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration (0-based).
    pub iteration: usize,
    /// The sign of each parameter's perturbation.
    pub signs: Vec<f64>,
    /// The current values plus the perturbation (clamped to the range).
    pub plus: Vec<f64>,
    /// The current values minus the perturbation (clamped to the range).
    pub minus: Vec<f64>,
}

/// A run in progress.
#[derive(Clone, Debug)]
pub struct Spsa {
    /// The parameters.
    parameters: Vec<Parameter>,
    /// The gains.
    schedule: Schedule,
    /// The current values.
    theta: Vec<f64>,
    /// Iterations done.
    iteration: usize,
    /// The source of the perturbation signs.
    rng: SmallRng,
}

impl Spsa {
    /// A run from the parameters' starting values, its signs drawn from
    /// `seed`.
    #[must_use]
    pub fn new(parameters: Vec<Parameter>, schedule: Schedule, seed: u64) -> Spsa {
        Spsa {
            theta: parameters.iter().map(|p| p.start).collect(),
            parameters,
            schedule,
            iteration: 0,
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    /// The current values.
    #[must_use]
    pub fn values(&self) -> &[f64] {
        &self.theta
    }

    /// Iterations done.
    #[must_use]
    pub fn iteration(&self) -> usize {
        self.iteration
    }

    /// The next pair of parameter sets to play against each other.
    pub fn perturb(&mut self) -> Perturbation {
        let k = self.iteration;
        let signs: Vec<f64> = (0..self.theta.len())
            .map(|_| if self.rng.random::<bool>() { 1.0 } else { -1.0 })
            .collect();
        let shifted = |direction: f64| {
            self.parameters
                .iter()
                .zip(&self.theta)
                .zip(&signs)
                .map(|((p, t), s)| {
                    let c = p.c_end * self.schedule.c_factor(k);
                    (t + direction * s * c).clamp(p.min, p.max)
                })
                .collect()
        };
        Perturbation {
            iteration: k,
            plus: shifted(1.0),
            minus: shifted(-1.0),
            signs,
        }
    }

    /// Moves the values by the `result` of `perturbation`'s `+` set
    /// against its `−` set (positive: `+` did better; a game pair's wins
    /// minus losses, −2 to 2).
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = perturbation.iteration;
        for ((t, p), s) in self
            .theta
            .iter_mut()
            .zip(&self.parameters)
            .zip(&perturbation.signs)
        {
            *t = (*t + self.schedule.step(k, p.c_end) * result * s).clamp(p.min, p.max);
        }
        self.iteration = self.iteration.max(k + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A noisy "match" between two points: the one nearer `target` wins
    /// more often.
    fn noisy_match(plus: &[f64], minus: &[f64], target: &[f64], rng: &mut SmallRng) -> f64 {
        let distance =
            |x: &[f64]| -> f64 { x.iter().zip(target).map(|(a, b)| (a - b).powi(2)).sum() };
        let edge = (distance(minus) - distance(plus)) / 400.0;
        let p_plus = (0.5 + edge).clamp(0.05, 0.95);
        if rng.random::<f64>() < p_plus {
            1.0
        } else {
            -1.0
        }
    }

    fn parameters() -> Vec<Parameter> {
        ["a", "b"]
            .iter()
            .map(|&name| Parameter {
                name,
                start: 0.0,
                c_end: 4.0,
                min: -50.0,
                max: 50.0,
            })
            .collect()
    }

    #[test]
    fn moves_towards_the_better_values_of_a_noisy_objective() {
        let target = [20.0, -15.0];
        let mut rng = SmallRng::seed_from_u64(1);
        let schedule = Schedule {
            r_end: 0.05,
            ..Schedule::new(3000)
        };
        let mut spsa = Spsa::new(parameters(), schedule, 7);
        for _ in 0..schedule.iterations {
            let p = spsa.perturb();
            let result = noisy_match(&p.plus, &p.minus, &target, &mut rng);
            spsa.update(&p, result);
        }
        let values = spsa.values();
        assert_eq!(spsa.iteration(), 3000);
        assert!((values[0] - 20.0).abs() < 6.0, "{values:?}");
        assert!((values[1] + 15.0).abs() < 6.0, "{values:?}");
    }

    #[test]
    fn perturbations_are_symmetric_clamped_and_seeded() {
        let mut spsa = Spsa::new(parameters(), Schedule::new(100), 3);
        let p = spsa.perturb();
        for ((plus, minus), sign) in p.plus.iter().zip(&p.minus).zip(&p.signs) {
            // The first perturbation is c_end · N^γ.
            let c = 4.0 * 100f64.powf(0.101);
            assert!((plus - sign * c).abs() < 1e-9 && (minus + sign * c).abs() < 1e-9);
        }
        assert_eq!(p, Spsa::new(parameters(), Schedule::new(100), 3).perturb());
        let mut far = Spsa::new(parameters(), Schedule::new(100), 3);
        far.update(&p, 1e9);
        assert!(far.values().iter().all(|v| v.abs() == 50.0));
        // The last step is r_end · c_end per unit of result.
        let step = Schedule::new(100).step(99, 4.0);
        assert!((step - 0.002 * 4.0).abs() < 1e-12, "{step}");
    }
}
