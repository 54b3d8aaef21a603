//! Prints seeded random positions of dobutsu shogi games with their
//! values in a built table, one per line: the position (this project's
//! text), the same position in clausecker/dobutsu's notation
//! (`S/gle/-c-/-C-/ELG/-`: side, ranks 4 to 1, `-` for empty squares,
//! hens `R`, the pieces in hand), and the value and distance for the side
//! to move (`#N` won in N plies, `#-N` lost in N, `0` drawn, as that
//! program's `show eval` prints them). The harness of the cross-check
//! against its table in docs/PEERS.md.
//!
//! ```text
//! cargo run --release -p gamesolver-retro --example dobutsu_sample -- DIR COUNT SEED
//! ```
//! Positions are stored ones met in random games from the start.

use gamesolver_core::splitmix::SplitMix64;
use gamesolver_core::{Game, Player, Wdl};
use gamesolver_games::dobutsu::{DobutsuTiers, Material, Piece, Position, Square};
use gamesolver_retro::tablebase::Tablebase;

/// The position in clausecker/dobutsu's notation.
fn clausecker(position: &Position) -> String {
    let mut text = String::from(match position.turn() {
        Player::First => "S",
        Player::Second => "G",
    });
    for rank in (0..4u8).rev() {
        text.push('/');
        for file in 0..3u8 {
            let square = Square::at(file, rank).expect("on the board");
            text.push(match position.piece_at(square) {
                None => '-',
                Some((owner, Piece::Hen)) => {
                    if owner == Player::First {
                        'R'
                    } else {
                        'r'
                    }
                }
                Some((owner, piece)) => piece.letter_of(owner),
            });
        }
    }
    text.push('/');
    let mut held = String::new();
    for player in Player::BOTH {
        for hand in gamesolver_games::dobutsu::Hand::ALL {
            for _ in 0..position.hand(player, hand) {
                held.push(hand.piece().letter_of(player));
            }
        }
    }
    text.push_str(if held.is_empty() { "-" } else { &held });
    text
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: dobutsu_sample DIR COUNT SEED";
    let dir = args.next().ok_or(usage)?;
    let count: usize = args.next().ok_or(usage)?.parse()?;
    let seed: u64 = args.next().ok_or(usage)?.parse()?;
    let tablebase = Tablebase::new(DobutsuTiers::default(), &dir);
    tablebase.load_into_memory(Material::FULL)?;
    let mut random = SplitMix64::new(seed);
    let mut printed = 0;
    let mut moves = Vec::new();
    while printed < count {
        let mut position = Position::start();
        // Games of random length; the position where each stops is printed.
        let plies = 1 + random.next_u64() % 60;
        for _ in 0..plies {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(random.next_u64() % moves.len() as u64) as usize];
            position = position.after(mv);
        }
        if !position.is_interior() {
            continue;
        }
        let solution = tablebase.probe(&position)?.ok_or("not stored")?;
        let value = match solution.wdl {
            Wdl::Win => format!("#{}", solution.distance),
            Wdl::Loss => format!("#-{}", solution.distance),
            Wdl::Draw => "0".to_string(),
        };
        println!("{position}\t{}\t{value}", clausecker(&position));
        printed += 1;
    }
    Ok(())
}
