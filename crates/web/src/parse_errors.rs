//! The JSON body of the answers hyper gives by itself to a request it
//! cannot parse.
//!
//! A request line, header or framing hyper cannot read (garbage, a bad
//! `Content-Length`, a header over the size limit, a URI too long) never
//! reaches the router: hyper answers it itself, with an empty body (400,
//! 414 or 431), and closes the connection. [`JsonParseErrors`] sits between
//! the socket and hyper and replaces exactly those answers (an error
//! status, `content-length: 0`, no body, no `content-type`: the router's
//! answers always have a body) by the same status with the API's JSON
//! error body, so every error a client gets is the JSON shape.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::error::ApiError;

/// A connection whose written answers are checked for hyper's own parse
/// errors (see the module documentation).
pub struct JsonParseErrors<S> {
    inner: S,
    /// A replacement answer still to be written, and how much of it is.
    pending: Vec<u8>,
    written: usize,
}

impl<S> JsonParseErrors<S> {
    /// Wraps the connection `inner`.
    pub fn new(inner: S) -> JsonParseErrors<S> {
        JsonParseErrors {
            inner,
            pending: Vec::new(),
            written: 0,
        }
    }
}

impl<S: AsyncWrite + Unpin> JsonParseErrors<S> {
    /// Writes what is left of a replacement answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonParseErrors<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonParseErrors<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_pending(cx))?;
        if let Some(answer) = json_answer_for(buf) {
            self.pending = answer;
            // Taken: the rest is written now or by the next flush.
            if let Poll::Ready(Err(error)) = self.poll_pending(cx) {
                return Poll::Ready(Err(error));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    /// Not vectored: hyper then writes each answer's head in one buffer,
    /// which is what [`json_answer_for`] looks at.
    fn is_write_vectored(&self) -> bool {
        false
    }
}

/// The JSON answer replacing `written`, if `written` is one of hyper's own
/// error answers: a whole HTTP/1 response head with an error status,
/// `content-length: 0` and no `content-type`, and nothing after it.
fn json_answer_for(written: &[u8]) -> Option<Vec<u8>> {
    if !(written.starts_with(b"HTTP/1.1 ") || written.starts_with(b"HTTP/1.0 ")) {
        return None;
    }
    let mut headers = [httparse::EMPTY_HEADER; 16];
    let mut response = httparse::Response::new(&mut headers);
    let httparse::Status::Complete(head_len) = response.parse(written).ok()? else {
        return None;
    };
    let status = response.code?;
    let empty = |name: &str| {
        response
            .headers
            .iter()
            .any(|h| h.name.eq_ignore_ascii_case(name) && h.value == b"0")
    };
    let has = |name: &str| {
        response
            .headers
            .iter()
            .any(|h| h.name.eq_ignore_ascii_case(name))
    };
    if status < 400 || head_len != written.len() || !empty("content-length") || has("content-type")
    {
        return None;
    }
    let status = axum::http::StatusCode::from_u16(status).ok()?;
    let (kind, message) = match status.as_u16() {
        431 => (
            "headers_too_large",
            "the request's headers are too large (or too many)",
        ),
        414 => ("uri_too_long", "the request's URI is too long"),
        _ => (
            "bad_request",
            "the request is not valid HTTP/1.1: its request line, a header or its framing \
             (Content-Length, Transfer-Encoding) cannot be read",
        ),
    };
    let body = serde_json::to_vec(&ApiError::new(status, kind, message).body()).ok()?;
    let mut answer = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or("Error"),
        body.len()
    )
    .into_bytes();
    answer.extend_from_slice(&body);
    Some(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyper_error_answers_become_json() {
        let answer = json_answer_for(
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: Mon, 01 Dec 2025 20:00:00 GMT\r\n\r\n",
        )
        .unwrap();
        let text = String::from_utf8(answer).unwrap();
        assert!(text.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{text}");
        assert!(text.contains("content-type: application/json"), "{text}");
        assert!(text.ends_with("}"), "{text}");
        let body = text.split("\r\n\r\n").nth(1).unwrap();
        let parsed: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(parsed["error"], "bad_request");
        let answer = json_answer_for(
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n",
        );
        assert!(
            String::from_utf8(answer.unwrap())
                .unwrap()
                .contains("headers_too_large")
        );
    }

    #[test]
    fn other_answers_are_left_alone() {
        for written in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\nextra",
            b"{\"error\": \"HTTP/1.1 400\"}",
            b"HTTP/1.1 400 Bad Req",
        ] {
            assert!(json_answer_for(written).is_none(), "{}", String::from_utf8_lossy(written));
        }
    }
}
