//! Opening positions for self-play and matches: a few random plies from the
//! start, reproducible from a seed, read from a file, or the balanced
//! two-ply openings of `data/uttt-openings-2ply.txt`.

use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, Cell, Variant};
use gamesolver_search::{AlphaBeta, Limits, Score};

use super::eval::UtttEval;
use gamesolver_arena::openings::OpeningsError;

/// The search depth that judges the balance of an opening.
pub const BALANCE_DEPTH: u32 = 6;

/// The largest score (from the side to move, in evaluation units) of a
/// balanced opening at [`BALANCE_DEPTH`].
pub const BALANCE_LIMIT: i32 = 60;

/// The eight symmetries of the 3×3 square as maps of positions 0..8.
#[must_use]
pub fn symmetries() -> [[u8; 9]; 8] {
    let mut maps = [[0u8; 9]; 8];
    for (k, map) in maps.iter_mut().enumerate() {
        for (p, image) in map.iter_mut().enumerate() {
            let (mut r, mut c) = (p / 3, p % 3);
            for _ in 0..k % 4 {
                (r, c) = (c, 2 - r);
            }
            if k >= 4 {
                c = 2 - c;
            }
            *image = (3 * r + c) as u8;
        }
    }
    maps
}

/// The two-ply openings (X's move, O's answer) up to the symmetries of the
/// board, each class represented by its smallest pair of cell indices.
#[must_use]
pub fn two_ply_classes() -> Vec<[Cell; 2]> {
    let maps = symmetries();
    let image = |cell: Cell, map: &[u8; 9]| {
        Cell::at(map[usize::from(cell.board())], map[usize::from(cell.pos())]).unwrap_or(cell)
    };
    let mut classes = Vec::new();
    for first in Cell::all() {
        for second in Cell::all().filter(|&c| c.board() == first.pos() && c != first) {
            let key = |pair: [Cell; 2]| (pair[0].index(), pair[1].index());
            let canonical = maps
                .iter()
                .map(|m| [image(first, m), image(second, m)])
                .min_by_key(|&pair| key(pair));
            if canonical.is_some_and(|c| key(c) == key([first, second])) {
                classes.push([first, second]);
            }
        }
    }
    classes
}

/// The two-ply openings (one per symmetry class) whose score at
/// [`BALANCE_DEPTH`] is within [`BALANCE_LIMIT`] of zero, with that score,
/// under `variant`.
#[must_use]
pub fn balanced_openings(variant: Variant) -> Vec<(Board, Score)> {
    let mut search = AlphaBeta::new(UtttEval::default(), 4);
    two_ply_classes()
        .into_iter()
        .filter_map(|[first, second]| {
            let board = Board::start(variant).after(first).after(second);
            search.new_game();
            let score = search
                .search(&board, &Limits::depth(BALANCE_DEPTH), |_| {})
                .score;
            (score.value().abs() <= BALANCE_LIMIT).then_some((board, score))
        })
        .collect()
}

/// `count` positions reached by `plies` uniformly random moves from the
/// start, reproducible from `seed` (see [`gamesolver_arena::openings::random_openings`]).
#[must_use]
pub fn random_openings(count: usize, plies: usize, seed: u64, variant: Variant) -> Vec<Board> {
    gamesolver_arena::openings::random_openings(&Board::start(variant), count, plies, seed)
}

/// Reads openings from text: one position per line; blank lines and lines
/// starting with `#` are skipped.
pub fn parse_openings(text: &str, variant: Variant) -> Result<Vec<Board>, OpeningsError> {
    gamesolver_arena::openings::parse_openings(text, |line| Board::parse_variant(line, variant))
}

/// The text of `data/uttt-openings-2ply.txt`: a header saying how it was
/// made, then the balanced openings of [`balanced_openings`] under
/// CodinGame's rule, one position per line.
#[must_use]
pub fn balanced_openings_file() -> String {
    let openings = balanced_openings(Variant::CodinGame);
    let mut text = format!(
        "# Balanced two-ply openings of ultimate tic-tac-toe, one per symmetry class,\n\
         # whose alpha-beta score at depth {BALANCE_DEPTH} is within {BALANCE_LIMIT} of zero\n\
         # ({} of {} classes). Regenerate with\n\
         # cargo run --release -p gamesolver-engines --example uttt_openings > data/uttt-openings-2ply.txt\n",
        openings.len(),
        two_ply_classes().len()
    );
    for (board, score) in openings {
        text.push_str(&format!("# score {}\n{board}\n", score.value()));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_openings_file_is_balanced_two_ply_positions() {
        let text = include_str!("../../../../data/uttt-openings-2ply.txt");
        let openings = parse_openings(text, Variant::CodinGame).unwrap();
        let scores: Vec<i32> = text
            .lines()
            .filter_map(|l| l.strip_prefix("# score "))
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(openings.len(), scores.len());
        assert!(openings.len() >= 40, "{}", openings.len());
        assert!(scores.iter().all(|s| s.abs() <= BALANCE_LIMIT));
        let classes = two_ply_classes();
        for board in &openings {
            let pair = classes
                .iter()
                .find(|[a, b]| Board::start(Variant::CodinGame).after(*a).after(*b) == *board);
            assert!(
                pair.is_some(),
                "{board} is not a two-ply class representative"
            );
        }
    }

    #[test]
    fn two_ply_classes_cover_all_openings_once() {
        let classes = two_ply_classes();
        // 81 × 9 − 9 = 720 openings (O cannot answer in X's cell) fall into
        // 102 orbits under the 8 symmetries (counted independently in
        // Python by brute force).
        let maps = symmetries();
        let mut seen = std::collections::HashSet::new();
        for [a, b] in &classes {
            for m in &maps {
                let img =
                    |c: Cell| Cell::at(m[usize::from(c.board())], m[usize::from(c.pos())]).unwrap();
                seen.insert((img(*a).index(), img(*b).index()));
            }
        }
        assert_eq!(seen.len(), 720);
        assert_eq!(classes.len(), 102);
    }

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
