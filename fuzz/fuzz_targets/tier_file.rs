//! The tablebase tier-file reader on arbitrary bytes (written to a
//! temporary file, as the reader maps files): an error or a file whose
//! probes and load answer, never a panic.
#![no_main]

use gamesolver_retro::tbfile::{TablebaseFile, TablebaseIdentity};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let path = std::env::temp_dir().join(format!("gamesolver-fuzz-{}.gstb", std::process::id()));
    std::fs::write(&path, bytes).expect("the temporary directory is writable");
    let expected = TablebaseIdentity {
        game: "jungle".into(),
        variant: "standard".into(),
        tier: "R-e".into(),
        scheme: "fuzz".into(),
        entries: 20_000,
    };
    if let Ok(file) = TablebaseFile::open(&path, &expected) {
        for index in [0, 8191, 8192, 19_999] {
            let _ = file.probe(index);
        }
        let _ = file.load();
    }
});
