//! The 2-bit value codes of WDL files and a tier's summary.

use gamesolver_core::Wdl;

/// The code of a block byte that announces a zstd frame (codes are 0–2).
pub(crate) const COMPRESSED: u8 = 3;
/// Codes packed in one byte.
pub(crate) const CODES_PER_BYTE: usize = 4;

/// The value of a code; `None` for 3 (never written).
pub(crate) const fn value(code: u8) -> Option<Wdl> {
    match code {
        0 => Some(Wdl::Loss),
        1 => Some(Wdl::Draw),
        2 => Some(Wdl::Win),
        _ => None,
    }
}

/// The code of index `i` in packed codes.
#[inline]
pub(crate) fn packed_code(packed: &[u8], i: usize) -> u8 {
    (packed[i / CODES_PER_BYTE] >> (2 * (i % CODES_PER_BYTE))) & 3
}

/// What a WDL file says of its tier besides the values: the longest win
/// and loss (bounds on every win's and loss's distance).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WdlSummary {
    /// The longest win's distance in plies (0 if nothing is won).
    pub longest_win: u16,
    /// The longest loss's distance in plies (0 if nothing is lost).
    pub longest_loss: u16,
}
