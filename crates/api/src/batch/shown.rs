//! What a game's observation row holds since its last write, for a game
//! that declares its observation as bit planes ([`ObservationBits`]): the
//! next write of the row rewrites only the values that changed.

use crate::Planes;
use crate::observation_bits::{MAX_BIT_PLANES, ObservationBits};

/// The bit planes a row holds, or nothing known (the row written whole at
/// its next write).
#[derive(Clone, Debug, Default)]
pub struct ShownObservation {
    /// The masks of the observation in the row, None when unknown.
    masks: Option<[u128; MAX_BIT_PLANES]>,
}

impl ShownObservation {
    /// Nothing known of the row: its next write is whole.
    #[inline]
    pub fn forget(&mut self) {
        self.masks = None;
    }

    /// Makes `planes` (the row) hold `bits`: only the values that differ
    /// from what it holds, or all of them (cleared first) when that is not
    /// known.
    #[inline]
    pub(crate) fn write(&mut self, bits: &ObservationBits, planes: &mut Planes<'_>) {
        match &self.masks {
            Some(shown) => bits.update(shown, planes),
            None => {
                planes.clear();
                bits.write(planes);
            }
        }
        self.masks = Some(bits.masks);
    }
}
