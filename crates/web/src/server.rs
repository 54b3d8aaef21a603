//! Binding, serving and shutting down cleanly on Ctrl-C (or SIGTERM).

use std::net::SocketAddr;

use gamesolver_api::{FacadeError, Registry};
use tokio::net::TcpListener;

use crate::config::ServeConfig;
use crate::router::router;
use crate::state::AppState;

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address is taken or not allowed.
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The tablebase directory could not be opened.
    #[error("cannot open the tablebase")]
    Tablebase(#[from] FacadeError),
    /// The runtime or the connection loop failed.
    #[error("server error")]
    Io(#[from] std::io::Error),
}

/// Serves the games of `registry` until Ctrl-C or SIGTERM; `announce` is
/// called with the bound address once the server accepts connections
/// (port 0 = a free port).
pub async fn serve(
    config: ServeConfig,
    registry: Registry,
    announce: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let state = AppState::new(&config, registry)?;
    let addr = SocketAddr::new(config.host, config.port);
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let shutdown = shutdown_signal()?;
    announce(listener.local_addr()?);
    axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown)
        .await?;
    Ok(())
}

/// [`serve`] on a new multi-threaded tokio runtime (for the synchronous CLI).
pub fn serve_blocking(
    config: ServeConfig,
    registry: Registry,
    announce: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(config, registry, announce))
}

/// Ctrl-C (SIGINT) or SIGTERM, registered before the address is announced
/// so that a signal sent right after start-up is not missed.
#[cfg(unix)]
fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {},
            _ = terminate.recv() => {},
        }
    })
}

/// Ctrl-C.
#[cfg(not(unix))]
fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
