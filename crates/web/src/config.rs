//! The server's settings (the `serve` subcommand's options).

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (127.0.0.1 by default: only this machine).
    pub host: IpAddr,
    /// The port (8080 by default; 0 picks a free one, printed at start).
    pub port: u16,
    /// A tablebase directory, if any: the tables of the first game that
    /// holds them, and `DIR/<game>` for each game with such a subdirectory.
    pub tablebase: Option<PathBuf>,
    /// How many searches run at once (the rest wait in the queue).
    pub max_searches: usize,
    /// How many searches may wait for a slot; more get 503 + Retry-After.
    pub queue_limit: usize,
    /// A request's head (request line and headers) must arrive within
    /// this time of its first byte (or of the connection's start), else
    /// the connection is closed: a client that sends one byte, or half its
    /// headers, holds nothing for long.
    pub header_timeout: Duration,
    /// A request's body must arrive within this time (408 otherwise).
    pub body_timeout: Duration,
    /// After Ctrl-C or SIGTERM, connections still open this long after the
    /// server stopped accepting are dropped (a second signal drops them at
    /// once); searches are at most 2 s, so the default lets them finish.
    pub shutdown_deadline: Duration,
}

impl Default for ServeConfig {
    fn default() -> ServeConfig {
        ServeConfig {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            tablebase: None,
            max_searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue_limit: 16,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            shutdown_deadline: Duration::from_secs(3),
        }
    }
}
