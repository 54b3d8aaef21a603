//! An error and its causes as one line of text, for reports that carry a
//! failure as text (a stale statistics file, a cluster worker's failure).

/// An error and its causes, joined by ": " (`error.to_string()`, then each
/// `source()` in turn).
///
/// ```
/// use gamesolver_retro::with_causes;
/// let io = std::io::Error::other("disk full");
/// assert_eq!(with_causes(&io), "disk full");
/// ```
#[must_use]
pub fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
