//! The tier files of a tablebase directory, every other entry accounted
//! for.

use std::fmt::Display;
use std::path::{Path, PathBuf};

use super::EXTENSION;
use crate::binfile::FileError;

/// A directory entry named like a tier file that cannot be used as one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RejectedFile {
    /// The entry.
    pub path: PathBuf,
    /// Why it cannot be used.
    pub reason: String,
}

/// What a tablebase directory holds.
#[derive(Clone, Debug)]
pub struct TierFiles<T> {
    /// The tier files, with their tiers: regular files (or links to them)
    /// named `<tier>.gstb` with the tier written as the tier prints it.
    /// Their contents are not read yet.
    pub tiers: Vec<(T, PathBuf)>,
    /// Entries named `*.gstb` that cannot be tier files.
    pub rejected: Vec<RejectedFile>,
    /// Every other entry (no `.gstb` name), WDL files (`.gswdl`) aside.
    pub ignored: Vec<PathBuf>,
}

/// Lists `dir`, sorting every entry into tier files, rejected `*.gstb`
/// entries (a name that is no tier or not the tier's own spelling, a
/// dangling link, a directory, anything but a regular file) and ignored
/// entries. `parse` reads a tier from a file name's stem. A missing or
/// unreadable directory is an error.
pub fn scan_tier_files<T: Display>(
    dir: &Path,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<TierFiles<T>, FileError> {
    let name = dir.display().to_string();
    let meta = std::fs::metadata(dir).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => FileError::MissingDirectory { path: name.clone() },
        _ => FileError::io(&name, e),
    })?;
    if !meta.is_dir() {
        return Err(FileError::MissingDirectory { path: name });
    }
    let mut found = TierFiles {
        tiers: Vec::new(),
        rejected: Vec::new(),
        ignored: Vec::new(),
    };
    for entry in std::fs::read_dir(dir).map_err(|e| FileError::io(&name, e))? {
        let path = entry.map_err(|e| FileError::io(&name, e))?.path();
        let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let Some(stem) = file_name
            .as_deref()
            .and_then(|n| n.strip_suffix(&format!(".{EXTENSION}")))
        else {
            if !is_companion_file(&path) {
                found.ignored.push(path);
            }
            continue;
        };
        match classify(&path, stem, &parse) {
            Ok(tier) => found.tiers.push((tier, path)),
            Err(reason) => found.rejected.push(RejectedFile { path, reason }),
        }
    }
    Ok(found)
}

/// Whether `path` is named like a companion of a tier file: its WDL file
/// its distance-to-zeroing file or its statistics.
fn is_companion_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| {
        e == crate::wdlfile::EXTENSION
            || e == super::DTZ_EXTENSION
            || e == crate::tablebase::STATS_EXTENSION
    })
}

/// The tier of the entry `path` named `<stem>.gstb`, or why it is none.
fn classify<T: Display>(
    path: &Path,
    stem: &str,
    parse: &impl Fn(&str) -> Option<T>,
) -> Result<T, String> {
    let tier = parse(stem).ok_or_else(|| format!("{stem:?} is not the name of a tier"))?;
    let canonical = tier.to_string();
    if canonical != stem {
        return Err(format!(
            "misnamed: {stem} is written {canonical}, so its file is {canonical}.{EXTENSION}"
        ));
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(tier),
        Ok(meta) if meta.is_dir() => Err("is a directory, not a regular file".to_string()),
        Ok(_) => Err("is not a regular file".to_string()),
        Err(e) if std::fs::symlink_metadata(path).is_ok() => {
            Err(format!("is a symbolic link that cannot be followed ({e})"))
        }
        Err(e) => Err(format!("cannot be accessed ({e})")),
    }
}
