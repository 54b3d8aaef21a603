//! Jungle endgame tablebases against reference values. No published Jungle
//! tablebase exists to compare with, so the two-piece counts and longest
//! wins below are this project's own; what makes them trustworthy is that
//! every table is checked here position by position against its children
//! (`verify_tier`: a win has a child lost one ply sooner, a loss only won
//! children, a draw a drawn child and no lost one), which only the true
//! solution satisfies.

use gamesolver_core::{Solution, Wdl};
use gamesolver_games::jungle::{JungleTiers, Material, Position, Variant};
use gamesolver_retro::loopy::verify_tier;
use gamesolver_retro::tablebase::{Tablebase, build};

/// W/D/L per side to move, counting mirror images as separate positions.
fn counts(tablebase: &Tablebase<JungleTiers>, material: Material) -> [[u64; 3]; 2] {
    let table = tablebase.load_into_memory(material).unwrap();
    table
        .counts(tablebase.layout(), material)
        .map(|c| [c.win, c.draw, c.loss])
}

fn probe(tablebase: &Tablebase<JungleTiers>, fen: &str) -> Solution {
    let position = Position::from_fen(fen, Variant::Standard).unwrap();
    tablebase.probe(&position).unwrap().unwrap()
}

#[test]
fn one_against_one_reference_values() {
    let dir = tempfile::tempdir().unwrap();
    let tablebase = Tablebase::new(JungleTiers::default(), dir.path());
    let materials = Material::all_with(2);
    build(&tablebase, &materials, &()).unwrap();
    let mut total = [[0u64; 3]; 2];
    for &material in &materials {
        let c = counts(&tablebase, material);
        for side in 0..2 {
            for v in 0..3 {
                total[side][v] += c[side][v];
            }
        }
        let expected = match material.to_string().as_str() {
            "L-l" => Some([1403, 0, 949]),
            "R-r" => Some([1712, 742, 1206]),
            "E-e" => Some([1317, 0, 1035]),
            _ => None,
        };
        if let Some(e) = expected {
            assert_eq!(c, [e, e], "{material}");
        }
    }
    assert_eq!(total, [[82717, 12890, 64461]; 2]);
    assert_eq!(
        probe(&tablebase, "7/7/7/7/7/7/1l5/7/L6 w"),
        Solution::new(Wdl::Win, 19)
    );
    assert_eq!(
        probe(&tablebase, "7/r6/7/7/7/7/7/7/R6 w"),
        Solution::new(Wdl::Win, 21)
    );
    assert_eq!(
        probe(&tablebase, "7/7/7/7/7/7/1e5/7/E6 w"),
        Solution::new(Wdl::Win, 33)
    );
    for &material in &materials {
        let table = tablebase.load_into_memory(material).unwrap();
        let longest = table.longest_win().map(|(_, d)| d);
        match material.to_string().as_str() {
            "L-l" => assert_eq!(longest, Some(19)),
            "R-r" => assert_eq!(longest, Some(21)),
            "E-e" => assert_eq!(longest, Some(33)),
            _ => {}
        }
        let lookup = |p: &Position| tablebase.probe(p).unwrap();
        assert!(
            verify_tier(tablebase.layout(), material, &table, &lookup).is_ok(),
            "{material}"
        );
    }
}

/// The streaming, parallel statistics agree with the in-memory count of
/// every table up to three pieces (a different implementation), and each
/// side's win histogram adds up to its wins.
#[test]
fn streamed_statistics_match_the_loaded_tables() {
    use gamesolver_retro::tablebase::TierStats;
    let dir = tempfile::tempdir().unwrap();
    let tablebase = Tablebase::new(JungleTiers::colour_folded(Variant::Standard), dir.path());
    let materials: Vec<Material> = ["E-e", "L-r", "R-e", "LR-e", "ER-l", "E-cr"]
        .iter()
        .map(|m| m.parse::<Material>().unwrap().canonical())
        .collect();
    build(&tablebase, &materials, &()).unwrap();
    for material in tablebase.tiers().unwrap() {
        let file = tablebase.open_tier(material).unwrap().unwrap();
        let stats = TierStats::of_file(tablebase.layout(), material, &file).unwrap();
        let table = file.load().unwrap();
        assert_eq!(
            stats.counts,
            table.counts(tablebase.layout(), material),
            "{material}"
        );
        let longest = stats.longest_win.map(|w| (w.index, w.distance));
        assert_eq!(longest, table.longest_win(), "{material}");
        for side in 0..2 {
            let wins: u64 = stats.win_distances[side].iter().sum();
            assert_eq!(wins, stats.counts[side].win, "{material}");
            assert_ne!(stats.win_distances[side].last(), Some(&0), "{material}");
        }
    }
}
