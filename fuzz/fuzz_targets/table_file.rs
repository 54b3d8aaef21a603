//! The solved-table reader and verifier on arbitrary bytes: an error or a
//! table, never a panic.
#![no_main]

use gamesolver_core::Indexer;
use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_retro::{SolvedTable, TableIdentity};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let expected = TableIdentity::new("tictactoe", "standard", "base3", Base3Indexer.len());
    if let Ok(table) = SolvedTable::from_bytes("fuzz", bytes, &expected) {
        let _ = table.verify(&Base3Indexer, &Board::empty());
    }
});
