//! Solved MDP sessions kept for the next request on the same problem (the
//! MDP page asks for every position's values), a few at a time.

use std::sync::{Arc, Mutex};

use gamesolver_api::mdp::{MdpRequest, MdpSolved};

/// How many solved problems are kept.
const CAPACITY: usize = 8;

/// What identifies a problem: the game and every field of the request, as
/// text.
type Key = String;

/// A problem: the game's name and the request.
pub type Problem = (&'static str, MdpRequest);

fn key_of((game, request): &Problem) -> Key {
    format!(
        "{game}|{}|{}|{}|{:?}|{}|{}|{}",
        request.opponent,
        request.side,
        request.method,
        request.gamma,
        request.exact,
        request.episodes,
        request.seed
    )
}

/// The most recently used sessions, newest last.
#[derive(Default)]
pub struct MdpCache(Mutex<Vec<(Key, Arc<dyn MdpSolved>)>>);

impl MdpCache {
    /// The cached session of `request`, if any (marked as recently used).
    pub fn get(&self, request: &Problem) -> Option<Arc<dyn MdpSolved>> {
        let key = key_of(request);
        let mut entries = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let index = entries.iter().position(|(k, _)| *k == key)?;
        let entry = entries.remove(index);
        let session = Arc::clone(&entry.1);
        entries.push(entry);
        Some(session)
    }

    /// Keeps `session` for `request`, dropping the least recently used.
    pub fn put(&self, request: &Problem, session: Arc<dyn MdpSolved>) {
        let key = key_of(request);
        let mut entries = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        entries.retain(|(k, _)| *k != key);
        if entries.len() >= CAPACITY {
            entries.remove(0);
        }
        entries.push((key, session));
    }
}
