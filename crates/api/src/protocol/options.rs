//! Declarative engine option tables: every option of an engine host is
//! declared once ([`OptionDef`]: name, kind and range, doc, typed getter
//! and setter), and the protocol's `option name …` lines, `setoption`,
//! the command line's `--option NAME=VALUE` and `--list-options`, and the
//! tuning ranges are generated from the table.
//!
//! ```
//! use gamesolver_api::protocol::options::{OptionDef, OptionKind, OptionValue, announce, set};
//!
//! #[derive(Default)]
//! struct Host { depth: i64 }
//! const TABLE: &[OptionDef<Host>] = &[OptionDef {
//!     name: "Depth",
//!     kind: OptionKind::Spin { min: 1, max: 9 },
//!     doc: "search depth",
//!     get: |h| OptionValue::Int(h.depth),
//!     set: |h, v| { h.depth = v.int()?; Ok(()) },
//! }];
//! let mut host = Host { depth: 3 };
//! assert_eq!(announce(TABLE, &host)[0].description, "type spin default 3 min 1 max 9");
//! assert!(set(TABLE, &mut host, "depth", "5").unwrap().is_ok());
//! assert_eq!(host.depth, 5);
//! assert!(set(TABLE, &mut host, "Depth", "10").unwrap().is_err());
//! assert!(set(TABLE, &mut host, "Width", "1").is_none());
//! ```

use std::fmt;

use super::OptionSpec;

/// An option's type and range, as the protocol announces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Spin {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `true` or `false`.
    Check,
    /// One of `vars` (the setter parses and checks the text).
    Combo {
        /// The values announced.
        vars: &'static [&'static str],
    },
    /// Any text (the setter checks it).
    String,
}

impl OptionKind {
    /// The protocol's name of the type: `spin`, `check`, `combo`, `string`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Spin { .. } => "spin",
            Self::Check => "check",
            Self::Combo { .. } => "combo",
            Self::String => "string",
        }
    }

    /// Reads `value` for option `name`: a number in range, a boolean, or
    /// the text itself.
    ///
    /// # Errors
    /// A spin value that is not a whole number in range, a check value
    /// that is neither `true` nor `false`.
    pub fn parse(self, name: &str, value: &str) -> Result<OptionValue, String> {
        match self {
            Self::Spin { min, max } => value
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .map(OptionValue::Int)
                .ok_or_else(|| {
                    format!("option {name} is a whole number {min}..={max}, not {value:?}")
                }),
            Self::Check => match value.trim().to_ascii_lowercase().as_str() {
                "true" => Ok(OptionValue::Bool(true)),
                "false" => Ok(OptionValue::Bool(false)),
                _ => Err(format!("option {name} is true or false, not {value:?}")),
            },
            Self::Combo { .. } | Self::String => Ok(OptionValue::Text(value.to_string())),
        }
    }
}

/// An option's value: what a getter returns and a setter takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A `spin` value.
    Int(i64),
    /// A `check` value.
    Bool(bool),
    /// A `combo` or `string` value.
    Text(String),
}

impl OptionValue {
    /// The whole number of a `spin` option.
    ///
    /// # Errors
    /// The value is not a number (a table whose kind and setter disagree).
    pub fn int(&self) -> Result<i64, String> {
        match self {
            Self::Int(n) => Ok(*n),
            other => Err(format!("{other} is not a whole number")),
        }
    }

    /// The boolean of a `check` option.
    ///
    /// # Errors
    /// The value is not a boolean.
    pub fn bool(&self) -> Result<bool, String> {
        match self {
            Self::Bool(b) => Ok(*b),
            other => Err(format!("{other} is not true or false")),
        }
    }

    /// The text of a `combo` or `string` option.
    #[must_use]
    pub fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Int(n) => write!(f, "{n}"),
            Self::Bool(b) => write!(f, "{b}"),
            Self::Text(text) => f.write_str(text),
        }
    }
}

/// One option of a host `T`, declared once.
pub struct OptionDef<T> {
    /// The protocol name (`setoption` takes it in any case).
    pub name: &'static str,
    /// The type and range.
    pub kind: OptionKind,
    /// What it does, one line.
    pub doc: &'static str,
    /// The current value (announced as the `default`).
    pub get: fn(&T) -> OptionValue,
    /// Sets a value already read by [`OptionKind::parse`], or says why not.
    pub set: fn(&mut T, OptionValue) -> Result<(), String>,
}

impl<T> Clone for OptionDef<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for OptionDef<T> {}

impl<T> fmt::Debug for OptionDef<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OptionDef")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl<T> OptionDef<T> {
    /// Its announcement with the value `host` has now as the default.
    #[must_use]
    pub fn spec(&self, host: &T) -> OptionSpec {
        let default = (self.get)(host);
        let mut description = format!("type {} default {default}", self.kind.name());
        match self.kind {
            OptionKind::Spin { min, max } => description += &format!(" min {min} max {max}"),
            OptionKind::Combo { vars } => {
                for var in vars {
                    description += &format!(" var {var}");
                }
            }
            OptionKind::Check | OptionKind::String => {}
        }
        OptionSpec {
            name: self.name,
            description,
            kind: self.kind,
            default,
            doc: self.doc,
        }
    }

    /// Reads `value` and sets it on `host`.
    ///
    /// # Errors
    /// The value does not fit the kind, or the setter refuses it.
    pub fn apply(&self, host: &mut T, value: &str) -> Result<(), String> {
        let value = self.kind.parse(self.name, value)?;
        (self.set)(host, value)
    }
}

/// A host whose options are all in one table: the protocol's option
/// announcements and `setoption` for it, from the table.
pub trait OptionTable: Sized {
    /// Every option, in announcement order.
    fn option_table() -> Vec<OptionDef<Self>>;

    /// The announcements, with the current values as defaults.
    fn announce_options(&self) -> Vec<OptionSpec> {
        announce(&Self::option_table(), self)
    }

    /// Sets option `name` (any case) to `value`, or says why not
    /// (`unknown option "NAME"` if the table lacks it).
    ///
    /// # Errors
    /// An unknown option, or a value the option refuses.
    fn set_by_table(&mut self, name: &str, value: &str) -> Result<(), String> {
        set(&Self::option_table(), self, name, value)
            .unwrap_or_else(|| Err(format!("unknown option {name:?}")))
    }
}

/// An [`OptionDef`] of kind `check` over the boolean at the place
/// `$($field).+` of the host: `check_option!("LMR", "late move
/// reductions", options.search.late_move_reductions)`.
#[macro_export]
macro_rules! check_option {
    ($name:literal, $doc:literal, $($field:ident).+) => {
        $crate::protocol::options::OptionDef {
            name: $name,
            kind: $crate::protocol::options::OptionKind::Check,
            doc: $doc,
            get: |h| $crate::protocol::options::OptionValue::Bool(h.$($field).+),
            set: |h, v| {
                h.$($field).+ = v.bool()?;
                Ok(())
            },
        }
    };
}

/// An [`OptionDef`] of kind `$kind` (a spin) over the number at the place
/// `$($field).+` of the host, stored as `$ty`: `spin_option!("Tempo",
/// WEIGHT, "bonus for the side to move", i32, options.weights.tempo)`.
#[macro_export]
macro_rules! spin_option {
    ($name:literal, $kind:expr, $doc:literal, $ty:ty, $($field:ident).+) => {
        $crate::protocol::options::OptionDef {
            name: $name,
            kind: $kind,
            doc: $doc,
            get: |h| $crate::protocol::options::OptionValue::Int(h.$($field).+ as i64),
            set: |h, v| {
                h.$($field).+ = v.int()? as $ty;
                Ok(())
            },
        }
    };
}

/// The announcements of every option of `table`, in its order.
#[must_use]
pub fn announce<T>(table: &[OptionDef<T>], host: &T) -> Vec<OptionSpec> {
    table.iter().map(|def| def.spec(host)).collect()
}

/// The option of `table` called `name` (any case).
#[must_use]
pub fn find<'t, T>(table: &'t [OptionDef<T>], name: &str) -> Option<&'t OptionDef<T>> {
    table.iter().find(|def| def.name.eq_ignore_ascii_case(name))
}

/// Sets option `name` (any case) of `table` to `value`: `None` if the
/// table has no such option, otherwise whether the value was accepted.
pub fn set<T>(
    table: &[OptionDef<T>],
    host: &mut T,
    name: &str,
    value: &str,
) -> Option<Result<(), String>> {
    find(table, name).map(|def| def.apply(host, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Host {
        on: bool,
        mode: String,
    }

    const TABLE: &[OptionDef<Host>] = &[
        OptionDef {
            name: "On",
            kind: OptionKind::Check,
            doc: "a switch",
            get: |h| OptionValue::Bool(h.on),
            set: |h, v| {
                h.on = v.bool()?;
                Ok(())
            },
        },
        OptionDef {
            name: "Mode",
            kind: OptionKind::Combo { vars: &["a", "b"] },
            doc: "a choice",
            get: |h| OptionValue::Text(h.mode.clone()),
            set: |h, v| match v.text().as_str() {
                "a" | "b" => {
                    h.mode = v.text();
                    Ok(())
                }
                other => Err(format!("no mode {other}")),
            },
        },
    ];

    #[test]
    fn announcements_and_settings_follow_the_table() {
        let mut host = Host {
            on: false,
            mode: "a".into(),
        };
        let specs = announce(TABLE, &host);
        assert_eq!(specs[0].description, "type check default false");
        assert_eq!(specs[1].description, "type combo default a var a var b");
        assert_eq!(specs[1].doc, "a choice");
        set(TABLE, &mut host, "ON", " True ").unwrap().unwrap();
        set(TABLE, &mut host, "mode", "b").unwrap().unwrap();
        assert!(host.on && host.mode == "b");
        let err = set(TABLE, &mut host, "On", "yes").unwrap().unwrap_err();
        assert_eq!(err, "option On is true or false, not \"yes\"");
        assert!(set(TABLE, &mut host, "Mode", "c").unwrap().is_err());
        assert!(OptionValue::Bool(true).int().is_err());
    }
}
