//! Writes the CodinGame bot as one Rust file, bundled from the project's
//! sources (`uttt::submission::codingame_file`):
//! `cargo run -p gamesolver-engines --example uttt_codingame_file -- --out bot.rs`
//! (or the path alone; standard output without one). Compile it with
//! `rustc --edition 2021 -O -o bot bot.rs`; `./bot 100` plays CodinGame's
//! turns at 100 ms a move (the default), or paste the file into CodinGame.

use std::path::Path;
use std::process::ExitCode;

use gamesolver_engines::uttt::submission::{SIZE_LIMIT, codingame_file};

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let file = match codingame_file(&root) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => None,
        ["--out", path] | [path] if !path.starts_with('-') => Some(path.to_string()),
        _ => {
            eprintln!("usage: uttt_codingame_file [[--out] FILE]");
            return ExitCode::FAILURE;
        }
    };
    let written = match path {
        Some(path) => std::fs::write(&path, &file).map(|()| path),
        None => {
            print!("{file}");
            Ok("standard output".to_string())
        }
    };
    match written {
        Ok(place) => {
            let size = file.chars().count();
            eprintln!("{size} characters (CodinGame's limit {SIZE_LIMIT}) to {place}");
            if size > SIZE_LIMIT {
                eprintln!("error: over CodinGame's limit");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write the file: {e}");
            ExitCode::FAILURE
        }
    }
}
