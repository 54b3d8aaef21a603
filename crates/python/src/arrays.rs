//! numpy arrays made from Rust buffers (through `numpy.frombuffer` on a
//! `bytearray`, so the arrays are writable and need no numpy C API).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyByteArray;

static FROMBUFFER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A writable numpy array of `dtype` over a copy of `bytes`, reshaped to `shape`.
fn array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let buffer = PyByteArray::new(py, bytes);
    FROMBUFFER
        .import(py, "numpy", "frombuffer")?
        .call1((buffer, dtype))?
        .call_method1("reshape", (shape.to_vec(),))
}

/// A `float32` array of `shape` (row-major `data`).
pub fn float32_array<'py>(
    py: Python<'py>,
    data: &[f32],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_ne_bytes()).collect();
    array(py, &bytes, "float32", shape)
}

/// An `int8` vector of `len` entries: 1 at `ones`, 0 elsewhere (the action
/// mask format of Gymnasium and PettingZoo). Indices past `len` are ignored.
pub fn mask_array<'py>(py: Python<'py>, len: usize, ones: &[u32]) -> PyResult<Bound<'py, PyAny>> {
    let mut bytes = vec![0u8; len];
    for &i in ones {
        if let Some(b) = bytes.get_mut(i as usize) {
            *b = 1;
        }
    }
    array(py, &bytes, "int8", &[len])
}
