//! Whether to colour the output: only on a terminal, and never when the
//! `NO_COLOR` convention (<https://no-color.org>) asks for plain text.

use std::io::IsTerminal;

/// True when standard output is a terminal and `NO_COLOR` is unset or
/// empty.
#[must_use]
pub fn colours_wanted() -> bool {
    colours_for(
        std::io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    )
}

/// The decision for a terminal flag and a `NO_COLOR` value.
fn colours_for(terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    terminal && no_color.is_none_or(|value| value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::colours_for;

    #[test]
    fn colours_only_on_a_terminal_without_no_color() {
        assert!(colours_for(true, None));
        assert!(colours_for(true, Some("".as_ref())));
        assert!(!colours_for(true, Some("1".as_ref())));
        assert!(!colours_for(false, None));
    }
}
