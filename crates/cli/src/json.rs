//! Writing JSON output.

use std::io::Write;

use serde::Serialize;

/// Writes `value` as JSON on one line, followed by a newline.
pub(crate) fn write_json(out: &mut dyn Write, value: &impl Serialize) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}
