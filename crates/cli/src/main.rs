//! The `gamesolver` command-line program; see `gamesolver --help`.

fn main() -> std::process::ExitCode {
    gamesolver_cli::main()
}
