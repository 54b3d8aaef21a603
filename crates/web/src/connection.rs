//! One client connection: HTTP/1.1 (or HTTP/2) served by hyper with a
//! header read time-out, hyper's own parse errors answered in JSON
//! ([`JsonParseErrors`]), and a graceful end when the server shuts down.

use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpStream;
use tokio::sync::watch;

use crate::parse_errors::JsonParseErrors;

/// Serves `stream` with `app` until the client closes it, a time-out or
/// an error ends it, or `closing` turns true: then the request in
/// progress is finished (no new one is read) and the connection closed.
pub async fn serve_connection(
    stream: TcpStream,
    app: Router,
    header_timeout: Duration,
    mut closing: watch::Receiver<bool>,
) {
    let io = TokioIo::new(JsonParseErrors::new(stream));
    let service = TowerToHyperService::new(app);
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = closing.wait_for(|&closing| closing) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}
