//! Search limits as a client asks for them, validated and capped.

use gamesolver_api::SearchLimits;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::ApiError;

/// The longest search one request may ask for, in milliseconds. A request
/// by depth or nodes alone is also stopped at this time.
pub const MAX_MOVETIME_MS: u64 = 2000;

/// The search limits of a request. All absent = the engine's default
/// (20 ms); depth or nodes alone are still stopped after
/// [`MAX_MOVETIME_MS`].
#[derive(Clone, Copy, Debug, Default, Deserialize, ToSchema)]
pub struct LimitsRequest {
    /// Thinking time in milliseconds, 1 to 2000.
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// Maximum search depth in plies (at least 1).
    #[serde(default)]
    pub depth: Option<u32>,
    /// Maximum number of nodes (at least 1).
    #[serde(default)]
    pub nodes: Option<u64>,
}

impl LimitsRequest {
    /// The façade's limits, or a `bad_limit` error that says which limit is
    /// out of range.
    pub fn validate(&self) -> Result<SearchLimits, ApiError> {
        let bad = |message: String| ApiError::bad_request("bad_limit", message);
        if let Some(ms) = self.movetime_ms
            && !(1..=MAX_MOVETIME_MS).contains(&ms)
        {
            return Err(bad(format!(
                "movetime_ms {ms} is outside 1..={MAX_MOVETIME_MS} (the server's cap per request)"
            )));
        }
        if self.depth == Some(0) {
            return Err(bad("depth must be at least 1".into()));
        }
        if self.nodes == Some(0) {
            return Err(bad("nodes must be at least 1".into()));
        }
        let capped_time = match self.movetime_ms {
            None if self.depth.is_some() || self.nodes.is_some() => Some(MAX_MOVETIME_MS),
            time => time,
        };
        Ok(SearchLimits {
            movetime_ms: capped_time,
            depth: self.depth,
            nodes: self.nodes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(movetime_ms: Option<u64>, depth: Option<u32>, nodes: Option<u64>) -> LimitsRequest {
        LimitsRequest {
            movetime_ms,
            depth,
            nodes,
        }
    }

    #[test]
    fn out_of_range_limits_are_refused() {
        for bad in [
            limits(Some(0), None, None),
            limits(Some(MAX_MOVETIME_MS + 1), None, None),
            limits(None, Some(0), None),
            limits(None, None, Some(0)),
        ] {
            let error = bad.validate().expect_err("refused");
            assert_eq!(error.kind(), "bad_limit");
        }
    }

    #[test]
    fn depth_alone_is_capped_in_time_and_defaults_stay_default() {
        let by_depth = limits(None, Some(9), None).validate().expect("valid");
        assert_eq!(by_depth.movetime_ms, Some(MAX_MOVETIME_MS));
        assert_eq!(by_depth.depth, Some(9));
        let default = LimitsRequest::default().validate().expect("valid");
        assert_eq!(default.movetime_ms, None);
        let timed = limits(Some(150), Some(4), None).validate().expect("valid");
        assert_eq!(timed.movetime_ms, Some(150));
    }
}
