//! A small dense linear solve (the Newton step of the fit).

/// The solution `x` of `a · x = b` by Gaussian elimination with partial
/// pivoting, or `None` when `a` is singular (a pivot below `1e-300`).
#[must_use]
pub fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> Option<[f64; N]> {
    for column in 0..N {
        let pivot =
            (column..N).max_by(|&i, &j| a[i][column].abs().total_cmp(&a[j][column].abs()))?;
        if a[pivot][column].abs() < 1e-300 {
            return None;
        }
        a.swap(column, pivot);
        b.swap(column, pivot);
        let pivot_row = a[column];
        for row in column + 1..N {
            let factor = a[row][column] / pivot_row[column];
            for (x, p) in a[row].iter_mut().zip(&pivot_row).skip(column) {
                *x -= factor * p;
            }
            b[row] -= factor * b[column];
        }
    }
    let mut x = [0.0; N];
    for row in (0..N).rev() {
        let rest: f64 = (row + 1..N).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_system_that_needs_pivoting() {
        // The first pivot is 0: only a row swap gets past it.
        let a = [[0.0, 2.0, 1.0], [1.0, 1.0, 1.0], [2.0, 1.0, 3.0]];
        let x = [1.5, -2.0, 0.25];
        let b: [f64; 3] = std::array::from_fn(|i| (0..3).map(|k| a[i][k] * x[k]).sum());
        let solved = solve(a, b).expect("regular");
        for (s, e) in solved.iter().zip(x) {
            assert!((s - e).abs() < 1e-12, "{solved:?}");
        }
        assert_eq!(solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 2.0]), None);
    }
}
