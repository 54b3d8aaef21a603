//! The process's peak resident memory, for the build summary.

/// The most memory this process has held resident so far, in bytes: the
/// `VmHWM` line of Linux's `/proc/self/status`; `None` where that file or
/// line is missing (other systems).
pub(crate) fn peak_resident_bytes() -> Option<u64> {
    parse_vm_hwm(&std::fs::read_to_string("/proc/self/status").ok()?)
}

/// The `VmHWM:  1234 kB` line of a `/proc/<pid>/status` text, in bytes.
fn parse_vm_hwm(status: &str) -> Option<u64> {
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    let kib = line.trim().strip_suffix("kB")?.trim().parse::<u64>().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_high_water_mark_in_bytes() {
        let status = "Name:\tgamesolver\nVmPeak:\t  900 kB\nVmHWM:\t   1536 kB\nVmRSS:\t 1024 kB\n";
        assert_eq!(parse_vm_hwm(status), Some(1536 * 1024));
        assert_eq!(parse_vm_hwm("VmRSS:\t1 kB\n"), None);
        assert_eq!(parse_vm_hwm("VmHWM:\tlots kB\n"), None);
    }

    #[test]
    fn this_process_has_a_peak_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(peak_resident_bytes().is_some_and(|b| b > 0));
        }
    }
}
