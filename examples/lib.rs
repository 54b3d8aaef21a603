//! Examples live beside this file; see `nim.rs`.
