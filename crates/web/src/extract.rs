//! Extractors whose rejections are [`ApiError`]s (JSON bodies), not axum's
//! plain-text defaults.

use axum::extract::{FromRequest, FromRequestParts};

use crate::error::ApiError;

/// A JSON request body; a malformed, oversized or mistyped body is a 4xx
/// [`ApiError`] that quotes serde's reason.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

/// Query-string parameters, rejected as a 400 [`ApiError`].
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// Path parameters, rejected as a 400 [`ApiError`] (bad percent-encoding,
/// text that is not UTF-8).
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);
