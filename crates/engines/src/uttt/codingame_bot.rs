//! CodinGame's ultimate tic-tac-toe turn format as a bot format of the
//! game's declaration ([`CODINGAME_FORMAT`]): a bot in that format as a
//! match player (`gamesolver match --engine codingame:CMD`), and our own
//! engine serving it (`gamesolver engine uttt --format codingame`).
//!
//! Each game starts a fresh process, as CodinGame runs one per game. Every
//! turn the bot is sent the opponent's last move (`-1 -1` on the very first
//! turn), the valid action count and the actions, written by
//! [`write_turn`] (the format our own `engine uttt --codingame` reads), and
//! answers `row col`. The format has no way to set up a position, so a game
//! from an opening first replays the moves that lead to it from the empty
//! board: the opponent's are sent as its moves, the bot's own are offered
//! as the only valid action and must be played. The first turn may take
//! [`FIRST_TURN_FACTOR`] times the move time (CodinGame: 1000 ms, then
//! 100 ms) and [`START_UP_ALLOWANCE`] more; how much of it the bot uses is
//! its own business (give it the move time on its command line). Its
//! standard error is ignored.

use std::time::Duration;

use gamesolver_api::match_player::{EngineError, MatchEngine, MoveLimit};
use gamesolver_api::model::{HostBox, Server, configure_host, position_of};
use gamesolver_api::protocol::EngineHost;
use gamesolver_api::{BotFormat, EngineSpec, ErasedHost, FacadeError, State};
use gamesolver_arena::process::EngineProcess;
use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, Cell, Variant};

use super::codingame::{FIRST_TURN_FACTOR, parse_answer, serve, write_turn};
use super::engines::build;
use super::host::UtttHost;

/// The format's name: the prefix of a match engine command.
const NAME: &str = "codingame";

/// CodinGame's turn format, declared by ultimate tic-tac-toe.
pub static CODINGAME_FORMAT: CodinGameFormat = CodinGameFormat;

/// CodinGame's ultimate tic-tac-toe turn format (see the module
/// documentation).
pub struct CodinGameFormat;

impl BotFormat for CodinGameFormat {
    fn name(&self) -> &'static str {
        NAME
    }

    /// The opening must be reached from the empty board by legal moves
    /// (the format has no way to set up a position).
    fn check_opening(&self, opening: &dyn State) -> Result<(), String> {
        uttt_board(opening).and_then(|board| moves_to(&board).map(drop))
    }

    fn player(&self, command: &str) -> Box<dyn MatchEngine> {
        Box::new(CodinGameBot::new(command))
    }

    /// A [`UtttHost`] under CodinGame's rule (whose evaluation defaults
    /// follow), with `spec`'s engine and hash, serving the referee's
    /// format with the CodinGame rule.
    fn host(
        &self,
        spec: &EngineSpec,
        movetime_ms: u64,
    ) -> Result<Box<dyn ErasedHost>, FacadeError> {
        let mut host = UtttHost::default();
        host.set_option("Variant", NAME)
            .map_err(FacadeError::BadLimit)?;
        let spec = EngineSpec {
            rules: None,
            ..spec.clone()
        };
        configure_host(&mut host, &spec, "Variant")?;
        // The referee's turns until the end of input; problems with them
        // go to standard error, where CodinGame shows a bot's.
        let server: Server<UtttHost> = Box::new(move |host, mut input, out| {
            serve(
                &mut input,
                out,
                &mut std::io::stderr(),
                &mut *build(&host.options),
                movetime_ms,
                host.options.search.reserve,
            )
        });
        Ok(Box::new(HostBox::<Board, _>::serving(host, server)))
    }
}

/// Positions the search for an opening's moves may visit before it gives
/// up (a two-ply opening needs a handful).
const PATH_SEARCH_LIMIT: usize = 1_000_000;

/// What the first turn's time-out adds for the process's start-up, which
/// it includes (the process starts with the game): a bot that sets up
/// large tables may take a second on a loaded machine.
pub const START_UP_ALLOWANCE: Duration = Duration::from_secs(2);

/// A CodinGame-format bot and the game it is playing.
#[derive(Debug)]
pub struct CodinGameBot {
    command: String,
    /// This game's process (none between games).
    process: Option<EngineProcess>,
    /// The start position of this game's rules.
    start: Board,
    /// The moves from the empty board to this game's opening.
    path: Vec<Cell>,
    /// Plies of this game the bot has been told of or has played.
    known: usize,
    /// Turns it has been sent in this game.
    turns: usize,
}

impl CodinGameBot {
    /// The bot run by `command` (with `sh -c`), started at each game.
    #[must_use]
    pub fn new(command: &str) -> CodinGameBot {
        CodinGameBot {
            command: command.to_string(),
            process: None,
            start: Board::start(Variant::CodinGame),
            path: Vec::new(),
            known: 0,
            turns: 0,
        }
    }

    /// A setup problem with this game (not the bot's fault).
    fn unplayable(&self, reason: String) -> EngineError {
        EngineError::Unplayable {
            command: self.command.clone(),
            reason,
        }
    }

    /// The whole game so far as cells: the opening's path, then `moves`.
    fn game_so_far(&self, moves: &[String]) -> Result<Vec<Cell>, EngineError> {
        let mut game = self.path.clone();
        for text in moves {
            let cell = text
                .parse::<Cell>()
                .map_err(|e| self.unplayable(format!("move {text:?}: {e}")))?;
            game.push(cell);
        }
        Ok(game)
    }

    /// Replays the bot's own opening move at `ply` of `game`: offered as
    /// the only valid action, it must be played.
    fn opening_turn(
        &mut self,
        game: &[Cell],
        ply: usize,
        limit: MoveLimit,
        grace_ms: u64,
    ) -> Result<(), EngineError> {
        let prescribed = game[ply];
        let opponent = ply.checked_sub(1).map(|before| game[before]);
        let played = self.turn(opponent, &[prescribed], limit, grace_ms)?;
        if played == prescribed {
            Ok(())
        } else {
            Err(EngineError::LeftOpening {
                command: self.command.clone(),
                played: grid_text(played),
                prescribed: grid_text(prescribed),
            })
        }
    }

    /// Sends one turn and reads the answer's cell (not yet checked against
    /// `valid`).
    fn turn(
        &mut self,
        opponent: Option<Cell>,
        valid: &[Cell],
        limit: MoveLimit,
        grace_ms: u64,
    ) -> Result<Cell, EngineError> {
        let timeout = turn_timeout(self.turns, limit, grace_ms);
        self.turns += 1;
        let command = &self.command;
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| EngineError::Crashed(command.clone()))?;
        let mut text = Vec::new();
        write_turn(&mut text, opponent, valid)
            .map_err(|e| EngineError::Crashed(format!("{}: {e}", process.command())))?;
        process.send_text(&String::from_utf8_lossy(&text))?;
        let line = process.next_line("an action `row col`", timeout)?;
        parse_answer(line.trim()).map_err(|reason| EngineError::BadAnswer {
            command: self.command.clone(),
            answer: line,
            reason,
        })
    }
}

impl MatchEngine for CodinGameBot {
    /// Ends the last game's process, finds the moves that lead to
    /// `opening` and starts a new process.
    fn new_game(&mut self, opening: &dyn State) -> Result<(), EngineError> {
        self.process = None;
        let board = uttt_board(opening).map_err(|e| self.unplayable(e))?;
        self.path = moves_to(&board).map_err(|e| self.unplayable(e))?;
        self.start = Board::start(board.variant());
        self.known = 0;
        self.turns = 0;
        self.process = Some(EngineProcess::spawn(&self.command, None)?);
        Ok(())
    }

    /// Replays what the bot has not seen yet (its own opening moves as
    /// forced turns), then asks for its move among the legal ones.
    fn choose(
        &mut self,
        _opening: &dyn State,
        moves: &[String],
        limit: MoveLimit,
        grace_ms: u64,
    ) -> Result<String, EngineError> {
        let game = self.game_so_far(moves)?;
        let board = replay(self.start, &game).map_err(|e| self.unplayable(e))?;
        // Players alternate from the empty board: the bot moves at the
        // plies of the current ply's parity.
        let own_parity = game.len() % 2;
        for ply in self.known..game.len() {
            if ply % 2 == own_parity {
                self.opening_turn(&game, ply, limit, grace_ms)?;
            }
        }
        let mut valid = Vec::new();
        board.for_each_move(|cell| valid.push(cell));
        let answer = self.turn(game.last().copied(), &valid, limit, grace_ms)?;
        self.known = game.len() + 1;
        if valid.contains(&answer) {
            Ok(answer.to_string())
        } else {
            Err(EngineError::BadAnswer {
                command: self.command.clone(),
                answer: grid_text(answer),
                reason: format!("not one of the {} valid actions", valid.len()),
            })
        }
    }
}

/// How long turn number `turn` (from 0) may take: the move time, or
/// [`FIRST_TURN_FACTOR`] times it and [`START_UP_ALLOWANCE`] for the first
/// turn, plus the grace; node and depth budgets wait as for any engine
/// (the first turn with the start-up allowance too).
fn turn_timeout(turn: usize, limit: MoveLimit, grace_ms: u64) -> Duration {
    let thinking = match limit {
        MoveLimit::Movetime(ms) if turn == 0 => Duration::from_millis(
            ms.saturating_mul(FIRST_TURN_FACTOR)
                .saturating_add(grace_ms),
        ),
        _ => limit.timeout(grace_ms),
    };
    if turn == 0 {
        thinking + START_UP_ALLOWANCE
    } else {
        thinking
    }
}

/// `row col` of `cell`, as the format writes it.
fn grid_text(cell: Cell) -> String {
    format!("{} {}", cell.grid_row(), cell.grid_col())
}

/// The ultimate tic-tac-toe position of `state`.
pub fn uttt_board(state: &dyn State) -> Result<Board, String> {
    position_of::<Board>(state).copied().map_err(|_| {
        format!(
            "CodinGame-format engines play ultimate tic-tac-toe, not {}",
            state.game()
        )
    })
}

/// `start` after `moves`, each checked.
fn replay(start: Board, moves: &[Cell]) -> Result<Board, String> {
    moves.iter().try_fold(start, |board, &cell| {
        board
            .play(cell)
            .map_err(|e| format!("replaying the game: {e}"))
    })
}

/// The moves that lead from the empty board to `target` (a depth-first
/// search that only places the marks `target` has, within
/// `PATH_SEARCH_LIMIT` positions).
pub fn moves_to(target: &Board) -> Result<Vec<Cell>, String> {
    let mut path = Vec::new();
    let mut budget = PATH_SEARCH_LIMIT;
    if extend_path(
        Board::start(target.variant()),
        target,
        &mut path,
        &mut budget,
    ) {
        Ok(path)
    } else if budget == 0 {
        Err(format!(
            "no moves leading to {target} found within {PATH_SEARCH_LIMIT} positions"
        ))
    } else {
        Err(format!("no sequence of legal moves leads to {target}"))
    }
}

/// Extends `path` (the moves that led to `board`) until it reaches
/// `target`; false (and `path` as it was) if it cannot.
fn extend_path(board: Board, target: &Board, path: &mut Vec<Cell>, budget: &mut usize) -> bool {
    if board == *target {
        return true;
    }
    if *budget == 0 || board.is_finished() {
        return false;
    }
    *budget -= 1;
    let mover = board.turn();
    let wanted = target.marks(mover) & !board.marks(mover) & board.legal_mask();
    for cell in Cell::all().filter(|c| wanted >> c.index() & 1 == 1) {
        let Ok(next) = board.play(cell) else {
            continue;
        };
        path.push(cell);
        if extend_path(next, target, path, budget) {
            return true;
        }
        path.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use gamesolver_api::{GameDef, ModelDef};

    use crate::uttt::Uttt;
    use gamesolver_arena::referee::{Seat, play_game};
    use gamesolver_core::{Outcome, Player};

    use super::*;

    fn position(text: &str) -> Box<dyn State> {
        ModelDef::new(Uttt).parse(text, Some("codingame")).unwrap()
    }

    /// A scripted bot: reads each turn and answers with `answer`, a shell
    /// expression over the first valid action `$first`.
    fn scripted(answer: &str) -> CodinGameBot {
        CodinGameBot::new(&format!(
            "while read opponent; do read n; first=; i=0; \
             while [ $i -lt $n ]; do read r c; [ -z \"$first\" ] && first=\"$r $c\"; i=$((i+1)); done; \
             echo {answer}; done"
        ))
    }

    /// The game from `opening` where each side plays its first legal move
    /// (the lowest cell), computed here without the format.
    fn first_move_game(opening: &str) -> (Vec<String>, Option<Outcome>) {
        let mut board = uttt_board(position(opening).as_ref()).unwrap();
        let mut moves = Vec::new();
        while !board.is_finished() {
            let index = board.legal_mask().trailing_zeros();
            let cell = Cell::all().find(|c| u32::from(c.index()) == index).unwrap();
            moves.push(cell.to_string());
            board = board.play(cell).unwrap();
        }
        (moves, board.outcome())
    }

    #[test]
    fn openings_are_reached_from_the_empty_board() {
        let mut board = Board::start(Variant::CodinGame);
        for step in 0..24u32 {
            let path = moves_to(&board).unwrap();
            assert_eq!(path.len(), step as usize);
            assert_eq!(replay(Board::start(Variant::CodinGame), &path), Ok(board));
            let moves = board.moves();
            board = board
                .play(moves[(step as usize * 7) % moves.len()])
                .unwrap();
        }
        // A legal-looking position no game reaches: X must send O to
        // board 1 three times but can do so only from cell 1.
        let unreachable = position(&format!("XXXX.....OOO{} *", ".".repeat(69)));
        let error = moves_to(&uttt_board(unreachable.as_ref()).unwrap()).unwrap_err();
        assert!(error.contains("no sequence of legal moves"), "{error}");
    }

    #[test]
    fn a_game_between_scripted_bots_is_the_game_of_their_rule() {
        let opening = format!("X...O{} 4", ".".repeat(76));
        let (expected, outcome) = first_move_game(&opening);
        let opening = position(&opening);
        let (mut a, mut b) = (scripted("\"$first\""), scripted("\"$first\""));
        let mut seats = [Seat::new(&mut a), Seat::new(&mut b)];
        let record = play_game(
            opening.as_ref(),
            &mut seats,
            MoveLimit::Movetime(50),
            5000,
            None,
        );
        assert_eq!(record.forfeit, None);
        assert_eq!(record.moves, expected);
        assert_eq!(Some(record.outcome), outcome);
    }

    fn forfeit_of(bot: &mut CodinGameBot, opening: &str) -> (Outcome, String) {
        let opening = position(opening);
        let mut other = scripted("\"$first\"");
        let mut seats = [Seat::new(bot), Seat::new(&mut other)];
        let record = play_game(
            opening.as_ref(),
            &mut seats,
            MoveLimit::Movetime(20),
            200,
            None,
        );
        (record.outcome, record.forfeit.unwrap_or_default())
    }

    #[test]
    fn crashes_garbage_illegal_moves_and_time_outs_lose() {
        let start = format!("{} *", ".".repeat(81));
        let lost = Outcome::Winner(Player::Second);
        let cases = [
            (
                CodinGameBot::new("exit 0"),
                start.clone(),
                "stopped answering",
            ),
            (scripted("hello"), start.clone(), "answered \"hello\""),
            (scripted("'4 4'"), start.clone(), "4 4\": not one of the"),
            (
                scripted("'4 4'"),
                format!("XO{} 1", ".".repeat(79)),
                "played 4 4 where the opening's move is 0 0",
            ),
            (scripted("\"$first\"; sleep 5"), start, "did not answer"),
        ];
        for (mut bot, opening, reason) in cases {
            let (outcome, forfeit) = forfeit_of(&mut bot, &opening);
            assert_eq!(outcome, lost, "{forfeit}");
            assert!(forfeit.contains(reason), "{forfeit} should say {reason}");
        }
    }

    #[test]
    fn the_first_turn_may_take_ten_move_times() {
        let ms = Duration::from_millis;
        assert_eq!(
            turn_timeout(0, MoveLimit::Movetime(20), 100),
            ms(300) + START_UP_ALLOWANCE
        );
        assert_eq!(turn_timeout(1, MoveLimit::Movetime(20), 100), ms(120));
        assert_eq!(
            turn_timeout(0, MoveLimit::Nodes(300), 100),
            MoveLimit::Nodes(300).timeout(100) + START_UP_ALLOWANCE
        );
        assert_eq!(
            turn_timeout(3, MoveLimit::Depth(4), 100),
            MoveLimit::Depth(4).timeout(100)
        );
    }
}
