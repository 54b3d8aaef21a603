//! The search for cursed wins and blessed losses in a Jungle tablebase
//! (issue 26): every stored material's distance file and
//! distance-to-zeroing file read side by side, under the rule the
//! directory was built for (200 plies without a capture).
//!
//! ```text
//! cargo run --release -p gamesolver-engines --example jungle_cursed -- DIR [RULES]
//! ```
//!
//! One line per material: its positions by verdict from a counter of zero
//! (win, cursed win, draw, blessed loss, loss), the longest distance to
//! zeroing of a won and of a lost position (with the distance to the end
//! there) and a won position with that distance, and the smallest counter
//! from which one of its wins is cursed; then per piece count the longest
//! distance to zeroing and the cursed wins and blessed losses from a
//! counter of zero, with an example of each when there is one.

use std::collections::BTreeMap;
use std::path::Path;

use gamesolver_engines::jungle::tablebase::TablebaseHandle;
use gamesolver_engines::jungle::zeroing_search::{MaterialZeroing, material_zeroing_until};
use gamesolver_games::jungle::Variant;
use gamesolver_retro::zeroing::RuleVerdict;

/// The verdicts in the order the lines print them.
const ORDER: [RuleVerdict; 5] = [
    RuleVerdict::Win,
    RuleVerdict::CursedWin,
    RuleVerdict::Draw,
    RuleVerdict::BlessedLoss,
    RuleVerdict::Loss,
];

/// One piece count's totals.
#[derive(Default)]
struct Class {
    materials: usize,
    verdicts: [u64; 5],
    longest_win: Option<(u16, String)>,
    longest_loss: u16,
    cursed: Option<String>,
    blessed: Option<String>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args.first().ok_or("usage: jungle_cursed DIR [RULES]")?;
    let rules: Variant = args.get(1).map_or("standard", String::as_str).parse()?;
    let handle = TablebaseHandle::open(Path::new(dir), rules)?;
    let limit = handle.quiet_ply_limit();
    println!("{dir}: the {limit}-ply rule, verdicts from a counter of 0");
    println!(
        "{:<8} {:>12} {:>11} {:>9} {:>11} {:>11} {:>9} {:>9} {:>8}  longest zeroing win",
        "material", "positions", "win", "cursed", "draw", "loss", "blessed", "dtz win", "dtz loss"
    );
    let mut classes: BTreeMap<u32, Class> = BTreeMap::new();
    for material in handle.materials()? {
        let Some(found) = material_zeroing_until(&handle.tablebase, material, &|| false)? else {
            continue;
        };
        print_material(&found, limit);
        add(classes.entry(material.count()).or_default(), &found);
    }
    println!();
    for (pieces, class) in &classes {
        let count = |v: RuleVerdict| class.verdicts[v as usize];
        let (dtz, example) = class.longest_win.clone().unwrap_or_default();
        println!(
            "{pieces} pieces ({} materials): longest distance to zeroing of a win {dtz} plies ({example}), \
             of a loss {} plies; first cursed counter {}; cursed wins from 0: {}, blessed losses: {}",
            class.materials,
            class.longest_loss,
            (limit + 1).saturating_sub(dtz),
            count(RuleVerdict::CursedWin),
            count(RuleVerdict::BlessedLoss),
        );
        for (what, example) in [
            ("cursed win", &class.cursed),
            ("blessed loss", &class.blessed),
        ] {
            if let Some(fen) = example {
                println!("  a {what} from 0: {fen}");
            }
        }
    }
    Ok(())
}

/// One material's line.
fn print_material(found: &MaterialZeroing, limit: u16) {
    let stats = &found.stats;
    let counts = ORDER.map(|v| stats.count(v));
    let dtz =
        |e: Option<gamesolver_retro::tablebase::ZeroingExtreme>| e.map_or(0, |e| e.dtz.distance);
    let example = match (stats.longest_win, &found.longest_win) {
        (Some(e), Some(p)) => format!(
            "{p} (dtm {}), cursed from counter {}",
            e.dtm.distance,
            stats.first_cursing_counter(limit).unwrap_or(0)
        ),
        _ => "-".to_string(),
    };
    println!(
        "{:<8} {:>12} {:>11} {:>9} {:>11} {:>11} {:>9} {:>9} {:>8}  {example}",
        found.material.to_string(),
        counts.iter().sum::<u64>(),
        counts[0],
        counts[1],
        counts[2],
        counts[4],
        counts[3],
        dtz(stats.longest_win),
        dtz(stats.longest_loss),
    );
}

/// Adds a material to its piece count's totals.
fn add(class: &mut Class, found: &MaterialZeroing) {
    class.materials += 1;
    for (total, count) in class.verdicts.iter_mut().zip(found.stats.verdicts) {
        *total += count;
    }
    if let (Some(e), Some(p)) = (found.stats.longest_win, &found.longest_win)
        && class
            .longest_win
            .as_ref()
            .is_none_or(|(d, _)| e.dtz.distance > *d)
    {
        class.longest_win = Some((e.dtz.distance, format!("{} {p}", found.material)));
    }
    if let Some(e) = found.stats.longest_loss {
        class.longest_loss = class.longest_loss.max(e.dtz.distance);
    }
    if class.cursed.is_none() {
        class.cursed = found.cursed_win.map(|p| format!("{} {p}", found.material));
    }
    if class.blessed.is_none() {
        class.blessed = found
            .blessed_loss
            .map(|p| format!("{} {p}", found.material));
    }
}
