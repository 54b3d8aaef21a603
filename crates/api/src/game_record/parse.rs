//! Reading game records: tag lines, then the moves with optional move
//! numbers, comments and the result word.

use super::{GameResult, RecordError, SavedGame};

/// Every game of `text` (a file may hold several, one after the other: a
/// tag line after moves begins the next game).
pub fn parse_games(text: &str) -> Result<Vec<SavedGame>, RecordError> {
    let mut games = Vec::new();
    let mut current: Option<Builder> = None;
    let mut comment_from: Option<usize> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if comment_from.is_none() && trimmed.starts_with('[') {
            if current.as_ref().is_some_and(|b| b.in_moves) {
                games.push(
                    current
                        .take()
                        .map_or(Err(RecordError::Empty), Builder::finish)?,
                );
            }
            let builder = current.get_or_insert_with(Builder::default);
            let (name, value) = tag_line(trimmed, line)?;
            builder.game.set_tag(&name, value)?;
            builder.tag_result = builder.game.result;
            builder.last_line = line;
            continue;
        }
        let mut rest = raw;
        loop {
            if comment_from.is_some() {
                match rest.find('}') {
                    Some(end) => {
                        rest = &rest[end + 1..];
                        comment_from = None;
                    }
                    None => break,
                }
            }
            let (words, after) = match rest.find(['{', ';']) {
                Some(at) => (&rest[..at], Some(&rest[at..])),
                None => (rest, None),
            };
            for word in words.split_whitespace() {
                let builder = current.get_or_insert_with(Builder::default);
                builder.word(word, line)?;
            }
            match after {
                Some(tail) if tail.starts_with('{') => {
                    comment_from = Some(line);
                    rest = &tail[1..];
                }
                _ => break,
            }
        }
    }
    if let Some(line) = comment_from {
        return Err(RecordError::OpenComment { line });
    }
    if let Some(builder) = current {
        games.push(builder.finish()?);
    }
    Ok(games)
}

/// A game being read.
#[derive(Default)]
struct Builder {
    game: SavedGame,
    /// Whether its moves have begun.
    in_moves: bool,
    /// The `Result` tag's value.
    tag_result: GameResult,
    /// The result word after the moves, and its line.
    end: Option<(GameResult, usize)>,
    /// The last line read.
    last_line: usize,
}

impl Builder {
    /// One word of the moves: a move number, a result or a move.
    fn word(&mut self, word: &str, line: usize) -> Result<(), RecordError> {
        self.in_moves = true;
        self.last_line = line;
        if let Some(result) = GameResult::from_token(word) {
            self.end = Some((result, line));
            return Ok(());
        }
        let move_text = strip_move_number(word);
        if !move_text.is_empty() {
            self.game.moves.push(move_text.to_string());
        }
        Ok(())
    }

    /// The game read, its result word checked against its tag.
    fn finish(mut self) -> Result<SavedGame, RecordError> {
        if let Some((found, line)) = self.end {
            let tag = self.tag_result;
            // `*` (unknown) contradicts no tag.
            if tag != GameResult::Unfinished && found != GameResult::Unfinished && tag != found {
                return Err(RecordError::ResultsDiffer {
                    line,
                    found: found.token(),
                    tag: tag.token(),
                });
            }
            if tag == GameResult::Unfinished {
                self.game.result = found;
            }
        }
        if self.game.game.is_empty() {
            return Err(RecordError::NoGame {
                line: self.last_line,
            });
        }
        Ok(self.game)
    }
}

/// `word` without a leading move number (`12.` or `12...`), which may be
/// glued to the move (`1.g3g4`).
fn strip_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        word
    }
}

/// The name and value of a tag line `[Name "value"]` (`\"` and `\\`
/// escaped in the value).
fn tag_line(text: &str, line: usize) -> Result<(String, String), RecordError> {
    let bad = |reason: &str| RecordError::BadTag {
        line,
        reason: reason.to_string(),
    };
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| bad("a tag line is [Name \"value\"] on one line"))?;
    let (name, quoted) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| bad("a tag needs a name and a quoted value"))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad(&format!(
            "tag name {name:?} is not letters, digits and _"
        )));
    }
    let quoted = quoted.trim();
    let body = quoted
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .ok_or_else(|| bad("a tag's value is in double quotes"))?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(escaped @ ('"' | '\\')) => value.push(escaped),
                _ => return Err(bad("only \\\" and \\\\ are escapes in a tag's value")),
            },
            '"' => return Err(bad("a quote inside a tag's value is written \\\"")),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_moves_numbers_comments_and_results_are_read() {
        let text = "[Game \"jungle\"]\n[Rules \"standard\"]\n[First \"a \\\"b\\\" \\\\\"]\n[Event \"test\"]\n\n1. g3g4 {a comment\nover lines} a7a6 ; rest of line\n2.g4g5 *\n";
        let game = SavedGame::parse(text).unwrap();
        assert_eq!(game.game, "jungle");
        assert_eq!(game.rules.as_deref(), Some("standard"));
        assert_eq!(game.first.as_deref(), Some("a \"b\" \\"));
        assert_eq!(game.tag("Event"), Some("test"));
        assert_eq!(game.moves, ["g3g4", "a7a6", "g4g5"]);
        assert_eq!(game.result, GameResult::Unfinished);
    }

    #[test]
    fn several_games_follow_each_other() {
        let text =
            "[Game \"tictactoe\"]\n1. 4 0 1-0\n[Game \"tictactoe\"]\n[Result \"0-1\"]\n1. 0 *\n";
        let games = parse_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, GameResult::FirstWins);
        assert_eq!(games[1].result, GameResult::SecondWins);
        assert!(matches!(
            SavedGame::parse(text),
            Err(RecordError::SeveralGames { count: 2 })
        ));
    }

    #[test]
    fn bad_records_are_refused_with_their_line() {
        for (text, expected) in [
            ("", "holds no game"),
            ("1. 4 0\n", "no [Game"),
            ("[Game jungle]\n", "line 1"),
            ("[Game \"x\" \n", "line 1"),
            ("[Game \"x\"]\n[Result \"2-0\"]\n", "2-0"),
            ("[Game \"x\"]\n[Result \"1-0\"]\n1. a 0-1\n", "line 3"),
            ("[Game \"x\"]\n1. a {never closed\n", "never closed"),
            ("[Ga-me \"x\"]\n", "tag name"),
            ("[Game \"a\\nb\"]\n", "escapes"),
        ] {
            let error = SavedGame::parse(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }
}
