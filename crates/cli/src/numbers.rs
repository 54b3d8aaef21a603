//! The numbers of the command line that limit a search, read by the
//! façade's own rules ([`SearchLimits::to_limits`]), so a value the
//! library would refuse is a usage error (exit 2) that gives the range.

use gamesolver_api::SearchLimits;

/// Reads a whole number of `what`, then checks the limits `limits` makes
/// of it by the façade's rules.
fn checked<T: std::str::FromStr + Copy>(
    text: &str,
    what: &str,
    limits: impl Fn(T) -> SearchLimits,
) -> Result<T, String> {
    let value = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number of {what}"))?;
    limits(value).to_limits().map_err(|e| e.to_string())?;
    Ok(value)
}

/// `--depth D`: plies, 1 to the search's maximum.
pub fn depth(text: &str) -> Result<u32, String> {
    checked(text, "plies", |depth| SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    })
}

/// `--nodes N`: at least 1.
pub fn nodes(text: &str) -> Result<u64, String> {
    checked(text, "nodes", |nodes| SearchLimits {
        nodes: Some(nodes),
        ..SearchLimits::default()
    })
}

/// `--movetime MS`: at least 1 millisecond.
pub fn movetime(text: &str) -> Result<u64, String> {
    checked(text, "milliseconds", |ms| SearchLimits {
        movetime_ms: Some(ms),
        ..SearchLimits::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_outside_the_facade_rules_are_refused_with_the_range() {
        assert_eq!(depth("7"), Ok(7));
        assert!(depth("0").unwrap_err().contains("depth must be 1..="));
        assert!(depth("4294967295").unwrap_err().contains("depth must be"));
        assert!(depth("-1").unwrap_err().contains("not a whole number"));
        assert_eq!(nodes(" 12 "), Ok(12));
        assert!(nodes("0").unwrap_err().contains("at least 1"));
        assert!(movetime("0").unwrap_err().contains("at least 1 ms"));
        assert!(movetime("1e3").unwrap_err().contains("milliseconds"));
    }
}
