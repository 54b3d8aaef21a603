//! A game's protocol host, ready to serve ([`ErasedHost`]).

use std::io::{BufRead, Write};

/// A game's protocol host, ready to serve (`gamesolver engine GAME`).
pub trait ErasedHost: Send {
    /// The name announced by `id name`.
    fn engine_name(&self) -> String;
    /// The protocol options it offers (`Engine`, `Hash`, …) with their
    /// current values and docs: what `setoption` and
    /// [`ErasedHost::set_option`] accept.
    fn options(&self) -> Vec<crate::protocol::OptionSpec>;
    /// Sets protocol option `name` to `value` before serving, as
    /// `setoption` would; the error says what was wrong.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// Serves the UCI-style protocol on `input` until `quit` or its end;
    /// `out` is written from the searching thread too (a search writes its
    /// own answer), hence `Send`.
    fn serve(
        self: Box<Self>,
        input: Box<dyn BufRead + Send>,
        out: &mut (dyn Write + Send),
    ) -> std::io::Result<()>;
}
