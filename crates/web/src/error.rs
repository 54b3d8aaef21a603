//! The API's errors: a status and a JSON body that says what was wrong.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use gamesolver_api::FacadeError;
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error response: a stable kind, a typed reason inside
/// it when the kind has reasons, the offending input when there is one,
/// and a message for a person. Clients branch on `error` and `reason`,
/// never on `message`.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct ErrorBody {
    /// A stable machine-readable kind. 400: `unknown_game`,
    /// `unknown_rules`, `bad_position`, `illegal_move`, `bad_action`,
    /// `too_many_moves`, `game_over`, `unsupported`, `bad_limit`,
    /// `bad_option`, `bad_json`, `bad_query`, `bad_path`, `bad_body`;
    /// 404: `unknown_game` (a game named in the path), `no_tablebase`,
    /// `not_found`; 405: `method_not_allowed`; 408: `request_timeout`; 409:
    /// `table_file` (a tablebase file is damaged, foreign, of another
    /// version, missing or unreadable: the answer that needed it is not
    /// given), `tablebase` (the server's tables do not fit the request:
    /// none, other rules, not covered); 413: `payload_too_large`; 415:
    /// `unsupported_media_type`; 500: `io`, `internal`, `cancelled`;
    /// 503: `busy`.
    pub error: String,
    /// The typed reason inside the kind. `bad_position`: `empty`,
    /// `fields`, `board_shape`, `bad_character`, `side_to_move`,
    /// `bad_field`, `piece_count`, `placement`, `unreachable`,
    /// `wrong_game`, `outside_scope`, `bad_material`, `other`.
    /// `illegal_move` and `bad_action`: `unreadable`, `illegal`,
    /// `game_over`, `bad_action`. `table_file` and `tablebase`:
    /// `no_tables`, `missing_file`, `not_a_file`, `unreadable`,
    /// `not_a_table`, `version`, `foreign`, `truncated`, `checksum`,
    /// `corrupt`, `locked`, `rules_mismatch`, `not_covered`, `build`.
    /// `io`: the system's error kind (`not_found`, `permission_denied` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The offending input (a position text, a move, a material), when
    /// the error is about one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// What was wrong, for a person.
    pub message: String,
}

/// An error answer of the API (never a panic, never an empty 500).
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    kind: &'static str,
    reason: Option<String>,
    input: Option<String>,
    message: String,
    retry_after_s: Option<u64>,
}

impl ApiError {
    /// An error with the given status, kind and message.
    pub fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            reason: None,
            input: None,
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

    /// The same error with `message` for a person.
    #[must_use]
    pub fn with_message(self, message: impl Into<String>) -> ApiError {
        ApiError {
            message: message.into(),
            ..self
        }
    }

    /// The same error answered with `status`.
    #[must_use]
    pub fn with_status(self, status: StatusCode) -> ApiError {
        ApiError { status, ..self }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The machine-readable kind.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The typed reason inside the kind, if any.
    pub fn reason(&self) -> Option<&str> {
        self.reason.as_deref()
    }

    /// The JSON body.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.kind.to_string(),
            reason: self.reason.clone(),
            input: self.input.clone(),
            message: self.message.clone(),
        }
    }
}

impl From<FacadeError> for ApiError {
    /// Bad input is a 400 (a game named in a path is the handler's 404); a tablebase the
    /// request needs that cannot be used (a damaged, foreign or unreadable
    /// file, or tables that do not fit) is a 409: the server's tables
    /// conflict with the request, whose answer is not given without them
    /// (never "not covered"); the server's own failures are a 500. The
    /// kind and reason come from the error's types, never its text.
    fn from(error: FacadeError) -> ApiError {
        let status = match &error {
            FacadeError::Tablebase(_) => StatusCode::CONFLICT,
            FacadeError::Io(_) | FacadeError::Internal(_) | FacadeError::Cancelled => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            FacadeError::UnknownGame { .. }
            | FacadeError::UnknownRules { .. }
            | FacadeError::BadPosition(_)
            | FacadeError::IllegalMove { .. }
            | FacadeError::BadAction { .. }
            | FacadeError::Unsupported { .. }
            | FacadeError::BadLimit(_)
            | FacadeError::BadOption { .. } => StatusCode::BAD_REQUEST,
        };
        let input = match &error {
            FacadeError::BadPosition(position) => Some(position.input.clone()),
            FacadeError::IllegalMove { mv, .. } => Some(mv.clone()),
            FacadeError::BadAction { action, .. } => Some(action.to_string()),
            FacadeError::UnknownGame { name, .. } => Some(name.clone()),
            FacadeError::UnknownRules { rules, .. } => Some(rules.clone()),
            FacadeError::BadOption { name, .. } => Some(name.clone()),
            _ => None,
        };
        ApiError {
            reason: error.reason(),
            input,
            ..ApiError::new(status, error.kind(), error.to_string())
        }
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

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_path", rejection.body_text())
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
