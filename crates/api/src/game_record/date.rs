//! The record's `Date` tag: a day written `YYYY.MM.DD`, as PGN does.

use std::time::{SystemTime, UNIX_EPOCH};

/// `time`'s day (UTC) as `YYYY.MM.DD`.
#[must_use]
pub fn record_date(time: SystemTime) -> String {
    let days = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs() / 86_400) as i64;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn days_are_written_as_pgn_does() {
        assert_eq!(record_date(UNIX_EPOCH), "1970.01.01");
        // 2024-02-29 12:00 UTC and 2026-12-02.
        assert_eq!(
            record_date(UNIX_EPOCH + Duration::from_secs(1_709_208_000)),
            "2024.02.29"
        );
        assert_eq!(
            record_date(UNIX_EPOCH + Duration::from_secs(1_795_000_000)),
            "2026.11.18"
        );
    }
}
