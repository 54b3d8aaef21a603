//! Binding, serving and shutting down on Ctrl-C (or SIGTERM): the first
//! signal stops accepting and lets each connection finish its request in
//! progress, for at most [`ServeConfig::shutdown_deadline`]; then (or at a
//! second signal) every connection left is dropped, so no client, however
//! slow or silent, keeps the server running.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use gamesolver_api::{FacadeError, Registry};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::config::ServeConfig;
use crate::connection::serve_connection;
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
    serve_until(config, registry, announce, ShutdownSignals::new()?).await
}

/// Where requests to shut down come from: each call of
/// [`Shutdown::requested`] waits for the next one (the first asks for a
/// graceful end, the second for an immediate one). Ctrl-C and SIGTERM for
/// [`serve`]; any channel's messages for tests and embedders.
pub trait Shutdown: Send {
    /// Waits for the next request to shut down.
    fn requested(&mut self) -> impl std::future::Future<Output = ()> + Send + '_;
}

/// Each message is a request to shut down; a closed channel is one too.
impl Shutdown for tokio::sync::mpsc::UnboundedReceiver<()> {
    async fn requested(&mut self) {
        let _ = self.recv().await;
    }
}

/// [`serve`] of the games of `registry` with the shutdown requests of `shutdown` instead of signals.
pub async fn serve_until(
    config: ServeConfig,
    registry: Registry,
    announce: impl FnOnce(SocketAddr),
    mut shutdown: impl Shutdown,
) -> Result<(), ServeError> {
    let state = AppState::new(&config, registry)?;
    let addr = SocketAddr::new(config.host, config.port);
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    announce(listener.local_addr()?);
    run(listener, router(state), &config, &mut shutdown).await;
    Ok(())
}

/// Accepts connections until the first shutdown signal, then ends them
/// (see the module documentation).
async fn run(
    listener: TcpListener,
    app: Router,
    config: &ServeConfig,
    shutdown: &mut impl Shutdown,
) {
    let (closing, closing_seen) = watch::channel(false);
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    connections.spawn(serve_connection(
                        stream,
                        app.clone(),
                        config.header_timeout,
                        closing_seen.clone(),
                    ));
                }
                // Out of file descriptors and the like: wait a little
                // rather than spin (the connections in progress go on).
                Err(_) => tokio::time::sleep(ACCEPT_BACKOFF).await,
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            () = shutdown.requested() => break,
        }
    }
    drop(listener);
    let _ = closing.send(true);
    let drained = async { while connections.join_next().await.is_some() {} };
    tokio::select! {
        () = drained => {}
        () = tokio::time::sleep(config.shutdown_deadline) => {}
        () = shutdown.requested() => {}
    }
    connections.abort_all();
}

/// How long to wait after a failed `accept` (no file descriptor left).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// [`serve`] on a new multi-threaded tokio runtime (for the synchronous CLI).
pub fn serve_blocking(
    config: ServeConfig,
    registry: Registry,
    announce: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(serve(config, registry, announce));
    // Searches still on blocking threads have been told to stop; do not
    // wait for one that is slow to notice.
    runtime.shutdown_timeout(RUNTIME_SHUTDOWN);
    served
}

/// How long the runtime's blocking threads (searches told to stop) may
/// take to end once the server has stopped.
const RUNTIME_SHUTDOWN: Duration = Duration::from_secs(1);

/// Ctrl-C (SIGINT) and SIGTERM, registered before the address is
/// announced so that a signal sent right after start-up is not missed.
pub struct ShutdownSignals {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

impl ShutdownSignals {
    /// Listens for the signals from now on.
    #[cfg(unix)]
    pub fn new() -> std::io::Result<ShutdownSignals> {
        use tokio::signal::unix::{SignalKind, signal};
        Ok(ShutdownSignals {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    /// Listens for Ctrl-C from now on.
    #[cfg(not(unix))]
    pub fn new() -> std::io::Result<ShutdownSignals> {
        Ok(ShutdownSignals {})
    }
}

impl Shutdown for ShutdownSignals {
    /// The next signal.
    #[cfg(unix)]
    async fn requested(&mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }

    /// The next Ctrl-C.
    #[cfg(not(unix))]
    async fn requested(&mut self) {
        let _ = tokio::signal::ctrl_c().await;
    }
}
