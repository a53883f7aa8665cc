//! Deterministic randomness. Every random choice in equibench comes from an RNG seeded by
//! [`derive_seed`] from the build seed and a path of labels, so work can be split and re-run in any
//! order and still make the same choices. ChaCha is used because its output is fixed by its spec,
//! not by a crate version.

use rand_chacha::rand_core::SeedableRng;
use sha2::{Digest, Sha256};

pub use rand_chacha::ChaCha8Rng as Rng;

/// Build seeds reserved for the few-shot exemplars each category ships
/// ([`crate::Category::exemplars`]): `equibench build` refuses them unless told it is making
/// exemplars, so no benchmark build can contain an exemplar. Below 2^53, so exact in any JSON reader.
pub const EXEMPLAR_SEEDS: std::ops::Range<u64> = (1 << 52)..(1 << 53);

/// The folder, inside a category's data folder, of the sources reserved for exemplars: a build at
/// a seed of [`EXEMPLAR_SEEDS`] draws only from it, and every other build never reads it (a
/// category whose sources a build can exhaust or reuse reserves some this way, so that no
/// exemplar can share a program with a benchmark, whatever the seed and size of the build).
pub const EXEMPLAR_SOURCES: &str = "exemplars";

/// Whether a build at `seed` makes exemplars (and so draws from the reserved sources only).
pub fn makes_exemplars(seed: u64) -> bool {
    EXEMPLAR_SEEDS.contains(&seed)
}

/// Which sources a build draws from (issue 36): a category whose sources a build can exhaust or
/// reuse (a finite corpus, a list of generated functions) keeps some of them for the exemplars, in
/// [`EXEMPLAR_SOURCES`]; a build at a seed of [`EXEMPLAR_SEEDS`] draws only from those, and every
/// other build never reads them, so no exemplar can show a model a program of the benchmark it is
/// asked about. A category's draw depends on the seed only through this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Draw {
    /// The category's ordinary sources (its data folder itself).
    Benchmark,
    /// The sources reserved for exemplars only.
    Exemplars,
}

impl Draw {
    /// The draw of a build at `seed`.
    pub fn for_seed(seed: u64) -> Draw {
        if makes_exemplars(seed) {
            Draw::Exemplars
        } else {
            Draw::Benchmark
        }
    }

    /// Where this draw's files are, relative to the category's data folder (`` or `exemplars/`):
    /// the prefix of their names in provenance.
    pub fn prefix(self) -> String {
        match self {
            Draw::Benchmark => String::new(),
            Draw::Exemplars => format!("{EXEMPLAR_SOURCES}/"),
        }
    }
}

/// A 53-bit seed (exactly representable in any JSON reader) derived from `seed` and `labels`.
pub fn derive_seed(seed: u64, labels: &[&str]) -> u64 {
    let mut h = Sha256::new();
    h.update(seed.to_le_bytes());
    for l in labels {
        h.update((l.len() as u64).to_le_bytes());
        h.update(l.as_bytes());
    }
    let d = h.finalize();
    let mut b = [0u8; 8];
    b.copy_from_slice(&d[..8]);
    u64::from_le_bytes(b) & ((1u64 << 53) - 1)
}

/// An RNG for `seed` and `labels`.
pub fn rng(seed: u64, labels: &[&str]) -> Rng {
    Rng::seed_from_u64(derive_seed(seed, labels))
}
