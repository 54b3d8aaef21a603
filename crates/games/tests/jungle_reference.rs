//! An independent, deliberately naive Jungle move generator (a mailbox
//! board and one predicate per rule, written straight from the rules'
//! statement in `gamesolver_games::jungle` and its presets),
//! compared with the bitboard generator on many positions of random games,
//! under every rule preset.

use gamesolver_conformance::random_playouts;
use gamesolver_core::{Game, Player};
use gamesolver_games::jungle::{Move, Piece, Position, Square, Variant};

type Cell = Option<(Player, Piece)>;

fn name(text: &str) -> Square {
    text.parse().unwrap()
}

fn is_water(sq: Square) -> bool {
    matches!(sq.file(), 1 | 2 | 4 | 5) && matches!(sq.rank(), 3..=5)
}

fn den_of(player: Player) -> Square {
    match player {
        Player::First => name("d1"),
        Player::Second => name("d9"),
    }
}

fn is_trap_of(player: Player, sq: Square) -> bool {
    let traps = match player {
        Player::First => ["c1", "e1", "d2"],
        Player::Second => ["c9", "e9", "d8"],
    };
    traps.iter().any(|t| name(t) == sq)
}

struct Naive {
    cells: Vec<Cell>,
    turn: Player,
    variant: Variant,
}

impl Naive {
    fn new(position: &Position) -> Naive {
        let cells = Square::all().map(|sq| position.piece_at(sq)).collect();
        Naive {
            cells,
            turn: position.turn(),
            variant: position.variant(),
        }
    }

    fn at(&self, sq: Square) -> Cell {
        self.cells[sq.index() as usize]
    }

    fn rank(&self, piece: Piece) -> u8 {
        self.variant.rules().rank(piece)
    }

    /// Whether `attacker` on `from` may capture `victim` on `to`.
    fn captures(&self, attacker: Piece, from: Square, victim: Piece, to: Square) -> bool {
        let across = self.variant.rules().rat_captures_across_water;
        if is_water(from) != is_water(to) && !(across && attacker == Piece::Rat) {
            return false;
        }
        if is_trap_of(self.turn, to) {
            return true;
        }
        match (attacker, victim) {
            (Piece::Rat, Piece::Elephant) => true,
            (Piece::Elephant, Piece::Rat) => false,
            _ => self.rank(attacker) >= self.rank(victim),
        }
    }

    /// The landing square of a jump from `from` over the river in
    /// direction `(df, dr)`, if the move is a river crossing no rat blocks.
    fn jump(&self, from: Square, df: i8, dr: i8) -> Option<Square> {
        let mut at = from;
        loop {
            let next = Square::at(
                u8::try_from(at.file() as i8 + df).ok()?,
                u8::try_from(at.rank() as i8 + dr).ok()?,
            )?;
            if !is_water(next) {
                return (next != step(from, df, dr)?).then_some(next);
            }
            if matches!(self.at(next), Some((_, Piece::Rat))) {
                return None;
            }
            at = next;
        }
    }

    fn moves(&self) -> Vec<Move> {
        let me = self.turn;
        if matches!(self.at(den_of(me)), Some((owner, _)) if owner != me) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for from in Square::all() {
            let Some((owner, piece)) = self.at(from) else {
                continue;
            };
            if owner != me {
                continue;
            }
            for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let Some(mut to) = step(from, df, dr) else {
                    continue;
                };
                if is_water(to) && piece != Piece::Rat {
                    if !matches!(piece, Piece::Lion | Piece::Tiger) {
                        continue;
                    }
                    match self.jump(from, df, dr) {
                        Some(land) => to = land,
                        None => continue,
                    }
                }
                if to == den_of(me) {
                    continue;
                }
                let legal = match self.at(to) {
                    None => true,
                    Some((owner, _)) if owner == me => false,
                    Some((_, victim)) => self.captures(piece, from, victim, to),
                };
                if legal {
                    out.push(Move::new(from, to));
                }
            }
        }
        out.sort();
        out
    }
}

fn step(from: Square, df: i8, dr: i8) -> Option<Square> {
    Square::at(
        u8::try_from(from.file() as i8 + df).ok()?,
        u8::try_from(from.rank() as i8 + dr).ok()?,
    )
}

fn check_against_naive(position: &Position) {
    let mut fast = position.moves();
    fast.sort();
    let naive = Naive::new(position).moves();
    assert_eq!(fast, naive, "{position}");
    assert_eq!(position.count_moves() as usize, naive.len(), "{position}");
}

/// Positions of random games, plus their mirror images and flips, which
/// bring the jumpers and rats to every river.
fn sample(variant: Variant, games: usize, seed: u64) -> Vec<Position> {
    random_playouts(&Position::start_with(variant), games, seed)
        .into_iter()
        .flat_map(|p| [p, p.mirrored(), p.flipped()])
        .collect()
}

#[test]
fn bitboard_generator_matches_the_naive_one() {
    for (seed, variant) in Variant::ALL.into_iter().enumerate() {
        let positions = sample(variant, 300, seed as u64);
        assert!(positions.len() > 10_000);
        let (mut jumps, mut swims) = (0, 0);
        for position in &positions {
            check_against_naive(position);
            for mv in position.moves() {
                let far =
                    mv.from.file().abs_diff(mv.to.file()) + mv.from.rank().abs_diff(mv.to.rank());
                jumps += usize::from(far > 1);
                swims += usize::from(
                    position
                        .piece_at(mv.from)
                        .is_some_and(|c| c.1 == Piece::Rat)
                        && is_water(mv.to),
                );
            }
        }
        assert!(jumps > 100 && swims > 100, "{jumps} jumps, {swims} swims");
    }
}

/// Perft with the naive generator's moves.
fn naive_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    Naive::new(position)
        .moves()
        .into_iter()
        .map(|mv| naive_perft(&position.after(mv), depth - 1))
        .sum()
}

#[test]
fn naive_generator_matches_the_reference_counts() {
    let start = Position::start();
    assert_eq!(naive_perft(&start, 1), 24);
    assert_eq!(naive_perft(&start, 2), 576);
    assert_eq!(naive_perft(&start, 3), 12240);
    assert_eq!(naive_perft(&start, 4), 260099);
    assert_eq!(naive_perft(&start, 5), 5111620);
}

#[test]
fn naive_generator_sees_the_rules() {
    let p: Position = "7/7/7/7/2rR3/7/7/7/7 w".parse().unwrap();
    assert_eq!(Naive::new(&p).moves().len(), 3);
    let across = Position::from_fen("7/7/7/7/2rR3/7/7/7/7 w", Variant::RatAcrossWater).unwrap();
    assert_eq!(Naive::new(&across).moves().len(), 4);
    check_against_naive(&across);
}
