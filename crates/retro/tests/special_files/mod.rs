//! Special files for the tests that files are refused unless regular.

use std::path::{Path, PathBuf};

/// A new named pipe (FIFO) `name` in `dir`, made by `mkfifo`.
pub fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
    path
}
