//! The line reader of the engines' small text data files (openings, solved
//! endgame suites, tuning datasets): blank lines and `#` comments skipped.

/// The data lines of `text`, trimmed, each with its 1-based line number
/// (for error messages); blank lines and lines starting with `#` are
/// skipped.
pub fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

#[cfg(test)]
mod tests {
    use super::data_lines;

    #[test]
    fn skips_blanks_and_comments_and_numbers_lines_from_one() {
        let text = "# header\n\n  a b  \n#x\nc\n";
        let lines: Vec<_> = data_lines(text).collect();
        assert_eq!(lines, vec![(3, "a b"), (5, "c")]);
    }
}
