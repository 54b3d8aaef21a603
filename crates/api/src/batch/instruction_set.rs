//! Which instructions a batch's step is compiled with: the build's own
//! (every x86-64 processor of the last fifteen years, `.cargo/config.toml`)
//! or, where the processor has them, the x86-64-v3 level's (AVX2, BMI2,
//! …: Intel since 2013, AMD since 2015), chosen once at run time, so that
//! one wheel runs everywhere and uses what the machine has.

use std::sync::OnceLock;

/// An instruction set a step can be compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstructionSet {
    /// The build's target features.
    Base,
    /// x86-64-v3: AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE.
    #[cfg(target_arch = "x86_64")]
    X86_64V3,
}

impl InstructionSet {
    /// The widest set this processor has (detected once).
    pub fn detected() -> InstructionSet {
        static DETECTED: OnceLock<InstructionSet> = OnceLock::new();
        *DETECTED.get_or_init(detect)
    }

    /// The set's name: `"base"` (the build's instructions) or
    /// `"x86-64-v3"`.
    pub fn name(self) -> &'static str {
        match self {
            InstructionSet::Base => "base",
            #[cfg(target_arch = "x86_64")]
            InstructionSet::X86_64V3 => "x86-64-v3",
        }
    }

    /// Every set this processor has, the base first.
    pub fn available() -> Vec<InstructionSet> {
        let mut sets = vec![InstructionSet::Base];
        if InstructionSet::detected() != InstructionSet::Base {
            sets.push(InstructionSet::detected());
        }
        sets
    }

    /// The set a batch's step is compiled for: [`InstructionSet::detected`]
    /// (in the crate's tests, the one [`InstructionSet::forced`] names
    /// on this thread, so that each copy of the step is checked).
    #[inline]
    pub(crate) fn for_step() -> InstructionSet {
        #[cfg(test)]
        if let Some(set) = FORCED.get() {
            return set;
        }
        InstructionSet::detected()
    }

    /// The steps of this thread compiled for `self` until the guard is
    /// dropped.
    #[cfg(test)]
    pub(crate) fn forced(self) -> Forced {
        Forced {
            before: FORCED.replace(Some(self)),
        }
    }
}

/// What [`InstructionSet::forced`] replaced, put back when dropped.
#[cfg(test)]
pub(crate) struct Forced {
    before: Option<InstructionSet>,
}

#[cfg(test)]
impl Drop for Forced {
    fn drop(&mut self) {
        FORCED.set(self.before);
    }
}

#[cfg(test)]
thread_local! {
    /// The set [`InstructionSet::forced`] names on this thread.
    static FORCED: std::cell::Cell<Option<InstructionSet>> = const { std::cell::Cell::new(None) };
}

/// The widest set the processor has.
fn detect() -> InstructionSet {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx")
            && has!("avx2")
            && has!("bmi1")
            && has!("bmi2")
            && has!("fma")
            && has!("lzcnt")
            && has!("movbe")
            && has!("f16c")
        {
            return InstructionSet::X86_64V3;
        }
    }
    InstructionSet::Base
}
