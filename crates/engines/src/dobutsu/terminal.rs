//! Dōbutsu shōgi's terminal capability: the 3 × 4 board (rank 4 at the
//! top, as in the position text), both hands (the second player's above
//! the board, the first player's below), pieces by letter (upper case the
//! first player's, lower case the second's; `H` a hen) or by their kanji
//! with the style's native names, the two sides in red and blue with its
//! colours; moves typed as `b1b2` or drops as `C*b2`.

use gamesolver_api::model::position_of;
use gamesolver_api::{State, TerminalRenderer, TerminalStyle as Style};
use gamesolver_core::Player;
use gamesolver_games::dobutsu::{Hand, Move, Piece, Position, Square};

/// The terminal picture of dōbutsu shōgi.
pub struct DobutsuTerminal;

impl TerminalRenderer for DobutsuTerminal {
    fn move_help(&self) -> &'static str {
        "Moves: from-square then to-square, e.g. `b1a2`, or a drop from the hand, e.g. `C*b2`; `undo`, `quit`."
    }

    fn draw(&self, state: &dyn State, style: Style) -> Option<String> {
        position_of::<Position>(state)
            .ok()
            .map(|position| draw(position, style))
    }

    fn read_move(&self, typed: &str) -> Result<String, String> {
        typed
            .trim()
            .parse::<Move>()
            .map(|mv| mv.to_string())
            .map_err(|e| format!("{e}"))
    }
}

/// The kanji of `piece`: 獅 lion, 麒 giraffe, 象 elephant, 雛 chick, 鶏
/// hen.
#[must_use]
pub fn kanji(piece: Piece) -> char {
    match piece {
        Piece::Lion => '獅',
        Piece::Giraffe => '麒',
        Piece::Elephant => '象',
        Piece::Chick => '雛',
        Piece::Hen => '鶏',
    }
}

/// A piece as three terminal columns: a separator, then the piece in two
/// (a kanji is two columns wide), coloured by its side with colours.
fn piece_cell(player: Player, piece: Piece, style: Style) -> String {
    let text = if style.native_names {
        kanji(piece).to_string()
    } else {
        format!("{} ", piece.letter_of(player))
    };
    style.piece_cell(player, &text)
}

/// `player`'s hand as one line.
fn hand_line(position: &Position, player: Player, style: Style) -> String {
    let mut held = Vec::new();
    for hand in Hand::ALL {
        for _ in 0..position.hand(player, hand) {
            held.push(piece_cell(player, hand.piece(), style).trim().to_string());
        }
    }
    let pieces = if held.is_empty() {
        "-".to_string()
    } else {
        held.join(" ")
    };
    let name = gamesolver_games::dobutsu::side_name(player);
    format!("   {name} player's hand: {pieces}\n")
}

/// The board, rank 4 at the top, with both hands and the side to move.
#[must_use]
pub fn draw(position: &Position, style: Style) -> String {
    let mut text = hand_line(position, Player::Second, style);
    for rank in (0..4u8).rev() {
        text.push_str(&format!("{} ", rank + 1));
        for file in 0..3u8 {
            let square = Square::at(file, rank).unwrap_or_else(|| unreachable!("on the board"));
            let cell = match position.piece_at(square) {
                Some((player, piece)) => piece_cell(player, piece, style),
                None => " . ".to_string(),
            };
            text.push_str(&cell);
        }
        text.push('\n');
    }
    text.push_str("   a  b  c\n");
    text.push_str(&hand_line(position, Player::First, style));
    text.push_str(if style.native_names {
        "   獅 lion  麒 giraffe  象 elephant  雛 chick  鶏 hen\n"
    } else {
        "   L lion  G giraffe  E elephant  C chick  H hen (first player upper case)\n"
    });
    let mover = gamesolver_games::dobutsu::side_name(position.turn());
    text.push_str(&format!("{mover} player to move\n"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_board_and_both_hands() {
        let position: Position = "gle/1C1/3/ELG w C".parse().unwrap();
        let text = draw(&position, Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   second player's hand: -");
        assert_eq!(lines[1], "4  g  l  e ");
        assert_eq!(lines[2], "3  .  C  . ");
        assert_eq!(lines[4], "1  E  L  G ");
        assert_eq!(lines[6], "   first player's hand: C");
        assert!(text.ends_with("second player to move\n"), "{text}");
        let native = draw(
            &position,
            Style {
                native_names: true,
                colour: true,
            },
        );
        assert!(
            native.contains('獅') && native.contains("\u{1b}[1;34m"),
            "{native}"
        );
    }

    #[test]
    fn typed_moves_are_read_as_the_game_writes_them() {
        assert_eq!(DobutsuTerminal.read_move(" c*b2 ").unwrap(), "C*b2");
        assert_eq!(DobutsuTerminal.read_move("b1a2").unwrap(), "b1a2");
        assert!(DobutsuTerminal.read_move("z9").is_err());
    }
}
