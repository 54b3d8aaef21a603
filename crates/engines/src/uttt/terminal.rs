//! Ultimate tic-tac-toe's terminal capability: the board drawn for a
//! terminal, moves typed as a cell or as board and cell.

use gamesolver_api::model::position_of;
use gamesolver_api::{State, TerminalRenderer, TerminalStyle};
use gamesolver_core::{Game, Player};
use gamesolver_games::uttt::{Board, Cell};

/// The terminal picture of ultimate tic-tac-toe.
pub struct UtttTerminal;

impl TerminalRenderer for UtttTerminal {
    fn move_help(&self) -> &'static str {
        "Moves: a cell 0..80 or `board cell` (e.g. `4 4`); `undo`, `quit`."
    }

    fn draw(&self, state: &dyn State, _style: TerminalStyle) -> Option<String> {
        position_of::<Board>(state).ok().map(draw)
    }

    fn read_move(&self, typed: &str) -> Result<String, String> {
        read_move(typed).map(|cell| cell.to_string())
    }

    fn announce(&self, mv: &str) -> String {
        match mv.parse::<Cell>() {
            Ok(cell) => format!("{mv} (board {}, cell {})", cell.board(), cell.pos()),
            Err(_) => mv.to_string(),
        }
    }
}

/// A move as typed: a cell number `0`..`80`, or board and cell `B C`
/// (also `B,C` or `B.C`).
pub fn read_move(text: &str) -> Result<Cell, String> {
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|p| !p.is_empty())
        .collect();
    let number = |s: &str| {
        s.parse::<u8>()
            .map_err(|_| format!("{s:?} is not a number"))
    };
    match parts[..] {
        [one] => Cell::new(number(one)?).ok_or_else(|| "cells are numbered 0..80".to_string()),
        [b, c] => Cell::at(number(b)?, number(c)?)
            .ok_or_else(|| "boards and cells are numbered 0..8".to_string()),
        _ => Err("type a cell 0..80, or a board and a cell such as `4 4`".to_string()),
    }
}

/// The 9×9 grid with the small boards separated. Empty cells where the side
/// to move may play show their move number (so the allowed boards stand
/// out); other empty cells are dots. Won boards are listed under the grid.
#[must_use]
pub fn draw(board: &Board) -> String {
    let legal = board.legal_mask();
    let mut text = String::new();
    for row in 0..9u8 {
        if row % 3 == 0 && row > 0 {
            text.push_str(" ----------+----------+---------\n");
        }
        text.push(' ');
        for col in 0..9u8 {
            if col % 3 == 0 && col > 0 {
                text.push_str(" |");
            }
            let cell = Cell::from_grid(row, col).unwrap_or_else(|| unreachable!("row, col < 9"));
            let bit = 1u128 << cell.index();
            let shown = if board.marks(Player::First) & bit != 0 {
                " X".to_string()
            } else if board.marks(Player::Second) & bit != 0 {
                " O".to_string()
            } else if legal & bit != 0 {
                format!("{:>2}", cell.index())
            } else {
                " .".to_string()
            };
            text.push_str(&format!(" {shown}"));
        }
        text.push('\n');
    }
    for player in Player::BOTH {
        let won: Vec<String> = (0..9)
            .filter(|b| board.meta(player) >> b & 1 == 1)
            .map(|b| b.to_string())
            .collect();
        if !won.is_empty() {
            text.push_str(&format!(
                "{} owns boards {}\n",
                Board::player_name(player),
                won.join(", ")
            ));
        }
    }
    text.push_str(&match (board.outcome(), board.forced()) {
        (Some(_), _) => "game over\n".to_string(),
        (None, Some(b)) => format!(
            "{} to move in board {b}\n",
            Board::player_name(board.turn())
        ),
        (None, None) => format!(
            "{} to move in any open board\n",
            Board::player_name(board.turn())
        ),
    });
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_as_cells_or_board_and_cell() {
        assert_eq!(read_move("40").unwrap().index(), 40);
        assert_eq!(read_move("4 4").unwrap().index(), 40);
        assert_eq!(read_move("8,8").unwrap().index(), 80);
        assert!(read_move("81").is_err());
        assert!(read_move("9 0").is_err());
        assert!(read_move("a b c").is_err());
    }

    #[test]
    fn shows_move_numbers_only_where_play_is_allowed() {
        let board = Board::empty().after(Cell::new(40).unwrap_or_else(|| unreachable!()));
        let text = draw(&board);
        assert!(text.contains(" X"));
        assert!(text.contains("36") && text.contains("44"));
        assert!(!text.contains(" 0 "));
        assert!(text.contains("O to move in board 4"));
    }
}
