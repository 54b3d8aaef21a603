//! How a game's positions are split into tiers and indexed densely.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use crate::Retrograde;

/// A game's positions split into tiers, each with a dense index.
///
/// Indices may fold symmetries: positions that are equivalent under a
/// symmetry of the rules share one index, and [`TierLayout::position`]
/// returns the representative. Some indices may name no legal position
/// (holes); `position` returns `None` for them.
pub trait TierLayout: Sync {
    /// The game; its un-moves must stay inside a tier.
    type Game: Retrograde + Send + Sync;
    /// A tier's name (for Jungle: a material).
    type Tier: Copy + Eq + Ord + Hash + Debug + Display + Send + Sync;

    /// The rules variant the tiers are built for (written in file headers).
    fn variant(&self) -> String;

    /// The name of the index scheme (written in file headers, so a file is
    /// never read with another layout).
    fn scheme(&self) -> String;

    /// The tier whose table holds `position`. A layout that folds a
    /// symmetry between tiers (Jungle: the colours) answers the stored
    /// tier of the pair, and [`TierLayout::index`] maps the position into it.
    fn tier_of(&self, position: &Self::Game) -> Self::Tier;

    /// The tier whose table holds the positions of `tier`: `tier` itself
    /// unless the layout folds a symmetry between tiers, in which case only
    /// one tier of each symmetric set is stored (and scheduled).
    fn stored_tier(&self, tier: Self::Tier) -> Self::Tier {
        tier
    }

    /// The number of indices of `tier`.
    fn tier_len(&self, tier: Self::Tier) -> u64;

    /// The index of `tier` as a mixed-radix number: each digit's radix,
    /// most significant first (their product is [`TierLayout::tier_len`]),
    /// or nothing if the index has no such form. WDL files may reorder the
    /// digits so their values form longer runs. The default gives nothing.
    fn index_radices(&self, _tier: Self::Tier) -> Vec<u64> {
        Vec::new()
    }

    /// Whether the side to move of the unfinished `position` has a move
    /// that wins at once which a cheap look finds (Jungle: an animal
    /// beside the enemy den); `false` when the look cannot tell. WDL files
    /// store any value at the positions it finds, so their probes ask it
    /// first. It must answer alike for every position an index stands for
    /// (symmetric twins). The default finds nothing.
    fn wins_in_one(&self, _position: &Self::Game) -> bool {
        false
    }

    /// [`TierLayout::wins_in_one`] of the position at `index` of `tier`,
    /// which must be a position, not a hole (a hole may answer either way).
    /// The default decodes the position; a layout can answer from the
    /// index (the WDL writer asks it of every win in one ply of a tier).
    fn wins_in_one_at(&self, tier: Self::Tier, index: u64) -> bool {
        self.position(tier, index)
            .is_some_and(|position| self.wins_in_one(&position))
    }

    /// The name of the rule [`TierLayout::wins_in_one`] follows, written
    /// in WDL file headers so a file is never probed under another rule;
    /// empty for the default, which finds nothing.
    fn wins_in_one_rule(&self) -> String {
        String::new()
    }

    /// Whether the solver may keep 2 bytes per position of `tier` instead
    /// of 4: every position has at most 63 children (moves that stay in the
    /// tier, counted as [`TierLayout::exits_and_children`] counts them) and
    /// every exit loses in at most 255 plies. A promise broken stops the
    /// solve with an error, never a wrong table. The default is `false`.
    fn narrow_entries(&self, _tier: Self::Tier) -> bool {
        false
    }

    /// The value, for its side to move, of an unfinished position that no
    /// tier stores because the rules decide it at once (dōbutsu shōgi: a
    /// side to move that can take the enemy lion has won in one ply), or
    /// `None`. Probes answer finished positions by their outcome, then ask
    /// this, then the tables; a solver values the moves that reach such a
    /// position as moves that leave the tier. The default knows none.
    fn known_value(&self, _position: &Self::Game) -> Option<crate::Solution> {
        None
    }

    /// The index of `position` (which must belong to `tier`), with
    /// symmetries folded.
    fn index(&self, tier: Self::Tier, position: &Self::Game) -> u64;

    /// The representative position of `index` in `tier`, or `None` for a
    /// hole.
    fn position(&self, tier: Self::Tier, index: u64) -> Option<Self::Game>;

    /// Calls `visit(index, position)` for every index of `range` in order,
    /// with `None` for a hole, until `visit` returns `false`. The default
    /// calls [`TierLayout::position`] for each; a layout can step from one
    /// index to the next more cheaply.
    fn for_each_position(
        &self,
        tier: Self::Tier,
        range: std::ops::Range<u64>,
        visit: &mut dyn FnMut(u64, Option<Self::Game>) -> bool,
    ) {
        for index in range {
            if !visit(index, self.position(tier, index)) {
                return;
            }
        }
    }

    /// How many positions the index of `position` stands for: 1, or more
    /// when the index folds symmetric twins (Jungle: 2 for a position and
    /// its different mirror image). The default is 1.
    fn multiplicity(&self, _tier: Self::Tier, _position: &Self::Game) -> u64 {
        1
    }

    /// The tiers one tier-changing move away from `tier` (for Jungle: one
    /// capture). They are solved before `tier`.
    fn successors(&self, tier: Self::Tier) -> Vec<Self::Tier>;

    /// The distinct indices of the positions one un-move before `position`
    /// (its parents in `tier`), into `out`; `unmoves` is scratch space.
    /// The default takes back every un-move and indexes the result; a
    /// layout can compute the parents' indices from the child's.
    fn parent_indices(
        &self,
        tier: Self::Tier,
        position: &Self::Game,
        unmoves: &mut Vec<<Self::Game as Retrograde>::Unmove>,
        out: &mut Vec<u64>,
    ) {
        position.unmoves(unmoves);
        out.clear();
        out.extend(
            unmoves
                .iter()
                .map(|&u| self.index(tier, &position.unplay(u))),
        );
        out.sort_unstable();
        out.dedup();
    }

    /// [`TierLayout::parent_indices`] of the position at `index`, or
    /// `false` (and `out` empty) for a hole. The default decodes the
    /// position; a layout can work from the index itself.
    fn parent_indices_of(
        &self,
        tier: Self::Tier,
        index: u64,
        unmoves: &mut Vec<<Self::Game as Retrograde>::Unmove>,
        out: &mut Vec<u64>,
    ) -> bool {
        let Some(position) = self.position(tier, index) else {
            out.clear();
            return false;
        };
        self.parent_indices(tier, &position, unmoves, out);
        true
    }

    /// The moves of `position` (a position of `tier`) as a solver's first
    /// pass needs them: `exit` is called with the position each move that
    /// leaves the tier reaches (in any order; a layout that knows several
    /// such positions have one value, as a dōbutsu shōgi lion left to be
    /// taken, may pass one of them), until it returns `false`;
    /// then the number of distinct indices the moves that stay in the tier
    /// reach is returned (as [`TierLayout::distinct_children`] counts
    /// them), or `None` if `exit` stopped the visit. No exit and no child
    /// means no legal move. `moves` and `scratch` are scratch space. The
    /// default lists the legal moves; a layout can count the moves that
    /// stay without listing them.
    fn exits_and_children(
        &self,
        tier: Self::Tier,
        position: &Self::Game,
        moves: &mut Vec<<Self::Game as crate::Game>::Move>,
        scratch: &mut Vec<u64>,
        exit: &mut dyn FnMut(&Self::Game) -> bool,
    ) -> Option<usize> {
        use crate::Game;
        position.legal_moves(moves);
        for &mv in moves.iter() {
            if !position.stays_in_tier(mv) && !exit(&position.after(mv)) {
                return None;
            }
        }
        moves.retain(|&mv| position.stays_in_tier(mv));
        Some(self.distinct_children(tier, position, moves, scratch))
    }

    /// The indices of the positions `position` (a position of `tier`)
    /// reaches by `moves`, each of which stays in `tier`, into `out` in the
    /// order of `moves`. The default plays each move and indexes the
    /// result; a layout can change the position's index instead.
    fn child_indices(
        &self,
        tier: Self::Tier,
        position: &Self::Game,
        moves: &[<Self::Game as crate::Game>::Move],
        out: &mut Vec<u64>,
    ) {
        use crate::Game;
        out.clear();
        out.extend(
            moves
                .iter()
                .map(|&mv| self.index(tier, &position.after(mv))),
        );
    }

    /// The number of distinct indices among the positions `position`
    /// reaches by `moves` (all of which stay in `tier`). Moves to positions
    /// that are mirror images of each other share an index, so this may be
    /// fewer than `moves.len()`. The default plays every move and counts the
    /// distinct indices; a layout that knows its symmetries can count
    /// without playing.
    fn distinct_children(
        &self,
        tier: Self::Tier,
        position: &Self::Game,
        moves: &[<Self::Game as crate::Game>::Move],
        scratch: &mut Vec<u64>,
    ) -> usize {
        use crate::Game;
        scratch.clear();
        scratch.extend(
            moves
                .iter()
                .map(|&mv| self.index(tier, &position.after(mv))),
        );
        scratch.sort_unstable();
        scratch.dedup();
        scratch.len()
    }
}
