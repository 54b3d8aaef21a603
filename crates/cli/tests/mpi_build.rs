//! `tablebase build --mpi` under a real `mpirun` (feature `mpi`; `.ci/run`
//! runs it with `cargo test -p gamesolver-cli --features mpi --test
//! mpi_build`): the files of 1, 2 and 4 ranks are the single-machine
//! build's, byte for byte; a rank that dies stops the build with a clear
//! message, leaves no valid-looking partial file, and a rerun completes;
//! a second game (dōbutsu shōgi) builds the same way, and a game without
//! tablebases is refused by the capability's name.
#![cfg(feature = "mpi")]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;

const BIN: &str = env!("CARGO_BIN_EXE_gamesolver");

/// Jungle's tables of every material up to `max_pieces` pieces.
fn build_args(dir: &Path, max_pieces: u32) -> Vec<String> {
    game_build_args("jungle", &["--max-pieces", &max_pieces.to_string()], dir)
}

/// `tablebase build GAME --quiet WHAT… --dir DIR`.
fn game_build_args(game: &str, what: &[&str], dir: &Path) -> Vec<String> {
    let mut args: Vec<String> = ["tablebase", "build", game, "--quiet"]
        .map(String::from)
        .to_vec();
    args.extend(what.iter().map(|w| w.to_string()));
    args.push("--dir".into());
    args.push(dir.display().to_string());
    args
}

/// The files of the single-machine build of every material up to three
/// pieces (built once for both tests).
fn single_machine() -> &'static BTreeMap<String, Vec<u8>> {
    static FILES: OnceLock<BTreeMap<String, Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let output = Command::new(BIN)
            .args(build_args(dir.path(), 3))
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        tier_files(dir.path())
    })
}

/// `mpirun -np RANKS gamesolver tablebase build … --mpi`, with `env` set
/// on every rank.
fn mpirun(ranks: u32, dir: &Path, max_pieces: u32, env: &[(&str, &str)]) -> Output {
    mpirun_with(ranks, build_args(dir, max_pieces), env)
}

/// `mpirun -np RANKS gamesolver ARGS… --mpi`, with `env` set on every
/// rank.
fn mpirun_with(ranks: u32, args: Vec<String>, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new("mpirun");
    // CI runs as root; OpenMPI refuses root without this.
    command.args(["--allow-run-as-root", "--oversubscribe", "-np"]);
    command.arg(ranks.to_string());
    for (name, value) in env {
        command.env(name, value).args(["-x", name]);
    }
    command.arg(BIN).args(args).arg("--mpi");
    // A session directory of its own: OpenMPI's default, /tmp/ompi.HOST.UID,
    // is shared by the tests' concurrent runs, whose creating it at once
    // can fail ("mkdir ... File exists").
    let session = tempfile::tempdir().unwrap();
    command
        .env("TMPDIR", session.path())
        .env("OMPI_MCA_orte_tmpdir_base", session.path());
    command
        .output()
        .expect("mpirun runs (OpenMPI installed: apt-get install openmpi-bin)")
}

fn tier_files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".gstb"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn one_two_and_four_ranks_write_the_single_machine_files() {
    let expected = single_machine();
    assert_eq!(expected.len(), 260, "every stored material up to 3 pieces");
    for ranks in [1, 2, 4] {
        let dir = tempfile::tempdir().unwrap();
        let output = mpirun(ranks, dir.path(), 3, &[]);
        let stdout = text(&output.stdout);
        assert!(output.status.success(), "{ranks} ranks: {output:?}");
        assert!(stdout.contains("260 tiers"), "{stdout}");
        assert!(
            stdout.contains(&format!("rank {}: ", ranks - 1)),
            "{stdout}"
        );
        assert!(stdout.contains("idle: "), "{stdout}");
        let built = tier_files(dir.path());
        assert_eq!(
            built.keys().collect::<Vec<_>>(),
            expected.keys().collect::<Vec<_>>()
        );
        for (name, bytes) in &built {
            assert!(
                bytes == &expected[name],
                "{name} differs with {ranks} ranks"
            );
        }
    }
}

#[test]
fn a_rank_that_dies_stops_the_build_and_a_rerun_completes_it() {
    let expected = single_machine();
    let dir = tempfile::tempdir().unwrap();
    // Rank 1's tier is never announced, so the tiers that capture into it
    // cannot start: the build cannot have finished when it is stopped.
    let crashed = mpirun(2, dir.path(), 3, &[("GAMESOLVER_TEST_CRASH_RANK", "1")]);
    let stderr = text(&crashed.stderr);
    assert!(!crashed.status.success(), "{crashed:?}");
    assert!(
        stderr.contains("aborts after its first tier"),
        "the fault fired: {stderr}"
    );
    assert!(
        stderr.contains("run the same command again to resume"),
        "rank 0 explains: {stderr}"
    );
    // Whatever was left under a tier file's name is the finished file.
    let left = tier_files(dir.path());
    assert!(left.len() < expected.len(), "the build stopped early");
    for (name, bytes) in &left {
        assert!(bytes == &expected[name], "{name} is no finished file");
    }
    let rerun = mpirun(2, dir.path(), 3, &[]);
    let stdout = text(&rerun.stdout);
    assert!(rerun.status.success(), "{rerun:?}");
    assert!(!stdout.contains(", 0 already there"), "{stdout}");
    assert!(
        tier_files(dir.path()) == *expected,
        "the rerun's files differ"
    );
}

/// Issue 22: the distributed build serves any game with the tablebase
/// capability, not Jungle alone: dōbutsu's four materials of at most four
/// pieces (`L`, `LG`, `LE`, `LC`) over two ranks are the single-machine
/// build's files.
#[test]
fn a_second_game_builds_over_two_ranks() {
    let what = ["--max-pieces", "4"];
    let single = tempfile::tempdir().unwrap();
    let output = Command::new(BIN)
        .args(game_build_args("dobutsu", &what, single.path()))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let expected = tier_files(single.path());
    assert_eq!(
        expected.keys().collect::<Vec<_>>(),
        ["L.gstb", "LC.gstb", "LE.gstb", "LG.gstb"]
    );
    let dir = tempfile::tempdir().unwrap();
    let output = mpirun_with(2, game_build_args("dobutsu", &what, dir.path()), &[]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout.contains("4 tiers"), "{stdout}");
    assert!(stdout.contains("rank 1: "), "{stdout}");
    assert!(tier_files(dir.path()) == expected, "the files differ");
}

/// A game without tablebases is refused by the capability's name before
/// MPI starts.
#[test]
fn a_game_without_tablebases_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(BIN)
        .args(game_build_args("uttt", &["--max-pieces", "2"], dir.path()))
        .arg("--mpi")
        .output()
        .unwrap();
    assert!(!output.status.success(), "{output:?}");
    assert!(text(&output.stderr).contains("tablebase"), "{output:?}");
}
