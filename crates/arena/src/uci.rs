//! A UCI-style engine as a match player: `ucinewgame` for each game, then
//! `position fen … moves …` and `go` for each move, answered by
//! `bestmove`.

use gamesolver_api::State;
use gamesolver_api::match_player::{EngineError, MatchEngine, MoveLimit};

use crate::process::EngineProcess;

impl MatchEngine for EngineProcess {
    fn new_game(&mut self, _opening: &dyn State) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Sends the position and `go`, and returns the move text of `bestmove`.
    fn choose(
        &mut self,
        opening: &dyn State,
        moves: &[String],
        limit: MoveLimit,
        grace_ms: u64,
    ) -> Result<String, EngineError> {
        let mut command = format!("position fen {}", opening.to_text());
        if !moves.is_empty() {
            command.push_str(" moves");
            for mv in moves {
                command.push_str(&format!(" {mv}"));
            }
        }
        self.send(&command)?;
        self.send(&limit.go_command())?;
        let line = self.wait_for("bestmove", limit.timeout(grace_ms))?;
        Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
    }
}
