//! Reading protocol input line by line, where a line that is not UTF-8
//! text is an error for that line only, never the end of the session.

use std::io::BufRead;

/// The longest line kept, in bytes; the rest of a longer line is read and
/// dropped (a line so long is an error anyway), so memory stays bounded.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// One line of input: its text (without the line ending), or why it is
/// not text.
pub type Line = Result<String, String>;

/// Reads the next line of `input`; `Ok(None)` at the end of input.
pub fn next_line(input: &mut dyn BufRead) -> std::io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            if bytes.is_empty() && !too_long {
                return Ok(None);
            }
            break;
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..=end], true),
            None => (buffer, false),
        };
        let used = chunk.len();
        let room = MAX_LINE_BYTES.saturating_sub(bytes.len());
        too_long |= used > room;
        bytes.extend_from_slice(&chunk[..used.min(room)]);
        input.consume(used);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err(format!(
            "line longer than {MAX_LINE_BYTES} bytes ignored"
        ))));
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(Some(String::from_utf8(bytes).map_err(|e| {
        format!(
            "line is not UTF-8 text (bad byte at {}) and was ignored",
            e.utf8_error().valid_up_to()
        )
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(bytes: &[u8]) -> Vec<Line> {
        let mut input = std::io::Cursor::new(bytes.to_vec());
        std::iter::from_fn(|| next_line(&mut input).unwrap()).collect()
    }

    #[test]
    fn a_line_that_is_not_utf8_is_an_error_and_reading_goes_on() {
        let lines = all_lines(b"uci\r\n\xff\xfe go\nisready");
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], Ok("uci".to_string()));
        assert!(lines[1].as_ref().unwrap_err().contains("UTF-8"));
        assert_eq!(lines[2], Ok("isready".to_string()));
    }

    #[test]
    fn an_overlong_line_is_refused_without_keeping_it() {
        let mut bytes = vec![b'x'; MAX_LINE_BYTES * 3];
        bytes.extend_from_slice(b"\nquit\n");
        let lines = all_lines(&bytes);
        assert!(lines[0].as_ref().unwrap_err().contains("longer"));
        assert_eq!(lines[1], Ok("quit".to_string()));
        assert_eq!(lines.len(), 2);
    }
}
