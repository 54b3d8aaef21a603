//! Every Jungle tablebase up to three pieces: built, index round trip for
//! every tier, verified against the children of every position, and small
//! endgames whose values are worked out by hand.

use std::path::PathBuf;
use std::sync::OnceLock;

use gamesolver_core::{Solution, TierLayout, Wdl};
use gamesolver_games::jungle::{JungleTiers, Material, Position, Variant};
use gamesolver_retro::loopy::verify_tier;
use gamesolver_retro::tablebase::{Tablebase, build};
use rayon::prelude::*;

/// The materials of 2 and 3 pieces.
/// `layout` without the 200-ply rule: these tests check the distance
/// files, and the distance-to-zeroing files (tests/zeroing_rule.rs) would
/// double the build.
fn distance_only(layout: JungleTiers) -> JungleTiers {
    layout.without_quiet_ply_limit()
}

fn materials() -> Vec<Material> {
    (2..=3).flat_map(Material::all_with).collect()
}

/// The directory with every table up to three pieces, built once per run.
fn tables() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("jungle-3-pieces");
        let _ = std::fs::remove_dir_all(&dir);
        let tablebase = Tablebase::new(distance_only(JungleTiers::default()), &dir);
        let built = build(&tablebase, &materials(), &()).unwrap();
        assert_eq!(built.len(), 64 + 448);
        dir
    })
}

fn probe(fen: &str) -> Solution {
    let tablebase = Tablebase::new(distance_only(JungleTiers::default()), tables());
    let position = Position::from_fen(fen, Variant::Standard).unwrap();
    tablebase.probe(&position).unwrap().unwrap()
}

#[test]
fn every_table_up_to_three_pieces_passes_the_verifier() {
    let tablebase = Tablebase::new(distance_only(JungleTiers::default()), tables());
    for material in materials() {
        tablebase.load_into_memory(material).unwrap();
    }
    let failures: Vec<String> = materials()
        .into_par_iter()
        .filter_map(|material| {
            let table = tablebase.load_into_memory(material).unwrap();
            let probe = tablebase.tier_probe(material).unwrap();
            let lookup = |p: &Position| probe.probe(p);
            verify_tier(tablebase.layout(), material, &table, &lookup)
                .err()
                .map(|f| format!("{material}: {} wrong, e.g. {:?}", f.len(), f[0]))
        })
        .collect();
    assert!(failures.is_empty(), "{failures:?}");
}

#[test]
fn every_index_of_every_tier_round_trips() {
    let layout = distance_only(JungleTiers::default());
    materials().into_par_iter().for_each(|material| {
        for index in 0..layout.tier_len(material) {
            if let Some(position) = layout.position(material, index) {
                assert_eq!(
                    layout.index(material, &position),
                    index,
                    "{material} {position}"
                );
                assert_eq!(
                    layout.index(material, &position.mirrored()),
                    index,
                    "{material} {position}"
                );
            }
        }
    });
}

/// The committed fingerprints of the files up to three pieces as the CLI
/// builds them (colour folded, 260 files): one `TIER SIZE CRC` line per
/// file, CRC-32 of every byte before the file's own checksum, sorted by
/// name; made from the files the solver wrote before it was optimised
/// (issue 13).
const FINGERPRINTS: &str = "tests/data/jungle-3-pieces.crc32";

/// The fingerprint lines of every distance file (`.gstb`) in `dir`, by
/// tier name (the WDL files beside them are checked against the distance
/// files by `verify`).
fn fingerprints(dir: &std::path::Path) -> std::collections::BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "gstb"))
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let crc = crc32fast::hash(&bytes[..bytes.len() - 4]);
            let line = format!("{name} {} {crc:08x}", bytes.len());
            (name, line)
        })
        .collect()
}

/// A faster build must write the same bytes: every file up to three
/// pieces against the committed fingerprints. `GAMESOLVER_BLESS=1`
/// rewrites the list (only after a deliberate change of the files).
#[test]
fn every_file_is_byte_identical_to_the_committed_fingerprints() {
    let found = fingerprints(folded_tables());
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(FINGERPRINTS);
    if std::env::var_os("GAMESOLVER_BLESS").is_some() {
        let lines: Vec<&str> = found.values().map(String::as_str).collect();
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    }
    let expected: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let found: Vec<String> = found.into_values().collect();
    let differing: Vec<(&String, &String)> = expected
        .iter()
        .zip(&found)
        .filter(|(e, f)| e != f)
        .collect();
    assert_eq!(expected.len(), 260, "fingerprints in {FINGERPRINTS}");
    assert_eq!(found.len(), expected.len(), "files built");
    assert!(
        differing.is_empty(),
        "{} of {} files differ, e.g. (expected, found) {:?}",
        differing.len(),
        expected.len(),
        differing.first()
    );
}

#[test]
fn hand_worked_endgames() {
    // A lion next to the enemy den: bottom to move walks in (1 ply); top to
    // move can do nothing about it (its rat is far away): lost in 2.
    assert_eq!(probe("7/3L3/7/7/7/7/7/7/r6 w"), Solution::new(Wdl::Win, 1));
    assert_eq!(probe("7/3L3/7/7/7/7/7/7/r6 b"), Solution::new(Wdl::Loss, 2));
    // A rat hemmed in by a cat and a dog it cannot capture: no move, lost.
    assert_eq!(
        probe("7/7/7/7/7/7/7/c6/Rd5 w"),
        Solution::finished(Wdl::Loss)
    );
    // Lone rat against lone elephant: the rat takes the elephant next to it.
    assert_eq!(probe("7/7/7/7/7/7/7/e6/R6 w"), Solution::new(Wdl::Win, 1));
    // ... but a rat on the elephant's trap is fair game for the elephant.
    assert_eq!(probe("7/3R3/3e3/7/7/7/7/7/7 b"), Solution::new(Wdl::Win, 1));
    // The same rat, its side to move, steps into the den instead.
    assert_eq!(probe("7/3R3/3e3/7/7/7/7/7/7 w"), Solution::new(Wdl::Win, 1));
}

/// The tables up to three pieces built with the colour symmetry folded,
/// once per run.
fn folded_tables() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("jungle-3-pieces-folded");
        let _ = std::fs::remove_dir_all(&dir);
        let tablebase = Tablebase::new(
            distance_only(JungleTiers::colour_folded(Variant::Standard)),
            &dir,
        );
        let built = build(&tablebase, &materials(), &()).unwrap();
        // 2 pieces: 28 pairs and 8 self-twins (X-x); 3 pieces: 224 pairs.
        assert_eq!(built.len(), 36 + 224);
        dir
    })
}

#[test]
fn folding_stores_each_canonical_table_as_built_unfolded_and_nothing_else() {
    let plain = Tablebase::new(distance_only(JungleTiers::default()), tables());
    let folded = Tablebase::new(
        distance_only(JungleTiers::colour_folded(Variant::Standard)),
        folded_tables(),
    );
    for material in materials() {
        let file = folded.path(material);
        if material.is_canonical() {
            let same =
                std::fs::read(&file).unwrap() == std::fs::read(plain.path(material)).unwrap();
            assert!(same, "{material}: the folded build's file differs");
        } else {
            assert!(!file.exists(), "{material} is stored though its twin is");
        }
    }
}

#[test]
fn every_position_probed_through_its_colour_twin_has_its_unfolded_value() {
    let plain = Tablebase::new(distance_only(JungleTiers::default()), tables());
    let folded = Tablebase::new(
        distance_only(JungleTiers::colour_folded(Variant::Standard)),
        folded_tables(),
    );
    let layout = folded.layout();
    let failures: Vec<String> = materials()
        .into_par_iter()
        .filter_map(|material| {
            let unfolded = plain.load_into_memory(material).unwrap();
            let stored = layout.stored_tier(material);
            let through_twin = folded.load_into_memory(stored).unwrap();
            (0..unfolded.len()).find_map(|index| {
                let position = plain.layout().position(material, index)?;
                let twin = through_twin.get(layout.index(stored, &position));
                (twin != unfolded.get(index)).then(|| {
                    format!(
                        "{material} {position}: {twin:?} through the twin, {:?} unfolded",
                        unfolded.get(index)
                    )
                })
            })
        })
        .collect();
    assert!(failures.is_empty(), "{failures:?}");
    // The flipped position probes the same value from either tablebase.
    for fen in [
        "7/3L3/7/7/7/7/7/7/r6 w",
        "7/7/7/7/7/7/7/c6/Rd5 w",
        "7/3R3/3e3/7/7/7/7/7/7 b",
    ] {
        let position = Position::from_fen(fen, Variant::Standard).unwrap();
        let expected = plain.probe(&position).unwrap();
        assert_eq!(folded.probe(&position).unwrap(), expected, "{fen}");
        assert_eq!(
            folded.probe(&position.flipped()).unwrap(),
            expected,
            "{fen} flipped"
        );
    }
}

/// Issue 13 item 3: the build writes a WDL file beside every distance
/// file, and every position's WDL probe is its distance probe's value:
/// the stored materials' directly, their twins' through the colour flip.
#[test]
fn every_wdl_probe_is_the_distance_probes_value() {
    let folded = Tablebase::new(
        distance_only(JungleTiers::colour_folded(Variant::Standard)),
        folded_tables(),
    );
    let stored = stored_materials();
    for &material in &stored {
        assert_wdl_file_agrees(&folded, material);
    }
    // The files hold other values at some positions (wins in one ply,
    // finished positions): the probes below answer those before the file.
    let filled: usize = stored
        .par_iter()
        .map(|&material| {
            let values = folded
                .open_wdl(material)
                .unwrap()
                .unwrap()
                .values()
                .unwrap();
            let distances = folded.open_tier(material).unwrap().unwrap().load().unwrap();
            (0..distances.len())
                .filter(|&i| {
                    distances
                        .get(i)
                        .is_some_and(|s| s.wdl != values[i as usize])
                })
                .count()
        })
        .sum();
    assert!(filled > 10_000, "{filled} positions hold another value");
    assert_every_wdl_probe_agrees(&folded, &materials());
}

/// The materials of 2 and 3 pieces a colour-folded directory stores.
fn stored_materials() -> Vec<Material> {
    materials()
        .into_iter()
        .filter(|m| m.is_canonical())
        .collect()
}

/// `tablebase verify`'s check of the WDL file of `material` passes.
fn assert_wdl_file_agrees(folded: &Tablebase<JungleTiers>, material: Material) {
    let check = folded.check_wdl(material).unwrap();
    assert_eq!(
        check,
        gamesolver_retro::tablebase::WdlCheck::Agrees,
        "{material}"
    );
}

/// Every position of `materials` (stored ones and twins) answers its WDL
/// probe in `folded` with the value the unfolded distance file holds.
fn assert_every_wdl_probe_agrees(folded: &Tablebase<JungleTiers>, materials: &[Material]) {
    let plain = Tablebase::new(distance_only(JungleTiers::default()), tables());
    let failures: Vec<String> = materials
        .par_iter()
        .filter_map(|&material| {
            let unfolded = plain.load_into_memory(material).unwrap();
            (0..unfolded.len()).find_map(|index| {
                let position = plain.layout().position(material, index)?;
                let expected = unfolded.get(index).map(|s| s.wdl);
                let wdl = folded.probe_wdl(&position).unwrap();
                (wdl != expected)
                    .then(|| format!("{material} {position}: {wdl:?}, distance file {expected:?}"))
            })
        })
        .collect();
    assert!(failures.is_empty(), "{failures:?}");
}

/// Issue 13 item 3, the exit floor: WDL files derived with it
/// (`derive_wdl`, as `tablebase wdl` writes them) beside copies of the
/// distance files. Many positions whose capture reaches their value hold
/// a lower one, never answered raw: every WDL probe of every position up
/// to three pieces is the distance file's value.
#[test]
fn floored_wdl_probes_are_the_distance_probes_values() {
    let dir = tempfile::tempdir().unwrap();
    let stored = stored_materials();
    for &material in &stored {
        let name = format!("{material}.gstb");
        std::fs::copy(folded_tables().join(&name), dir.path().join(&name)).unwrap();
    }
    let floored = Tablebase::new(
        distance_only(JungleTiers::colour_folded(Variant::Standard)),
        dir.path(),
    );
    for &material in &stored {
        floored.derive_wdl(material, dir.path()).unwrap();
        assert_wdl_file_agrees(&floored, material);
    }
    let lowered: usize = stored
        .par_iter()
        .map(|&material| {
            let file = floored.open_wdl(material).unwrap().unwrap();
            assert!(file.floored(), "{material}");
            let values = file.values().unwrap();
            let distances = floored
                .open_tier(material)
                .unwrap()
                .unwrap()
                .load()
                .unwrap();
            let layout = floored.layout();
            (0..distances.len())
                .filter(|&i| {
                    let position = layout.position(material, i);
                    let asked_first =
                        position.is_none_or(|p| p.game_end().is_some() || p.wins_in_one());
                    let exact = distances.get(i).map(|s| s.wdl);
                    !asked_first && exact > Some(values[i as usize])
                })
                .count()
        })
        .sum();
    assert!(lowered > 10_000, "{lowered} positions hold a lower value");
    assert_every_wdl_probe_agrees(&floored, &materials());
}
