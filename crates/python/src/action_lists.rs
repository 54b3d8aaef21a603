//! `legal_actions()` lists of the games that declare their legal actions
//! as a mask (`State::legal_action_mask`: the cell-numbered boards), made
//! by copying prebuilt Python lists instead of converting the actions one
//! by one.
//!
//! The mask is read in groups of nine bits (group `g` holds actions
//! `9 * g .. 9 * g + 8`: a small board of ultimate tic-tac-toe, the whole
//! tic-tac-toe board; 15 groups cover the 128 bits). For each group and each of its 512 masks a list of
//! the actions is built once; a legal-action list is a copy of the first
//! group's list (`PyList_GetSlice`: one allocation and a reference count
//! per item) extended by the lists of the other groups (`list += other`).
//! Callers only ever get fresh copies, never the prebuilt lists.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

/// Actions per group.
const GROUP_BITS: u32 = 9;

/// A group's bits.
const FULL: u16 = (1 << GROUP_BITS) - 1;

/// Groups of a mask: every bit of a `u128`.
const GROUPS: usize = (u128::BITS as usize).div_ceil(GROUP_BITS as usize);

/// The prebuilt lists, `GROUP_LISTS[512 * group + mask]`.
static GROUP_LISTS: PyOnceLock<Vec<Py<PyList>>> = PyOnceLock::new();

/// A new list of the set bits of `mask`, lowest first.
pub fn actions_of_mask(py: Python<'_>, mask: u128) -> PyResult<Bound<'_, PyList>> {
    let lists = GROUP_LISTS.get_or_try_init(py, || prebuilt_lists(py))?;
    let mut groups = nonempty_groups(mask);
    let Some((group, bits)) = groups.next() else {
        return Ok(PyList::empty(py));
    };
    let first = lists[group * 512 + bits].bind(py);
    let list = first.get_slice(0, first.len());
    for (group, bits) in groups {
        let more = lists[group * 512 + bits].bind(py).as_sequence();
        list.as_sequence().in_place_concat(more)?;
    }
    Ok(list)
}

/// The groups of `mask` that have a set bit, lowest first, as (group, its
/// 9-bit mask).
fn nonempty_groups(mut mask: u128) -> impl Iterator<Item = (usize, usize)> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let shift = mask.trailing_zeros() / GROUP_BITS * GROUP_BITS;
        let bits = (mask >> shift) as u16 & FULL;
        mask &= !(u128::from(FULL) << shift);
        Some(((shift / GROUP_BITS) as usize, usize::from(bits)))
    })
}

/// The list of each group's actions for each of its 512 masks.
fn prebuilt_lists(py: Python<'_>) -> PyResult<Vec<Py<PyList>>> {
    let mut lists = Vec::with_capacity(GROUPS * 512);
    for group in 0..GROUPS as u32 {
        for bits in 0..512u32 {
            let actions = (0..GROUP_BITS)
                .filter(|pos| bits >> pos & 1 == 1)
                .map(|pos| GROUP_BITS * group + pos);
            lists.push(PyList::new(py, actions)?.unbind());
        }
    }
    Ok(lists)
}
