//! Building the MDP from a game, the agent's side and an opponent model.

use gamesolver_core::{Game, Player, Wdl};
use rustc_hash::FxHashMap;

use crate::model::end_slot;
use crate::order::topological_order;
use crate::{Discount, Mdp, MdpError, OpponentModel};

/// How many opponent moves in a row the builder follows before it gives up.
const MAX_OPPONENT_CHAIN: usize = 64;

/// A target slot while building: a state id, or `PENDING_END - wdl` for an
/// end of the game (the number of states is not known yet).
const PENDING_END: u32 = u32::MAX;

/// A probability as an unreduced fraction `num / den`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fraction {
    pub(crate) num: u64,
    pub(crate) den: u64,
}

impl Fraction {
    const ONE: Fraction = Fraction { num: 1, den: 1 };

    /// `self * weight / total`, if it fits.
    fn times(self, weight: u32, total: u64) -> Option<Fraction> {
        Some(Fraction {
            num: self.num.checked_mul(u64::from(weight))?,
            den: self.den.checked_mul(total)?,
        })
    }
}

/// Builds the flat arrays state by state, breadth-first.
struct Builder<'a, G: Game, O> {
    agent: Player,
    opponent: &'a O,
    states: Vec<G>,
    ids: FxHashMap<G, u32>,
    action_start: Vec<u32>,
    moves: Vec<G::Move>,
    outcome_start: Vec<u32>,
    target: Vec<u32>,
    fraction: Vec<Fraction>,
    choices: Vec<(G::Move, u32)>,
    legal: Vec<G::Move>,
    agent_moves: Vec<G::Move>,
}

impl<G: Game> Mdp<G> {
    /// The MDP of `start` played by `agent` against `opponent`, with
    /// discount `discount`: every state reachable from `start` when the
    /// agent may play any move and the opponent plays as its model says.
    pub fn build<O: OpponentModel<G>>(
        start: G,
        agent: Player,
        opponent: &O,
        discount: Discount,
    ) -> Result<Mdp<G>, MdpError> {
        if start.is_finished() {
            return Err(MdpError::FinishedStart);
        }
        let mut builder = Builder::new(agent, opponent);
        let mut start_outcomes = Vec::new();
        builder.resolve(&start, Fraction::ONE, 0, &mut start_outcomes)?;
        let mut outcomes = Vec::new();
        let mut next = 0;
        while next < builder.states.len() {
            builder.expand(next, &mut outcomes)?;
            next += 1;
        }
        builder.push_distribution(&start_outcomes)?;
        let mut mdp = builder.finish(start, opponent.name().to_owned(), discount);
        if let Some(order) = topological_order(&mdp) {
            mdp.renumber(&order);
            mdp.loop_free = true;
        }
        Ok(mdp)
    }
}

impl<'a, G: Game, O: OpponentModel<G>> Builder<'a, G, O> {
    fn new(agent: Player, opponent: &'a O) -> Self {
        Builder {
            agent,
            opponent,
            states: Vec::new(),
            ids: FxHashMap::default(),
            action_start: vec![0],
            moves: Vec::new(),
            outcome_start: vec![0],
            target: Vec::new(),
            fraction: Vec::new(),
            choices: Vec::new(),
            legal: Vec::new(),
            agent_moves: Vec::new(),
        }
    }

    /// Adds the actions of state `id` and their distributions.
    fn expand(&mut self, id: usize, outcomes: &mut Vec<(u32, Fraction)>) -> Result<(), MdpError> {
        let position = self.states[id].clone();
        let mut moves = std::mem::take(&mut self.agent_moves);
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(MdpError::StuckPosition(format!("{position:?}")));
        }
        for &mv in &moves {
            outcomes.clear();
            self.resolve(&position.after(mv), Fraction::ONE, 0, outcomes)?;
            self.moves.push(mv);
            self.push_distribution(outcomes)?;
        }
        self.agent_moves = moves;
        self.action_start.push(index(self.moves.len())?);
        Ok(())
    }

    /// Appends to `out` the outcomes of arriving at `position` with
    /// probability `p`: the end of the game, a state of the agent, or (with
    /// the opponent to move) the outcomes of each of its choices.
    fn resolve(
        &mut self,
        position: &G,
        p: Fraction,
        chain: usize,
        out: &mut Vec<(u32, Fraction)>,
    ) -> Result<(), MdpError> {
        if let Some(outcome) = position.outcome() {
            out.push((PENDING_END - outcome.value_for(self.agent) as u32, p));
            return Ok(());
        }
        if position.turn() == self.agent {
            out.push((self.discover(position)?, p));
            return Ok(());
        }
        let bad = || MdpError::BadOpponentChoice(format!("{position:?}"));
        if chain >= MAX_OPPONENT_CHAIN {
            return Err(bad());
        }
        let total = self.opponent_choices(position)?;
        let choices = std::mem::take(&mut self.choices);
        for &(mv, weight) in &choices {
            let q = p.times(weight, total).ok_or(MdpError::Overflow)?;
            self.resolve(&position.after(mv), q, chain + 1, out)?;
        }
        self.choices = choices;
        Ok(())
    }

    /// Fills `self.choices` for `position` and checks them; returns the sum
    /// of the weights.
    fn opponent_choices(&mut self, position: &G) -> Result<u64, MdpError> {
        position.legal_moves(&mut self.legal);
        if self.legal.is_empty() {
            return Err(MdpError::StuckPosition(format!("{position:?}")));
        }
        self.opponent
            .choices(position, &self.legal, &mut self.choices)?;
        let legal = &self.legal;
        let usable = !self.choices.is_empty()
            && self
                .choices
                .iter()
                .all(|(mv, w)| *w > 0 && legal.contains(mv));
        if !usable {
            return Err(MdpError::BadOpponentChoice(format!("{position:?}")));
        }
        Ok(self.choices.iter().map(|&(_, w)| u64::from(w)).sum())
    }

    /// The id of `position`, given now if it has none.
    fn discover(&mut self, position: &G) -> Result<u32, MdpError> {
        if let Some(&id) = self.ids.get(position) {
            return Ok(id);
        }
        let id = index(self.states.len())?;
        self.ids.insert(position.clone(), id);
        self.states.push(position.clone());
        Ok(id)
    }

    /// Appends one distribution's outcomes.
    fn push_distribution(&mut self, outcomes: &[(u32, Fraction)]) -> Result<(), MdpError> {
        for &(target, p) in outcomes {
            self.target.push(target);
            self.fraction.push(p);
        }
        self.outcome_start.push(index(self.target.len())?);
        Ok(())
    }

    /// The finished MDP, with the pending end slots placed after the states.
    fn finish(self, start: G, opponent: String, discount: Discount) -> Mdp<G> {
        let n = self.states.len();
        let target = self
            .target
            .iter()
            .map(|&t| match PENDING_END - t {
                w @ 0..=2 => end_slot(n, Wdl::ALL[w as usize]),
                _ => t,
            })
            .collect();
        let prob = self
            .fraction
            .iter()
            .map(|f| f.num as f64 / f.den as f64)
            .collect();
        Mdp {
            start,
            agent: self.agent,
            opponent,
            discount,
            states: self.states,
            ids: self.ids,
            action_start: self.action_start,
            moves: self.moves,
            outcome_start: self.outcome_start,
            target,
            prob,
            fraction: self.fraction,
            loop_free: false,
        }
    }
}

/// `n` as a 32-bit index, leaving room for the end slots.
fn index(n: usize) -> Result<u32, MdpError> {
    u32::try_from(n)
        .ok()
        .filter(|&i| i < u32::MAX - 3)
        .ok_or(MdpError::TooLarge)
}
