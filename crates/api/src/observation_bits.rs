//! An observation made only of 0/1 planes, given as one bit mask per
//! plane ([`ObservationBits`]): a game that declares its observation this
//! way (`GameModel::observation_bits`) has it written for it, and a batch
//! rewrites only the values that changed since the row's last step.

use crate::Planes;

/// The most planes an [`ObservationBits`] holds.
pub const MAX_BIT_PLANES: usize = 4;

/// The places of a plane numbered row-major like its cells: bit `i` is
/// value `i` (127 at most).
pub const ROW_MAJOR_PLACES: [u8; 128] = {
    let mut places = [0; 128];
    let mut i = 0;
    while i < 128 {
        places[i] = i as u8;
        i += 1;
    }
    places
};

/// A plane cleared or filled whole costs about as much as this many values
/// set one by one (ultimate tic-tac-toe's step: 4 counts 783 instructions,
/// 8 counts 776, 16 counts 786): a plane whose changed values outnumber its
/// set values by more is cleared (or filled) and written whole.
const FILL_COST_IN_BITS: u32 = 8;

/// An observation of at most [`MAX_BIT_PLANES`] planes of at most 128
/// values, each value 0 or 1: `masks[p]`'s bit `i` set is value
/// `places[i]` (row-major in the plane) of plane `p` at 1. `places` must
/// not repeat a place below the plane's size, and a mask's bits whose
/// place is past the plane must be 0 (a plane is filled whole when its mask
/// has as many bits as the plane values); masks past the game's planes are
/// ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObservationBits {
    /// Each plane's values at 1, in the game's own numbering of its cells.
    pub masks: [u128; MAX_BIT_PLANES],
    /// The place in a plane of each bit of a mask.
    pub places: &'static [u8; 128],
}

impl ObservationBits {
    /// Writes the planes into `planes` (all zero on entry): a plane whose
    /// every value is 1 filled, the others bit by bit.
    #[inline]
    pub fn write(&self, planes: &mut Planes<'_>) {
        let (places, size) = (self.places, plane_size(planes));
        for (values, &mask) in planes.each_plane_mut().zip(&self.masks) {
            if mask.count_ones() as usize == size {
                values.fill(1.0);
            } else {
                set_placed(values, places, mask, 1.0);
            }
        }
    }

    /// Turns `planes`, which hold the observation whose masks are `shown`
    /// (with these places), into this one: per plane only the values that
    /// differ, or the plane whole where that is cheaper.
    #[inline(always)]
    pub fn update(&self, shown: &[u128; MAX_BIT_PLANES], planes: &mut Planes<'_>) {
        let (places, size) = (self.places, plane_size(planes));
        let planes_and_masks = planes.each_plane_mut().zip(self.masks.iter().zip(shown));
        for (values, (&mask, &before)) in planes_and_masks {
            let changed = mask ^ before;
            if changed == 0 {
                continue;
            }
            let differ = changed.count_ones();
            if differ > FILL_COST_IN_BITS {
                let set = mask.count_ones();
                if set as usize == size {
                    values.fill(1.0);
                    continue;
                }
                if differ > set + FILL_COST_IN_BITS {
                    values.fill(0.0);
                    set_placed(values, places, mask, 1.0);
                    continue;
                }
            }
            rewrite(values, places, changed, mask);
        }
    }
}

/// The values of one plane of `planes`.
#[inline]
fn plane_size(planes: &Planes<'_>) -> usize {
    let [_, rows, cols] = planes.shape();
    rows * cols
}

/// Sets each value of a plane whose bit is set in `changed` to that bit of
/// `mask` (1.0 or 0.0), bit `i` standing for value `places[i]` (places
/// past the plane's end ignored): the bits turned on, then those turned
/// off, each a constant stored (cheaper than a value computed per bit).
#[inline(always)]
fn rewrite(values: &mut [f32], places: &[u8; 128], changed: u128, mask: u128) {
    set_placed(values, places, changed & mask, 1.0);
    set_placed(values, places, changed & !mask, 0.0);
}

/// Sets to `value` each value of a plane whose bit is set in `bits`
/// (through `places`, as [`rewrite`]), word by word: shifts of a `u128`
/// cost twice as much.
#[inline(always)]
fn set_placed(values: &mut [f32], places: &[u8; 128], bits: u128, value: f32) {
    let (low, high) = places.split_at(64);
    set_placed_word(values, low, bits as u64, value);
    set_placed_word(values, high, (bits >> 64) as u64, value);
}

/// [`set_placed`] of one 64-bit word, `places` its 64 places.
#[inline(always)]
fn set_placed_word(values: &mut [f32], places: &[u8], mut bits: u64, value: f32) {
    while bits != 0 {
        let bit = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if let Some(v) = places
            .get(bit)
            .and_then(|&place| values.get_mut(usize::from(place)))
        {
            *v = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Observation;

    /// A plane's places reversed: bit `i` is value `size - 1 - i`.
    fn reversed(size: usize) -> &'static [u8; 128] {
        let mut places = [u8::MAX; 128];
        for (i, place) in places.iter_mut().enumerate().take(size) {
            *place = (size - 1 - i) as u8;
        }
        Box::leak(Box::new(places))
    }

    /// Shapes with their places: row-major, and reversed (a plane smaller
    /// than the masks, and one as large).
    fn shapes() -> [([usize; 3], &'static [u8; 128]); 3] {
        [
            ([3, 3, 3], &ROW_MAJOR_PLACES),
            ([4, 9, 9], reversed(81)),
            ([2, 8, 16], reversed(128)),
        ]
    }

    /// The observation written value by value, the independent reference.
    fn by_hand(bits: &ObservationBits, shape: [usize; 3]) -> Vec<f32> {
        let size = shape[1] * shape[2];
        let mut data = vec![0.0; shape[0] * size];
        for (plane, mask) in bits.masks.iter().enumerate().take(shape[0]) {
            for i in 0..128 {
                let place = usize::from(bits.places[i]);
                if mask >> i & 1 == 1 && place < size {
                    data[plane * size + place] = 1.0;
                }
            }
        }
        data
    }

    /// A pseudo-random sequence of masks (some sparse, some full, some
    /// empty), for the shape's planes.
    fn masks(shape: [usize; 3], seed: u64) -> impl Iterator<Item = [u128; MAX_BIT_PLANES]> {
        let size = shape[1] * shape[2];
        let full = if size == 128 {
            u128::MAX
        } else {
            (1u128 << size) - 1
        };
        let mut state = seed;
        std::iter::repeat_with(move || {
            let mut masks = [0; MAX_BIT_PLANES];
            for mask in masks.iter_mut().take(shape[0]) {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let random = u128::from(state) << 64 | u128::from(state.rotate_left(29));
                *mask = match state >> 61 {
                    0 => full,
                    1 => 0,
                    2 => random & full,
                    _ => random & random >> 7 & random >> 3 & full,
                };
            }
            masks
        })
    }

    #[test]
    fn written_whole_the_planes_hold_each_set_bit_at_its_place() {
        for (shape, places) in shapes() {
            for masks in masks(shape, 7).take(200) {
                let bits = ObservationBits { masks, places };
                let mut written = Observation::zeros(shape);
                bits.write(&mut written.planes());
                assert_eq!(written.data, by_hand(&bits, shape), "{masks:x?}");
            }
        }
    }

    #[test]
    fn updated_step_by_step_the_planes_equal_those_written_whole() {
        for (shape, places) in shapes() {
            let mut row = Observation::zeros(shape);
            let mut shown = [0; MAX_BIT_PLANES];
            for masks in masks(shape, 11).take(500) {
                let bits = ObservationBits { masks, places };
                bits.update(&shown, &mut row.planes());
                shown = masks;
                assert_eq!(row.data, by_hand(&bits, shape), "{masks:x?}");
            }
        }
    }

    #[test]
    fn rewritten_bits_land_at_their_places_and_others_are_left_alone() {
        let mut places = [u8::MAX; 128];
        for (i, place) in places.iter_mut().enumerate().take(100) {
            // A permutation of 0..100 (37 is prime to 100), then places
            // past a 10 × 10 plane's end.
            *place = ((i * 37) % 100) as u8;
        }
        places[100] = 99;
        places[127] = 0;
        let masks = [
            0u128,
            1,
            1 << 63,
            1 << 64,
            1 << 99,
            u128::MAX,
            0xdead_beef_f00d << 40,
        ];
        for changed in masks {
            for mask in masks {
                let mut values = [0.5; 100];
                rewrite(&mut values, &places, changed, mask);
                for (place, &value) in values.iter().enumerate() {
                    let mut bits = (0..128).filter(|&i| usize::from(places[i]) == place);
                    let expected = match bits.rfind(|&i| changed >> i & 1 == 1) {
                        Some(i) => f32::from((mask >> i & 1) as u8),
                        None => 0.5,
                    };
                    assert_eq!(value, expected, "{changed:#x} {mask:#x} {place}");
                }
            }
        }
    }

    #[test]
    fn masks_past_the_planes_and_places_past_a_plane_are_ignored() {
        let shape = [1, 3, 3];
        let bits = ObservationBits {
            masks: [u128::MAX, u128::MAX, 1, 1],
            places: &ROW_MAJOR_PLACES,
        };
        let mut written = Observation::zeros(shape);
        bits.write(&mut written.planes());
        assert_eq!(written.data, vec![1.0; 9]);
        let mut updated = Observation::zeros(shape);
        bits.update(&[0; MAX_BIT_PLANES], &mut updated.planes());
        assert_eq!(updated.data, vec![1.0; 9]);
    }
}
