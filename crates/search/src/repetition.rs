//! Repetition detection: the keys of the positions of the real game and of
//! the path searched so far, so a position that repeats scores as a draw.

/// A stack of position keys, oldest first: the real game's positions before
/// the root, then the root and the positions along the current search path.
/// Each entry remembers how many reversible plies led to it, so a
/// repetition is looked for only since the last irreversible move.
#[derive(Clone, Debug, Default)]
pub struct PathKeys {
    keys: Vec<u64>,
    reversible: Vec<u32>,
    game_len: usize,
    /// Reversible plies before the first recorded position.
    reversible_before: u32,
}

impl PathKeys {
    /// Forgets everything, then records the real game's positions before the
    /// root, oldest first, since its last irreversible move.
    pub fn set_game(&mut self, keys: &[u64]) {
        self.set_game_after(keys, 0);
    }

    /// [`set_game`](Self::set_game) for a game whose first recorded position
    /// was already reached by `reversible_before` reversible plies that
    /// were not recorded (a position given with a no-capture count, as a
    /// long Jungle FEN's half-move field): they count towards
    /// [`reversible_plies`](Self::reversible_plies), not towards
    /// repetitions.
    pub fn set_game_after(&mut self, keys: &[u64], reversible_before: u32) {
        self.keys.clear();
        self.reversible.clear();
        for (i, &key) in keys.iter().enumerate() {
            self.keys.push(key);
            let i = u32::try_from(i).unwrap_or(u32::MAX);
            self.reversible.push(reversible_before.saturating_add(i));
        }
        self.game_len = keys.len();
        self.reversible_before = reversible_before;
    }

    /// Drops the search path (back to the real game's positions).
    pub fn reset_path(&mut self) {
        self.keys.truncate(self.game_len);
        self.reversible.truncate(self.game_len);
    }

    /// Enters a position with `key`, reached by an irreversible move or not.
    #[inline]
    pub fn push(&mut self, key: u64, irreversible: bool) {
        let reversible = match self.reversible.last() {
            _ if irreversible => 0,
            Some(&n) => n.saturating_add(1),
            None => self.reversible_before,
        };
        self.keys.push(key);
        self.reversible.push(reversible);
    }

    /// Leaves the last position entered.
    #[inline]
    pub fn pop(&mut self) {
        self.keys.pop();
        self.reversible.pop();
    }

    /// Reversible plies that led to the last position (the no-capture
    /// count of Jungle), real game included.
    #[inline]
    #[must_use]
    pub fn reversible_plies(&self) -> u32 {
        self.reversible.last().copied().unwrap_or(0)
    }

    /// Whether the last position entered occurred before, since the last
    /// irreversible move (only every second entry can match: the side to
    /// move is part of the key).
    #[inline]
    #[must_use]
    pub fn is_repetition(&self) -> bool {
        let n = self.keys.len();
        let Some(&key) = self.keys.last() else {
            return false;
        };
        // Plies counted before the first recorded position have no keys.
        let window = (self.reversible_plies() as usize).min(n - 1);
        (2..=window)
            .step_by(2)
            .any(|back| self.keys[n - 1 - back] == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_repetitions_since_the_last_irreversible_move() {
        let mut path = PathKeys::default();
        path.set_game(&[1, 2]);
        path.push(3, false);
        path.push(4, false);
        assert!(!path.is_repetition());
        path.push(1, false);
        assert!(path.is_repetition());
        path.pop();
        path.push(3, true);
        assert!(!path.is_repetition(), "a capture cuts the window");
        assert_eq!(path.reversible_plies(), 0);
        path.reset_path();
        assert_eq!(path.reversible_plies(), 1);
    }

    #[test]
    fn plies_before_the_recorded_game_count_but_never_repeat() {
        let mut path = PathKeys::default();
        path.set_game_after(&[7], 150);
        assert_eq!(path.reversible_plies(), 150);
        path.push(8, false);
        path.push(7, false);
        assert_eq!(path.reversible_plies(), 152);
        assert!(path.is_repetition());
        path.pop();
        path.pop();
        path.push(9, false);
        assert!(
            !path.is_repetition(),
            "no key before the first is looked at"
        );
        path.push(10, true);
        assert_eq!(path.reversible_plies(), 0);
    }

    #[test]
    fn plies_before_an_empty_game_count_from_the_root() {
        let mut path = PathKeys::default();
        path.set_game_after(&[], 199);
        path.reset_path();
        path.push(5, false);
        assert_eq!(path.reversible_plies(), 199);
        assert!(!path.is_repetition());
        path.push(6, false);
        assert_eq!(path.reversible_plies(), 200);
    }
}
