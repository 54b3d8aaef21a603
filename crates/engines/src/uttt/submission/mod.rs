//! The CodinGame bot as one Rust source file (CodinGame takes a single
//! file, standard library only): [`codingame_file`] bundles the project's
//! own sources of the engine — the game's rules, the alpha-beta search,
//! the evaluation and CodinGame's turn format — into nested modules named
//! after their crates, with a `main` that plays
//! [`super::codingame::bot_engine`] through [`super::codingame::serve`].
//!
//! Every file is read from the source tree as it is: comments, tests
//! (`#[cfg(test)]` items), inner attributes and `#[must_use]` are left
//! out, the space between tokens is dropped wherever the tokens stay apart
//! without it (`rust_text`'s `Text::compact`), `crate::` and the crates'
//! names become paths inside the
//! file, a module declaration
//! is replaced by the module's file when the bundle includes it and
//! dropped (with the `use` items that re-export from it) when it does not,
//! and `#[derive(thiserror::Error)]` is written out (`error_impls`).
//! `examples/uttt_codingame_file.rs` writes the file; a test compiles it
//! with plain `rustc --edition 2021 -O` and plays it through the match
//! runner's `codingame:` driver.

mod error_impls;
mod rust_text;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rust_text::Text;

/// CodinGame's limit on a submission's length, in characters.
pub const SIZE_LIMIT: usize = 100_000;

/// Why the file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    /// A source file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A source file uses something the bundler cannot carry over.
    #[error("{path}: {reason}")]
    Source {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        reason: String,
    },
}

/// One crate's part of the bundle: the modules taken from it (paths below
/// its `src`, `/`-separated; a parent listed before its children).
struct CratePart {
    /// The crate's name in paths (`gamesolver_core`).
    name: &'static str,
    /// Its directory below the workspace root.
    dir: &'static str,
    /// Whether its `lib.rs` is the module's root (otherwise the listed
    /// modules are nested in plain modules).
    has_root: bool,
    /// The modules taken.
    modules: &'static [&'static str],
}

/// What the bot needs, crate by crate.
const PARTS: [CratePart; 5] = [
    CratePart {
        name: "gamesolver_core",
        dir: "crates/core",
        has_root: true,
        modules: &[
            "error", "game", "outcome", "player", "solution", "splitmix", "wdl",
        ],
    },
    CratePart {
        name: "gamesolver_games",
        dir: "crates/games",
        has_root: true,
        modules: &[
            "cell_number",
            "lines",
            "uttt",
            "uttt/board",
            "uttt/cell",
            "uttt/variant",
            "uttt/zobrist",
        ],
    },
    CratePart {
        name: "gamesolver_search",
        dir: "crates/search",
        has_root: true,
        modules: &[
            "adaptive_reserve",
            "alphabeta",
            "cpu_wait",
            "engine",
            "evaluator",
            "limits",
            "move_picker",
            "ordering",
            "repetition",
            "score",
            "tt",
            "turn_clock",
        ],
    },
    CratePart {
        name: "gamesolver_api",
        dir: "crates/api",
        has_root: false,
        modules: &["protocol/lines"],
    },
    CratePart {
        name: "gamesolver_engines",
        dir: "crates/engines",
        has_root: false,
        modules: &[
            "uttt/accumulator",
            "uttt/codingame",
            "uttt/count_race",
            "uttt/eval",
            "uttt/network",
            "uttt/network_weights/codingame",
            "uttt/search_settings",
            "uttt/take",
            "uttt/xo_pair",
        ],
    },
];

/// The bot's `main`: the move time in milliseconds from the first
/// argument (CodinGame's 100 without one).
const MAIN: &str = "fn main() {
let movetime_ms = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
let mut engine = gamesolver_engines::uttt::codingame::bot_engine();
let stdin = std::io::stdin();
let result = gamesolver_engines::uttt::codingame::serve(&mut stdin.lock(), &mut std::io::stdout(), &mut std::io::stderr(), &mut engine, movetime_ms, gamesolver_search::Reserve::default());
if let Err(e) = result {
eprintln!(\"error: {e}\");
}
}
";

/// The CodinGame bot as one Rust file, from the sources under `root` (the
/// workspace's directory).
///
/// ```
/// use std::path::Path;
/// use gamesolver_engines::uttt::submission::{SIZE_LIMIT, codingame_file};
///
/// let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
/// let file = codingame_file(&root)?;
/// assert!(file.chars().count() <= SIZE_LIMIT);
/// # Ok::<(), gamesolver_engines::uttt::submission::BundleError>(())
/// ```
pub fn codingame_file(root: &Path) -> Result<String, BundleError> {
    let mut out = String::from(
        "// The gamesolver CodinGame ultimate tic-tac-toe bot, bundled from the\n\
         // project's sources by gamesolver-engines' uttt::submission (do not edit).\n\
         #![allow(dead_code, unused_imports, unused_macros, unused_variables)]\n",
    );
    for part in &PARTS {
        let body = if part.has_root {
            module(root, part, "", &part.dir_path("lib.rs"))?
        } else {
            nested(root, part, "", part.modules)?
        };
        out.push_str(&format!("pub mod {} {{\n{body}}}\n", part.name));
    }
    let text = Text::parse(&out).map_err(|reason| BundleError::Source {
        path: PathBuf::from("(bundle)"),
        reason,
    })?;
    Ok(text.compact() + MAIN)
}

impl CratePart {
    /// `file` below the crate's `src`.
    fn dir_path(&self, file: &str) -> PathBuf {
        Path::new(self.dir).join("src").join(file)
    }

    /// Whether the module at `path` is taken.
    fn takes(&self, path: &str) -> bool {
        self.modules.contains(&path)
    }
}

/// Plain modules holding `paths` (relative to `prefix`), each leaf the
/// module's file.
fn nested(
    root: &Path,
    part: &CratePart,
    prefix: &str,
    paths: &[&str],
) -> Result<String, BundleError> {
    let mut children: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for path in paths {
        let (head, tail) = path.split_once('/').unwrap_or((path, ""));
        let entry = children.entry(head).or_default();
        if !tail.is_empty() {
            entry.push(tail);
        }
    }
    let mut out = String::new();
    for (head, tails) in children {
        let path = join(prefix, head);
        let body = if tails.is_empty() {
            module(root, part, &path, &part.dir_path(&format!("{path}.rs")))?
        } else {
            nested(root, part, &path, &tails)?
        };
        out.push_str(&format!("pub mod {head} {{\n{body}}}\n"));
    }
    Ok(out)
}

/// `prefix/name`, or `name` at the top.
fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}/{name}")
    }
}

/// The module at `path` (`""` for the crate's root) from `file`, its items
/// processed and its taken child modules inlined.
fn module(root: &Path, part: &CratePart, path: &str, file: &Path) -> Result<String, BundleError> {
    let source = std::fs::read_to_string(root.join(file)).map_err(|source| BundleError::Read {
        path: file.to_path_buf(),
        source,
    })?;
    let fail = |reason: String| BundleError::Source {
        path: file.to_path_buf(),
        reason,
    };
    let text = Text::parse(&source).map_err(fail)?;
    let text = Text::parse(&rewrite_paths(&text, part.name)).map_err(fail)?;
    let mut out = String::new();
    for range in text.items().map_err(fail)? {
        let item = text.slice(range);
        let head = strip_visibility(&item);
        if item.starts_with("#![") || item.starts_with("#[cfg(test)]") {
            continue;
        }
        if let Some(name) = declared_module(head) {
            let child = join(path, name);
            if part.takes(&child) {
                let child_file = child_file(root, part, path, name);
                let body = module(root, part, &child, &child_file)?;
                let visibility = &item[..item.len() - head.len()];
                out.push_str(&format!("{visibility}mod {name} {{\n{body}}}\n"));
            }
            continue;
        }
        if let Some(used) = head.strip_prefix("use ") {
            let first = used.trim_start_matches("self::");
            let first = first.split("::").next().unwrap_or("");
            let excluded_child = part.modules.iter().all(|m| *m != join(path, first))
                && is_child_module(&text, first);
            if first == "thiserror" || excluded_child {
                continue;
            }
        }
        match error_impls::expand(&item).map_err(fail)? {
            Some(expanded) => out.push_str(&expanded),
            None => out.push_str(&item),
        }
        out.push('\n');
    }
    Ok(out)
}

/// An item with a leading `pub`, `pub(crate)`, … left out.
fn strip_visibility(item: &str) -> &str {
    let Some(rest) = item.strip_prefix("pub") else {
        return item;
    };
    let rest = rest.trim_start();
    match rest.strip_prefix('(') {
        Some(inner) => inner
            .split_once(')')
            .map_or(rest, |(_, after)| after.trim_start()),
        None => rest,
    }
}

/// The name `NAME` of an item `mod NAME;`.
fn declared_module(head: &str) -> Option<&str> {
    head.strip_prefix("mod ")?.strip_suffix(';').map(str::trim)
}

/// Whether `text` declares `mod name;`.
fn is_child_module(text: &Text, name: &str) -> bool {
    text.items().is_ok_and(|items| {
        items
            .into_iter()
            .any(|r| declared_module(strip_visibility(&text.slice(r))) == Some(name))
    })
}

/// The file of module `name` declared in the module at `parent`.
fn child_file(root: &Path, part: &CratePart, parent: &str, name: &str) -> PathBuf {
    let flat = part.dir_path(&format!("{}.rs", join(parent, name)));
    if root.join(&flat).is_file() {
        flat
    } else {
        part.dir_path(&format!("{}/mod.rs", join(parent, name)))
    }
}

/// `crate::` as `crate::CRATE::`, and the other crates' names as paths
/// from the file's root.
fn rewrite_paths(text: &Text, crate_name: &str) -> String {
    text.map_idents(|t, i, ident| {
        let path_follows = t.code_starts(i + ident.len(), "::");
        let after_path = t.code_before_is(i, "::") || t.code_before_is(i, "$");
        if ident == "crate" && path_follows && !after_path {
            Some(format!("crate::{crate_name}"))
        } else if ident.starts_with("gamesolver_") && !after_path {
            Some(format!("crate::{ident}"))
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_point_inside_the_file() {
        let text = Text::parse(
            "use crate::lines::FULL;\nuse gamesolver_core::Game;\nlet a = ::gamesolver_x::y; $crate::z; pub(crate) fn f() {}",
        )
        .unwrap();
        assert_eq!(
            rewrite_paths(&text, "gamesolver_games"),
            "use crate::gamesolver_games::lines::FULL;\nuse crate::gamesolver_core::Game;\nlet a = ::gamesolver_x::y; $crate::z; pub(crate) fn f() {}"
        );
    }

    #[test]
    fn a_missing_source_tree_is_an_error() {
        let error = codingame_file(Path::new("/no/such/gamesolver/tree")).unwrap_err();
        assert!(matches!(error, BundleError::Read { .. }), "{error}");
        assert!(
            error.to_string().contains("crates/core/src/lib.rs"),
            "{error}"
        );
    }

    #[test]
    fn visibility_and_module_declarations() {
        assert_eq!(strip_visibility("pub(crate) mod a;"), "mod a;");
        assert_eq!(strip_visibility("pub use b::C;"), "use b::C;");
        assert_eq!(declared_module("mod board;"), Some("board"));
        assert_eq!(declared_module("mod tests { }"), None);
    }
}
