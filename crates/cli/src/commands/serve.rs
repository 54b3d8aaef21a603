//! `gamesolver serve`: the browser front end (crate `gamesolver-web`).

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;

use gamesolver_api::Registry;

/// Arguments of `gamesolver serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on (0 = any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (127.0.0.1 = this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// A tablebase directory for the explorer: the tables of the first game
    /// that holds them (e.g. built by `gamesolver tablebase build jungle
    /// --dir DIR`), and `DIR/<game>` for each game with such a
    /// subdirectory (the default directories of `tablebase build`, with
    /// `--tablebase tables`).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
}

/// Serves the pages and the JSON API of `registry`'s games until Ctrl-C.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let config = gamesolver_web::ServeConfig {
        host: args.host,
        port: args.port,
        tablebase: args.tablebase.clone(),
        ..gamesolver_web::ServeConfig::default()
    };
    gamesolver_web::serve_blocking(config, registry.clone(), |addr| {
        let _ = writeln!(
            out,
            "gamesolver serve: listening on http://{addr}/ (Ctrl-C stops)"
        );
        let _ = out.flush();
    })?;
    writeln!(out, "gamesolver serve: stopped")?;
    Ok(())
}
