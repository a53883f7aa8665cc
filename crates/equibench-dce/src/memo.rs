//! Facts the audit derives from one program text, kept for the other pairs cut from it.
//!
//! Up to four pairs share one CSmith original (about three on average), and the audit of each
//! re-derived everything about it: CSmith's regeneration, the screen (two builds and runs) and the
//! classification (IR, three LLVM pipelines, an instrumented build and run) -- more than half of a
//! DCE audit's CPU time (issue 27). Every one of these is a function of the program text (and, for
//! CSmith, of the seed and flags) alone: the program takes no input and the tools are
//! deterministic, so a second derivation can only repeat the first. Each pair's own facts (its
//! edit, its other program, its evidence) are still checked for every pair.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

/// Values by key, each computed at most once per process while the computation succeeds. An
/// error (a tool that could not start) is returned and not kept, so the next asker tries again.
pub struct Memo<V> {
    cells: Mutex<BTreeMap<String, Arc<Mutex<Option<V>>>>>,
}

impl<V: Clone> Memo<V> {
    pub const fn new() -> Self {
        Memo {
            cells: Mutex::new(BTreeMap::new()),
        }
    }

    /// The value for `key`, computed by `derive` unless an earlier call kept one. Two threads
    /// asking for one key wait for a single derivation; different keys do not wait on each other.
    pub fn get_or<E>(&self, key: String, derive: impl FnOnce() -> Result<V, E>) -> Result<V, E> {
        let cell = self
            .cells
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(key)
            .or_default()
            .clone();
        let mut slot = cell.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(v) = slot.as_ref() {
            return Ok(v.clone());
        }
        let v = derive()?;
        *slot = Some(v.clone());
        Ok(v)
    }
}

impl<V: Clone> Default for Memo<V> {
    fn default() -> Self {
        Self::new()
    }
}
