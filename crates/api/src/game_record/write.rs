//! Writing game records: the tags in a fixed order, then the moves
//! numbered in pairs, lines of at most 80 characters, and the result.

use super::{GameResult, RecordError, SavedGame};

/// The longest line of moves written.
const LINE_WIDTH: usize = 80;

impl SavedGame {
    /// The record as text: tags `Game`, `Rules`, `Date`, `First`,
    /// `Second`, `Result`, `Termination`, `Start` (those set), the other
    /// tags, a blank line, the moves numbered in pairs of plies from the
    /// start (`1. a b 2. c d`), the result word. Refused: a move that is
    /// empty or could be read as something else (a space, a comment, a
    /// tag, a move number or a result), a tag value with a line break.
    pub fn to_text(&self) -> Result<String, RecordError> {
        let mut text = String::new();
        let others = self.tags.iter().map(|(name, _)| name.as_str());
        for name in super::NAMED_TAGS.into_iter().chain(others) {
            if let Some(value) = self.tag(name) {
                write_tag(&mut text, name, value)?;
            }
        }
        text.push('\n');
        let mut line = String::new();
        let mut words = Vec::with_capacity(self.moves.len() * 3 / 2 + 1);
        for (ply, mv) in self.moves.iter().enumerate() {
            check_move(mv)?;
            if ply % 2 == 0 {
                words.push(format!("{}.", ply / 2 + 1));
            }
            words.push(mv.clone());
        }
        words.push(self.result.token().to_string());
        for word in words {
            if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        text.push_str(&line);
        text.push('\n');
        Ok(text)
    }
}

/// One tag line, its value escaped.
fn write_tag(text: &mut String, name: &str, value: &str) -> Result<(), RecordError> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(RecordError::Unwritable(format!(
            "tag name {name:?} is not letters, digits and _"
        )));
    }
    if value.contains(['\n', '\r']) {
        return Err(RecordError::Unwritable(format!(
            "the value of tag {name} holds a line break"
        )));
    }
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    text.push_str(&format!("[{name} \"{escaped}\"]\n"));
    Ok(())
}

/// Refuses move text that would be read back as something else.
fn check_move(mv: &str) -> Result<(), RecordError> {
    let digits = mv.len() - mv.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let looks_numbered = digits > 0 && mv[digits..].starts_with('.');
    if mv.is_empty()
        || mv.contains(|c: char| c.is_whitespace() || matches!(c, '{' | '}' | ';'))
        || mv.starts_with('[')
        || looks_numbered
        || GameResult::from_token(mv).is_some()
    {
        return Err(RecordError::Unwritable(format!(
            "move {mv:?} cannot be written in a game record"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let mut game = SavedGame::new("uttt", (0..40).map(|c| (c * 2).to_string()).collect());
        game.rules = Some("codingame".into());
        game.first = Some("me \"quoted\"".into());
        game.result = GameResult::Draw;
        game.set_tag("Event", "x".into()).unwrap();
        let text = game.to_text().unwrap();
        assert!(text.lines().all(|line| line.len() <= LINE_WIDTH), "{text}");
        assert!(
            text.starts_with("[Game \"uttt\"]\n[Rules \"codingame\"]\n"),
            "{text}"
        );
        assert!(text.contains("1. 0 2 2. 4 6"), "{text}");
        assert!(text.trim_end().ends_with("1/2-1/2"), "{text}");
        assert_eq!(SavedGame::parse(&text).unwrap(), game);
    }

    #[test]
    fn unwritable_moves_and_values_are_refused() {
        for mv in ["", "a b", "{x", "1.", "12.e4", "1-0", "*", "[x", "a;b"] {
            let game = SavedGame::new("g", vec![mv.to_string()]);
            assert!(game.to_text().is_err(), "{mv:?}");
        }
        let mut game = SavedGame::new("g", vec![]);
        game.date = Some("a\nb".into());
        assert!(game.to_text().is_err());
    }
}
