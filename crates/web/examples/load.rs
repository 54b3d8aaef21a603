//! A bounded load run against a running `gamesolver serve` on this machine
//! (loopback addresses only): N requests over C keep-alive connections to
//! one endpoint, optionally while K long searches (2 s each) keep running,
//! then requests/s and latency percentiles. A benchmark, not a test.
//!
//! ```sh
//! gamesolver serve --port 8080 --tablebase tables/jungle &
//! cargo run --release -p gamesolver-web --example load -- 127.0.0.1:8080 legal-moves 20000 64 [K]
//! ```
//! Endpoints: `legal-moves` (Jungle after one move), `probe` (a 2-piece
//! Jungle position; needs `--tablebase`), `analyse` (ultimate tic-tac-toe,
//! 10 ms).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

type Failure = Box<dyn std::error::Error + Send + Sync>;

/// The JSON body and path of each endpoint.
fn request_of(endpoint: &str) -> Result<(&'static str, &'static str), Failure> {
    Ok(match endpoint {
        "legal-moves" => ("/api/legal-moves", r#"{"game":"jungle","moves":["g3g4"]}"#),
        "probe" => (
            "/api/tablebase/probe",
            r#"{"game":"jungle","position":"7/7/7/7/7/7/1c5/7/E6 w"}"#,
        ),
        "analyse" => ("/api/analyse", r#"{"game":"uttt","movetime_ms":10}"#),
        "long-search" => ("/api/analyse", r#"{"game":"uttt","movetime_ms":2000}"#),
        other => return Err(format!("unknown endpoint {other:?}").into()),
    })
}

/// One keep-alive connection that sends POSTs and reads the answers.
struct Connection {
    stream: BufReader<TcpStream>,
    head: String,
}

impl Connection {
    async fn open(addr: SocketAddr, path: &str, body: &str) -> Result<Connection, Failure> {
        let stream = BufReader::new(TcpStream::connect(addr).await?);
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        Ok(Connection { stream, head })
    }

    /// Sends the request once; returns the status code.
    async fn round_trip(&mut self) -> Result<u16, Failure> {
        self.stream
            .get_mut()
            .write_all(self.head.as_bytes())
            .await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line.split(' ').nth(1).ok_or("no status line")?.parse()?;
        let mut length = 0usize;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse()?;
            }
        }
        let mut body = vec![0u8; length];
        self.stream.read_exact(&mut body).await?;
        Ok(status)
    }
}

/// Latencies of the successful requests and the count of each failure.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    busy: usize,
    other: usize,
}

async fn worker(
    addr: SocketAddr,
    endpoint: &'static str,
    next: Arc<AtomicUsize>,
    total: usize,
) -> Result<Tally, Failure> {
    let (path, body) = request_of(endpoint)?;
    let mut connection = Connection::open(addr, path, body).await?;
    let mut tally = Tally::default();
    while next.fetch_add(1, Ordering::Relaxed) < total {
        let started = Instant::now();
        match connection.round_trip().await? {
            200 => tally.latencies.push(started.elapsed()),
            503 => tally.busy += 1,
            _ => tally.other += 1,
        }
    }
    Ok(tally)
}

async fn long_searches(addr: SocketAddr, stop: Arc<AtomicBool>) -> Result<usize, Failure> {
    let (path, body) = request_of("long-search")?;
    let mut connection = Connection::open(addr, path, body).await?;
    let mut done = 0;
    while !stop.load(Ordering::Relaxed) {
        connection.round_trip().await?;
        done += 1;
    }
    Ok(done)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank].as_secs_f64() * 1e3
}

#[tokio::main]
async fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: load ADDR ENDPOINT REQUESTS CONNECTIONS [LONG_SEARCHES]";
    let addr: SocketAddr = args.first().ok_or(usage)?.parse()?;
    if !addr.ip().is_loopback() {
        return Err("load runs only against a loopback address (127.0.0.0/8 or ::1)".into());
    }
    let endpoint: &'static str = match args.get(1).map(String::as_str) {
        Some("legal-moves") => "legal-moves",
        Some("probe") => "probe",
        Some("analyse") => "analyse",
        _ => return Err(usage.into()),
    };
    let total: usize = args.get(2).ok_or(usage)?.parse()?;
    let connections: usize = args.get(3).ok_or(usage)?.parse()?;
    let background: usize = args.get(4).map_or(Ok(0), |k| k.parse())?;
    if total == 0 || connections == 0 || total > 1_000_000 || connections > 1024 {
        return Err("requests must be 1..=1000000 and connections 1..=1024".into());
    }

    let stop = Arc::new(AtomicBool::new(false));
    let searches: Vec<_> = (0..background)
        .map(|_| tokio::spawn(long_searches(addr, Arc::clone(&stop))))
        .collect();
    if background > 0 {
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let workers: Vec<_> = (0..connections)
        .map(|_| tokio::spawn(worker(addr, endpoint, Arc::clone(&next), total)))
        .collect();
    let mut all = Tally::default();
    for handle in workers {
        let tally = handle.await??;
        all.latencies.extend(tally.latencies);
        all.busy += tally.busy;
        all.other += tally.other;
    }
    let elapsed = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let mut long_done = 0;
    for handle in searches {
        long_done += handle.await??;
    }
    all.latencies.sort();
    println!(
        "{endpoint}: {total} requests, {connections} connections, {background} long searches running ({long_done} finished)"
    );
    println!(
        "  {:.0} requests/s; 200: {}, 503: {}, other: {}; latency of 200s p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        total as f64 / elapsed,
        all.latencies.len(),
        all.busy,
        all.other,
        percentile(&all.latencies, 50.0),
        percentile(&all.latencies, 99.0),
        percentile(&all.latencies, 100.0),
    );
    Ok(())
}
