//! Every request's body read before its handler runs: at most
//! [`MAX_BODY_BYTES`], within the server's body time-out.
//!
//! A `Content-Length` over the limit is answered 413 at once, before a
//! byte of the body is read (so `Content-Length: 1000000000000` costs
//! nothing); a body that grows over the limit (chunked) is cut off with
//! 413; a body that does not arrive in time gets 408; a body hyper cannot
//! decode (bad chunk framing) gets 400. Each of these answers closes the
//! connection, whose unread rest cannot be trusted.

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};

use crate::error::ApiError;
use crate::router::MAX_BODY_BYTES;
use crate::state::AppState;

/// Reads the body of `request` (see the module documentation), then runs
/// the handler with it.
pub async fn guard_body(State(app): State<AppState>, request: Request, next: Next) -> Response {
    match read_body(request, app.body_timeout()).await {
        Ok(request) => next.run(request).await,
        Err(error) => {
            let mut response = error.into_response();
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            response
        }
    }
}

/// `request` with its whole body in memory, or the error answer.
async fn read_body(request: Request, timeout: Duration) -> Result<Request, ApiError> {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large());
    }
    let (parts, body) = request.into_parts();
    if http_body::Body::size_hint(&body).exact() == Some(0) {
        return Ok(Request::from_parts(parts, body));
    }
    let collected = tokio::time::timeout(timeout, Limited::new(body, MAX_BODY_BYTES).collect())
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "request_timeout",
                format!(
                    "the request's body did not arrive within {} s",
                    timeout.as_secs_f64()
                ),
            )
        })?
        .map_err(|error| {
            if error.downcast_ref::<LengthLimitError>().is_some() {
                too_large()
            } else {
                ApiError::bad_request(
                    "bad_body",
                    format!("the request's body cannot be read: {error}"),
                )
            }
        })?;
    Ok(Request::from_parts(parts, Body::from(collected.to_bytes())))
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        format!("a request body holds at most {MAX_BODY_BYTES} bytes"),
    )
}
