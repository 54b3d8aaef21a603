//! Binding, serving and shutting down cleanly on Ctrl-C (or SIGTERM).

use std::net::SocketAddr;

use gamesolver_engines::FacadeError;
use tokio::net::TcpListener;

use crate::config::ServeConfig;
use crate::router::router;
use crate::state::AppState;

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address is taken or not allowed.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The tablebase directory could not be opened.
    #[error("cannot open the tablebase: {0}")]
    Tablebase(#[from] FacadeError),
    /// The runtime or the connection loop failed.
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves until Ctrl-C or SIGTERM; `announce` is called with the bound
/// address once the server accepts connections (port 0 = a free port).
pub async fn serve(
    config: ServeConfig,
    announce: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let state = AppState::new(&config)?;
    let addr = SocketAddr::new(config.host, config.port);
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    announce(listener.local_addr()?);
    axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    Ok(())
}

/// [`serve`] on a new multi-threaded tokio runtime (for the synchronous CLI).
pub fn serve_blocking(
    config: ServeConfig,
    announce: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(config, announce))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
