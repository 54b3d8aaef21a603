//! A game's protocol host, ready to serve ([`ErasedHost`]).

use std::io::{BufRead, Write};

/// A game's protocol host, ready to serve (`gamesolver engine GAME`).
pub trait ErasedHost: Send {
    /// The name announced by `id name`.
    fn engine_name(&self) -> String;
    /// The names of the protocol options it offers (`Engine`, `Hash`, …):
    /// what `setoption` and [`ErasedHost::set_option`] accept.
    fn option_names(&self) -> Vec<&'static str>;
    /// Sets protocol option `name` to `value` before serving, as
    /// `setoption` would; the error says what was wrong.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// Serves the UCI-style protocol on `input` until `quit` or its end.
    fn serve(
        self: Box<Self>,
        input: Box<dyn BufRead + Send>,
        out: &mut dyn Write,
    ) -> std::io::Result<()>;
}
