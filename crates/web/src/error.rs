//! The API's errors: a status and a JSON body that says what was wrong.

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use gamesolver_api::FacadeError;
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error response.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct ErrorBody {
    /// A stable machine-readable kind, e.g. `illegal_move`, `bad_position`,
    /// `unknown_game`, `bad_limit`, `bad_json`, `payload_too_large`, `busy`.
    pub error: String,
    /// What was wrong, for a person.
    pub message: String,
}

/// An error answer of the API (never a panic, never an empty 500).
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    kind: &'static str,
    message: String,
    retry_after_s: Option<u64>,
}

impl ApiError {
    /// An error with the given status, kind and message.
    pub fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            message: message.into(),
            retry_after_s: None,
        }
    }

    /// 400 with the given kind.
    pub fn bad_request(kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, kind, message)
    }

    /// 503: every search slot and queue place is taken; try again later.
    pub fn busy(retry_after_s: u64) -> ApiError {
        ApiError {
            retry_after_s: Some(retry_after_s),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "too many searches are running or waiting; try again shortly",
            )
        }
    }

    /// 404 for an unknown API path.
    pub fn not_found(path: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no API endpoint {path}; see /api/openapi.json"),
        )
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The machine-readable kind.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The JSON body.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.kind.to_string(),
            message: self.message.clone(),
        }
    }
}

impl From<FacadeError> for ApiError {
    fn from(error: FacadeError) -> ApiError {
        let kind = match &error {
            FacadeError::UnknownGame { .. } => "unknown_game",
            FacadeError::UnknownRules { .. } => "unknown_rules",
            FacadeError::BadPosition(_) => "bad_position",
            FacadeError::IllegalMove { .. } => "illegal_move",
            FacadeError::BadAction { .. } => "bad_action",
            FacadeError::Unsupported { .. } => "unsupported",
            FacadeError::BadLimit(_) => "bad_limit",
            FacadeError::Tablebase(_) => "tablebase",
            FacadeError::Io(_) => "io",
        };
        let status = match &error {
            FacadeError::Tablebase(_) | FacadeError::Io(_) => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, kind, error.to_string())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let kind = match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
            _ => "bad_json",
        };
        ApiError::new(rejection.status(), kind, rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_query", rejection.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after_s {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
