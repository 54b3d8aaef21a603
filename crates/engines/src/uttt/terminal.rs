//! Drawing an ultimate tic-tac-toe position for a terminal.

use gamesolver_core::{Game, Player};
use gamesolver_games::uttt::{Board, Cell};

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
    fn shows_move_numbers_only_where_play_is_allowed() {
        let board = Board::empty().after(Cell::new(40).unwrap_or_else(|| unreachable!()));
        let text = draw(&board);
        assert!(text.contains(" X"));
        assert!(text.contains("36") && text.contains("44"));
        assert!(!text.contains(" 0 "));
        assert!(text.contains("O to move in board 4"));
    }
}
