//! Opening positions for self-play and matches: a few random plies from the
//! start, reproducible from a seed, or read from a file.

use gamesolver_games::uttt::{Board, Variant};

use crate::openings::OpeningsError;

/// `count` positions reached by `plies` uniformly random moves from the
/// start, reproducible from `seed` (see [`crate::openings::random_openings`]).
#[must_use]
pub fn random_openings(count: usize, plies: usize, seed: u64, variant: Variant) -> Vec<Board> {
    crate::openings::random_openings(&Board::start(variant), count, plies, seed)
}

/// Reads openings from text: one position per line; blank lines and lines
/// starting with `#` are skipped.
pub fn parse_openings(text: &str, variant: Variant) -> Result<Vec<Board>, OpeningsError> {
    crate::openings::parse_openings(text, |line| Board::parse_variant(line, variant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_core::Game;

    #[test]
    fn openings_are_reproducible_and_unfinished() {
        let a = random_openings(5, 2, 9, Variant::Standard);
        assert_eq!(a, random_openings(5, 2, 9, Variant::Standard));
        assert!(
            a.iter()
                .all(|b| !b.is_finished()
                    && b.marks(gamesolver_core::Player::First).count_ones() == 1)
        );
    }

    #[test]
    fn bad_opening_lines_are_named() {
        let err = parse_openings("# c\n\nxyz\n", Variant::Standard).unwrap_err();
        assert!(format!("{err:#}").contains("line 3"));
        assert!(parse_openings("", Variant::Standard).is_err());
    }
}
