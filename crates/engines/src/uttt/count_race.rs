//! CodinGame's board count as odds: once no line of small boards decides
//! the game, the player with more small boards wins. From each side's
//! probability of taking each small board (won boards 1, drawn boards 0
//! for both, open boards their take probability, the boards independent),
//! the chances that the side to move ends with more boards, and with
//! fewer, by convolving the nine boards' contributions to the difference.
//!
//! The expected difference ([`super::eval::UtttEval`]'s `count_board` and
//! `race_board` terms) counts a board the same whether the race is tied or
//! already decided; the odds count what a board changes in who wins.

/// The count difference ranges over `-9..=9`.
const SPREAD: usize = 19;
/// Index of a difference of 0.
const ZERO: usize = 9;

/// `(P(more boards), P(fewer boards))` for the side to move, `sides` being
/// `[mine, theirs]` take probabilities per small board.
#[must_use]
pub fn count_odds(sides: &[[f32; 9]; 2]) -> (f32, f32) {
    let mut odds = [0.0f32; SPREAD];
    odds[ZERO] = 1.0;
    // The differences reachable so far: `low..=high`.
    let (mut low, mut high) = (ZERO, ZERO);
    for (&mine, &theirs) in sides[0].iter().zip(&sides[1]) {
        let stays = (1.0 - mine - theirs).max(0.0);
        if mine >= 1.0 {
            odds.copy_within(low..=high, low + 1);
            odds[low] = 0.0;
            (low, high) = (low + 1, high + 1);
        } else if theirs >= 1.0 {
            odds.copy_within(low..=high, low - 1);
            odds[high] = 0.0;
            (low, high) = (low - 1, high - 1);
        } else if mine > 0.0 || theirs > 0.0 {
            let before = odds;
            (low, high) = (low - 1, high + 1);
            for d in low..=high {
                let up = if d > 0 { before[d - 1] } else { 0.0 };
                let down = if d + 1 < SPREAD { before[d + 1] } else { 0.0 };
                odds[d] = before[d] * stays + up * mine + down * theirs;
            }
        }
    }
    let more = odds[ZERO + 1..].iter().sum();
    let fewer = odds[..ZERO].iter().sum();
    (more, fewer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The odds by enumerating all 3^9 outcomes of the nine boards.
    fn brute_force(sides: &[[f32; 9]; 2]) -> (f64, f64) {
        let (mut more, mut fewer) = (0.0, 0.0);
        for code in 0..3usize.pow(9) {
            let (mut chance, mut difference, mut rest) = (1.0f64, 0i32, code);
            for (&mine, &theirs) in sides[0].iter().zip(&sides[1]) {
                let (mine, theirs) = (f64::from(mine), f64::from(theirs));
                match rest % 3 {
                    0 => chance *= (1.0 - mine - theirs).max(0.0),
                    1 => {
                        chance *= mine;
                        difference += 1;
                    }
                    _ => {
                        chance *= theirs;
                        difference -= 1;
                    }
                }
                rest /= 3;
            }
            if difference > 0 {
                more += chance;
            } else if difference < 0 {
                fewer += chance;
            }
        }
        (more, fewer)
    }

    #[test]
    fn the_odds_agree_with_enumerating_every_outcome() {
        let mut state = 12345u64;
        let mut unit = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 40) as f32 / (1u64 << 24) as f32
        };
        for case in 0..300 {
            let mut sides = [[0.0f32; 9]; 2];
            let [mine, theirs] = &mut sides;
            for (b, (m, t)) in mine.iter_mut().zip(theirs.iter_mut()).enumerate() {
                match (case + b) % 5 {
                    0 => *m = 1.0,
                    1 => *t = 1.0,
                    2 => {}
                    _ => {
                        let (p, q) = (unit(), unit());
                        *m = p * 0.9;
                        *t = (1.0 - p * 0.9) * q;
                    }
                }
            }
            let (more, fewer) = count_odds(&sides);
            let (m, f) = brute_force(&sides);
            assert!(
                (f64::from(more) - m).abs() < 1e-4,
                "{sides:?}: {more} vs {m}"
            );
            assert!(
                (f64::from(fewer) - f).abs() < 1e-4,
                "{sides:?}: {fewer} vs {f}"
            );
        }
    }

    #[test]
    fn decided_and_level_counts() {
        let mut sides = [[0.0f32; 9]; 2];
        // 5 boards to 4, all closed: won.
        sides[0][..5].fill(1.0);
        sides[1][5..].fill(1.0);
        assert_eq!(count_odds(&sides), (1.0, 0.0));
        // 4 to 4 with one drawn board: level.
        sides[0][4] = 0.0;
        assert_eq!(count_odds(&sides), (0.0, 0.0));
        // ... and one open board either may take with 0.5 and 0.25.
        sides[0][4] = 0.5;
        sides[1][4] = 0.25;
        assert_eq!(count_odds(&sides), (0.5, 0.25));
    }
}
