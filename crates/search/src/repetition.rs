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
}

impl PathKeys {
    /// Forgets everything, then records the real game's positions before the
    /// root, oldest first, since its last irreversible move.
    pub fn set_game(&mut self, keys: &[u64]) {
        self.keys.clear();
        self.reversible.clear();
        for (i, &key) in keys.iter().enumerate() {
            self.keys.push(key);
            self.reversible.push(i as u32);
        }
        self.game_len = keys.len();
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
            Some(&n) if !irreversible => n + 1,
            _ => 0,
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
        let window = self.reversible_plies() as usize;
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
}
