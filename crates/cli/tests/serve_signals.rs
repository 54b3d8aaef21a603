//! `gamesolver serve` stopped by signals while clients misbehave (issue 26
//! finding 7): a client that sent one byte, one that sent half its
//! headers and a search in progress do not keep it running after Ctrl-C
//! beyond the shutdown deadline (3 s); a second Ctrl-C ends it at once.

#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `serve` on a free port; the child and the address it printed.
fn serve() -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamesolver"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().expect("stdout"))
        .read_line(&mut line)
        .expect("the address line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, addr)
}

/// Sends `signal` (`INT`, `TERM`) to the child with kill(1).
fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args(["-s", signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
}

/// Waits up to `limit` for the child to exit; the time it took.
fn exit_within(child: &mut Child, limit: Duration) -> Duration {
    let started = Instant::now();
    while started.elapsed() < limit {
        if child.try_wait().expect("wait").is_some() {
            return started.elapsed();
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    panic!("serve still ran {limit:?} after the signal");
}

fn misbehaving_clients(addr: &str) -> Vec<TcpStream> {
    let mut one_byte = TcpStream::connect(addr).unwrap();
    one_byte.write_all(b"G").unwrap();
    let mut half = TcpStream::connect(addr).unwrap();
    half.write_all(b"POST /api/analyse HTTP/1.1\r\nHost: x\r\nContent-Ty")
        .unwrap();
    let body = r#"{"game":"uttt","movetime_ms":2000}"#;
    let mut search = TcpStream::connect(addr).unwrap();
    search
        .write_all(
            format!(
                "POST /api/analyse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    vec![one_byte, half, search]
}

#[test]
fn ctrl_c_stops_serve_within_its_deadline_whatever_the_clients_do() {
    for sig in ["INT", "TERM"] {
        let (mut child, addr) = serve();
        let _clients = misbehaving_clients(&addr);
        signal(&child, sig);
        let took = exit_within(&mut child, Duration::from_secs(8));
        assert!(took < Duration::from_millis(3500), "{took:?}");
    }
}

#[test]
fn a_second_ctrl_c_stops_serve_at_once() {
    let (mut child, addr) = serve();
    let _clients = misbehaving_clients(&addr);
    signal(&child, "INT");
    std::thread::sleep(Duration::from_millis(100));
    signal(&child, "INT");
    let took = exit_within(&mut child, Duration::from_secs(8));
    assert!(took < Duration::from_millis(1500), "{took:?}");
}
