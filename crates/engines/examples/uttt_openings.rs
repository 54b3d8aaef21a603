//! Prints the balanced two-ply openings file of ultimate tic-tac-toe
//! (`data/uttt-openings-2ply.txt`):
//! `cargo run --release -p gamesolver-engines --example uttt_openings > data/uttt-openings-2ply.txt`.

fn main() {
    print!(
        "{}",
        gamesolver_engines::uttt::openings::balanced_openings_file()
    );
}
