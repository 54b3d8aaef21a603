//! The server on a real socket, attacked as a hostile client would
//! (issue 26 findings 7, 8, 10): malformed framing, oversized and slow
//! requests, half-open clients, a shutdown during searches, closed
//! analysis streams. Every wait is bounded: a hang fails the test.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use gamesolver_web::{ServeConfig, serve_until};
use serde_json::Value;

/// The longest any single read of these tests waits.
const READ_LIMIT: Duration = Duration::from_secs(10);

/// A server on a free loopback port, on a thread with its own runtime.
struct Server {
    addr: SocketAddr,
    shutdown: tokio::sync::mpsc::UnboundedSender<()>,
    stopped: mpsc::Receiver<Instant>,
}

impl Server {
    fn start(config: ServeConfig) -> Server {
        let (shutdown, requests) = tokio::sync::mpsc::unbounded_channel();
        let (addr_tx, addr_rx) = mpsc::channel();
        let (stopped_tx, stopped) = mpsc::channel();
        thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .unwrap();
            let config = ServeConfig { port: 0, ..config };
            runtime
                .block_on(serve_until(
                    config,
                    gamesolver_engines::builtin(),
                    |addr| addr_tx.send(addr).unwrap(),
                    requests,
                ))
                .unwrap();
            let _ = stopped_tx.send(Instant::now());
            runtime.shutdown_timeout(Duration::from_secs(1));
        });
        let addr = addr_rx.recv_timeout(READ_LIMIT).expect("the server starts");
        Server {
            addr,
            shutdown,
            stopped,
        }
    }

    fn quick() -> Server {
        Server::start(ServeConfig {
            header_timeout: Duration::from_millis(400),
            body_timeout: Duration::from_millis(400),
            shutdown_deadline: Duration::from_millis(500),
            ..ServeConfig::default()
        })
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.addr).unwrap();
        stream.set_read_timeout(Some(READ_LIMIT)).unwrap();
        stream
    }

    /// Sends `bytes` and reads until the server closes the connection.
    fn exchange(&self, bytes: &[u8]) -> String {
        let mut stream = self.connect();
        stream.write_all(bytes).unwrap();
        read_to_close(&mut stream)
    }
}

/// Everything the server sends until it closes (or the read limit).
fn read_to_close(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// The status and the JSON error body of one answer.
fn json_error(answer: &str) -> (u16, Value) {
    let status: u16 = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {answer:?}"));
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{answer}"
    );
    let body: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON in {answer:?}"));
    assert!(
        body["error"].is_string() && body["message"].is_string(),
        "{body}"
    );
    (status, body)
}

#[test]
fn malformed_framing_gets_the_json_error_shape() {
    let server = Server::quick();
    let cases: [(&[u8], u16); 6] = [
        (b"GARBAGE\r\n\r\n", 400),
        (b"GET /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400),
        (b"POST /api/play HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello", 400),
        (b"GET /api/games HTTP/1.1\r\nBad Header Name: 1\r\n\r\n", 400),
        (b"GET /api/games HTTP/9.9\r\nHost: x\r\n\r\n", 400),
        (
            b"POST /api/play HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nhello\r\n0\r\n\r\n",
            400,
        ),
    ];
    for (request, expected) in cases {
        let answer = server.exchange(request);
        let (status, _) = json_error(&answer);
        assert_eq!(
            status,
            expected,
            "{}: {answer}",
            String::from_utf8_lossy(request)
        );
    }
    let many_headers: String = (0..200).map(|i| format!("X-H{i}: {i}\r\n")).collect();
    let answer = server
        .exchange(format!("GET /api/games HTTP/1.1\r\nHost: x\r\n{many_headers}\r\n").as_bytes());
    assert_eq!(json_error(&answer).0, 431, "{answer}");
    let long_header = "a".repeat(1 << 20);
    let mut stream = server.connect();
    let _ = stream
        .write_all(format!("GET /api/games HTTP/1.1\r\nX-Long: {long_header}\r\n\r\n").as_bytes());
    let answer = read_to_close(&mut stream);
    assert_eq!(json_error(&answer).0, 431, "{answer}");
}

#[test]
fn bad_percent_encoding_in_a_path_is_a_json_400() {
    let server = Server::quick();
    let answer = server.exchange(
        b"GET /api/solved/%FF%FE/per-ply HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    let (status, body) = json_error(&answer);
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("bad_path")),
        "{answer}"
    );
}

#[test]
fn a_huge_content_length_is_refused_at_once() {
    let server = Server::quick();
    let mut stream = server.connect();
    let started = Instant::now();
    stream
        .write_all(b"POST /api/analyse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n{")
        .unwrap();
    let answer = read_to_close(&mut stream);
    assert!(
        started.elapsed() < Duration::from_millis(300),
        "{:?}",
        started.elapsed()
    );
    let (status, body) = json_error(&answer);
    assert_eq!(
        (status, body["error"].as_str()),
        (413, Some("payload_too_large"))
    );
    // With Expect: 100-continue the body is never asked for either.
    let answer = server.exchange(b"POST /api/play HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 99999999\r\n\r\n");
    assert_eq!(json_error(&answer).0, 413, "{answer}");
}

#[test]
fn a_chunked_body_over_the_limit_is_cut_off() {
    let server = Server::quick();
    let mut stream = server.connect();
    stream
        .write_all(b"POST /api/play HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        .unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 16384, " ".repeat(16384));
    for _ in 0..5 {
        if stream.write_all(chunk.as_bytes()).is_err() {
            break;
        }
    }
    let answer = read_to_close(&mut stream);
    assert_eq!(json_error(&answer).0, 413, "{answer}");
}

#[test]
fn a_client_that_stops_in_its_headers_is_dropped() {
    let server = Server::quick();
    for partial in [&b"G"[..], b"POST /api/play HTTP/1.1\r\nHost: x\r\n"] {
        let mut stream = server.connect();
        stream.write_all(partial).unwrap();
        let started = Instant::now();
        let _ = read_to_close(&mut stream);
        let waited = started.elapsed();
        assert!(
            waited >= Duration::from_millis(300) && waited < Duration::from_secs(3),
            "closed after {waited:?}"
        );
    }
}

#[test]
fn a_body_that_does_not_arrive_gets_408() {
    let server = Server::quick();
    let mut stream = server.connect();
    stream
        .write_all(b"POST /api/play HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{\"ga")
        .unwrap();
    let started = Instant::now();
    let answer = read_to_close(&mut stream);
    assert!(started.elapsed() < Duration::from_secs(3));
    let (status, body) = json_error(&answer);
    assert_eq!(
        (status, body["error"].as_str()),
        (408, Some("request_timeout"))
    );
}

/// A search request (2 s, the cap) as raw bytes.
fn long_search(path: &str) -> Vec<u8> {
    let body = r#"{"game":"uttt","movetime_ms":2000}"#;
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

#[test]
fn shutdown_drops_slow_clients_and_searches_after_the_deadline() {
    let server = Server::quick();
    // A half-sent request, a silent connection, and two searches.
    let mut half = server.connect();
    half.write_all(b"POST /api/play HTTP/1.1\r\nContent-Le")
        .unwrap();
    let _silent = server.connect();
    let mut searches: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut stream = server.connect();
            stream.write_all(&long_search("/api/analyse")).unwrap();
            stream
        })
        .collect();
    thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    server.shutdown.send(()).unwrap();
    let stopped = server
        .stopped
        .recv_timeout(READ_LIMIT)
        .expect("the server stops");
    let took = stopped - asked;
    assert!(took < Duration::from_millis(1500), "stopped after {took:?}");
    let _ = read_to_close(&mut half);
    for stream in &mut searches {
        let _ = read_to_close(stream);
    }
}

#[test]
fn a_second_shutdown_request_drops_everything_at_once() {
    let server = Server::start(ServeConfig {
        shutdown_deadline: Duration::from_secs(30),
        ..ServeConfig::default()
    });
    let mut stream = server.connect();
    stream.write_all(&long_search("/api/analyse")).unwrap();
    thread::sleep(Duration::from_millis(100));
    server.shutdown.send(()).unwrap();
    thread::sleep(Duration::from_millis(50));
    let asked = Instant::now();
    server.shutdown.send(()).unwrap();
    let stopped = server.stopped.recv_timeout(READ_LIMIT).expect("stops");
    assert!(
        stopped - asked < Duration::from_millis(500),
        "{:?}",
        stopped - asked
    );
}

/// The `info` events of an SSE stream until `count` arrived (with the
/// time each came), on an open connection.
fn read_events(stream: &mut TcpStream, count: usize) -> Vec<Duration> {
    let started = Instant::now();
    let mut seen = Vec::new();
    let mut text = String::new();
    let mut buffer = [0u8; 4096];
    while seen.len() < count {
        let n = stream.read(&mut buffer).expect("the stream goes on");
        assert!(n > 0, "the stream ended early: {text}");
        text.push_str(&String::from_utf8_lossy(&buffer[..n]));
        while seen.len() < text.matches("event: info").count() {
            seen.push(started.elapsed());
        }
    }
    seen
}

#[test]
fn mcts_streams_progress_and_a_closed_stream_frees_its_search_slot_at_once() {
    // One search slot: a request waiting for it gets it as soon as the
    // abandoned stream's search has stopped.
    let server = Server::start(ServeConfig {
        max_searches: 1,
        ..ServeConfig::default()
    });
    let mut best = Duration::MAX;
    for engine in ["mcts", "alphabeta", "mcts"] {
        let mut stream = server.connect();
        let query = format!("game=uttt&engine={engine}&movetime_ms=2000");
        stream
            .write_all(
                format!("GET /api/analyse/stream?{query} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes(),
            )
            .unwrap();
        let events = read_events(&mut stream, 2);
        assert!(
            events[1] < Duration::from_millis(1500),
            "{engine}: {events:?}"
        );
        drop(stream);
        let closed = Instant::now();
        let body = r#"{"game":"uttt","movetime_ms":1}"#;
        let answer = server.exchange(
            format!(
                "POST /api/analyse HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        );
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        best = best.min(closed.elapsed());
    }
    eprintln!("slot free after {best:?}");
    // Stopped within 50 ms, plus the 1 ms search and the round trips.
    assert!(
        best < Duration::from_millis(80),
        "the slot came free after {best:?}"
    );
}
