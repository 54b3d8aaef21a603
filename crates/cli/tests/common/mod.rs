//! Running `gamesolver` from the tests: as a separate process (exit codes,
//! standard error) or in process (faster, for many small cases).
// Each test file uses only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use gamesolver_cli::{Cli, commands};
use serde_json::Value;

/// Runs the binary with `args`.
pub fn gamesolver(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamesolver"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The standard output of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let output = gamesolver(args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// The standard output of a run that must succeed, as JSON.
pub fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

/// The standard error of a run that must fail (any failing exit code).
pub fn fails(args: &[&str]) -> String {
    let output = gamesolver(args);
    assert!(!output.status.success(), "{args:?} should fail");
    String::from_utf8(output.stderr).expect("UTF-8 output")
}

/// The standard error of a command that must fail cleanly: exit code 1
/// (not a parse error, not a crash) and nothing on standard output.
pub fn fails_cleanly(args: &[&str]) -> String {
    let output = gamesolver(args);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{args:?} should fail cleanly"
    );
    assert!(output.stdout.is_empty());
    String::from_utf8(output.stderr).expect("UTF-8 output")
}

/// Runs `gamesolver ARGS…` in process and returns its output or its error
/// message.
pub fn run(args: &[&str]) -> Result<String, String> {
    let registry = gamesolver_engines::builtin();
    let argv = std::iter::once("gamesolver").chain(args.iter().copied());
    let cli = Cli::try_parse_with(&registry, argv).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    commands::run(&registry, cli.command, &mut out).map_err(|e| format!("{e:#}"))?;
    Ok(String::from_utf8(out).expect("utf-8 output"))
}

/// The standard error of a run that must fail cleanly (exit code 1), and
/// must do so without hanging: the run is killed and the test fails if it
/// has not ended after a minute (a guard against a read that blocks, not a
/// measure of speed).
pub fn fails_without_hanging(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamesolver"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child
        .try_wait()
        .expect("the child can be waited for")
        .is_none()
    {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("{args:?} hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("the output is read");
    assert_eq!(
        output.status.code(),
        Some(1),
        "{args:?} should fail cleanly"
    );
    String::from_utf8(output.stderr).expect("UTF-8 output")
}

/// A new named pipe (FIFO) `name` in `dir`, made by `mkfifo`.
pub fn fifo(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    let made = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
    path
}

/// Runs the binary with `args`, `input` on its standard input.
pub fn piped(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamesolver"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}
