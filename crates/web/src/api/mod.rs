//! The JSON API's handlers, one family per file, and the response types
//! they share. Every handler is listed in [`crate::openapi::ApiDoc`].

pub mod analyse;
pub mod games;
pub mod mdp;
pub mod position;
pub mod position_view;
pub mod puzzles;
pub mod record;
pub mod review;
pub mod solved;
pub mod stream;
pub mod tablebase;
pub mod values_view;

/// Runs blocking façade work (table probes, solving, MDP) off the async
/// workers; a panic in it becomes a 500 JSON error.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, crate::ApiError> + Send + 'static,
) -> Result<T, crate::ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|join_error| {
            crate::ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("the computation failed: {join_error}"),
            )
        })?
}
