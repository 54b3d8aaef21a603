//! Jungle's terminal capability: the board drawn for a terminal (files
//! and ranks, water, traps and dens visible, pieces by letter (upper case
//! bottom, lower case top) or by Chinese name with the style's native
//! names, the two sides in red and blue with its colours), moves typed as
//! from-square and to-square.

use gamesolver_api::model::position_of;
use gamesolver_api::{State, TerminalRenderer, TerminalStyle as Style};
use gamesolver_core::Player;
use gamesolver_games::jungle::board::{DENS, TRAPS, WATER};
use gamesolver_games::jungle::{JungleGame, Move, Piece, Position, Square};

/// The terminal picture of Jungle.
pub struct JungleTerminal;

impl TerminalRenderer for JungleTerminal {
    fn move_help(&self) -> &'static str {
        "Moves: from-square then to-square, e.g. `g3g4`; `undo`, `quit`."
    }

    fn draw(&self, state: &dyn State, style: Style) -> Option<String> {
        position_of::<JungleGame>(state)
            .ok()
            .map(|game| draw(game.position(), style))
    }

    fn read_move(&self, typed: &str) -> Result<String, String> {
        typed
            .parse::<Move>()
            .map(|mv| mv.to_string())
            .map_err(|e| format!("{e}"))
    }
}

/// The Chinese name of `piece`.
#[must_use]
pub fn chinese_name(piece: Piece) -> char {
    match piece {
        Piece::Elephant => '象',
        Piece::Lion => '狮',
        Piece::Tiger => '虎',
        Piece::Leopard => '豹',
        Piece::Wolf => '狼',
        Piece::Dog => '狗',
        Piece::Cat => '猫',
        Piece::Rat => '鼠',
    }
}

/// A piece as three terminal columns: a separator, then the piece in two.
fn piece_cell(player: Player, piece: Piece, style: Style) -> String {
    let text = match (style.native_names, player) {
        (true, _) => chinese_name(piece).to_string(),
        (false, Player::First) => format!("{} ", piece.letter()),
        (false, Player::Second) => format!("{} ", piece.letter().to_ascii_lowercase()),
    };
    style.piece_cell(player, &text)
}

/// An empty square as two terminal columns: `~~` water, `##` a trap, `()`
/// a den, `. ` land.
fn empty_cell(square: Square) -> &'static str {
    let b = square.bit();
    if b & WATER != 0 {
        "~~"
    } else if b & (TRAPS[0] | TRAPS[1]) != 0 {
        "##"
    } else if b & (DENS[0] | DENS[1]) != 0 {
        "()"
    } else {
        ". "
    }
}

/// The board, rank 9 at the top, with a legend and the side to move.
#[must_use]
pub fn draw(position: &Position, style: Style) -> String {
    let mut text = String::new();
    for rank in (0..9u8).rev() {
        text.push_str(&format!("{} ", rank + 1));
        for file in 0..7u8 {
            let square = Square::at(file, rank).unwrap_or_else(|| unreachable!("on the board"));
            let cell = match position.piece_at(square) {
                Some((player, piece)) => piece_cell(player, piece, style),
                None => format!(" {}", empty_cell(square)),
            };
            text.push_str(&cell);
        }
        text.push('\n');
    }
    text.push_str("   a  b  c  d  e  f  g\n");
    text.push_str("   ~~ water  ## trap  () den");
    text.push_str(if style.native_names {
        if style.colour {
            "  象8 狮7 虎6 豹5 狼4 狗3 猫2 鼠1\n"
        } else {
            "  象8 狮7 虎6 豹5 狼4 狗3 猫2 鼠1 (top marked *)\n"
        }
    } else {
        "  E8 L7 T6 P5 W4 D3 C2 R1 (bottom upper case)\n"
    });
    let mover = match position.turn() {
        Player::First => "bottom",
        Player::Second => "top",
    };
    text.push_str(&format!("{mover} to move\n"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_pieces_water_traps_and_dens() {
        let text = draw(&Position::start(), Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "9  l  .  ## () ## .  t ");
        assert!(lines[4].contains("~~ ~~"), "{text}");
        assert!(text.contains("bottom to move"));
        let cn = draw(
            &Position::start(),
            Style {
                native_names: true,
                colour: true,
            },
        );
        assert!(cn.contains('象') && cn.contains('鼠') && cn.contains("\u{1b}[1;34m"));
        let plain = draw(
            &Position::start(),
            Style {
                native_names: true,
                colour: false,
            },
        );
        assert_eq!(plain.lines().next(), Some("9 *狮 .  ## () ## . *虎"));
    }
}
