//! `equibench merge`: join the outputs of `--shard I/N` builds. Blocks are pure functions of their
//! coordinates, so the union of the shards' blocks, settled as one build settles its own, is
//! exactly what one machine would have made. The blocks come from the shards' journals.

use crate::build::{caps, descriptors, settle};
use crate::category::{Registry, Report};
use crate::descriptor::CategoryName;
use crate::output::{read_journal, write_final, Manifest, ManifestInfo, OutputError};
use crate::pair::Pair;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error("nothing to merge: give at least one shard directory")]
    Empty,
    #[error("{dir}: {what} differs from the first shard ({a} vs {b}); only shards of one build can be merged")]
    Mismatch {
        dir: PathBuf,
        what: &'static str,
        a: String,
        b: String,
    },
    #[error("{dir}: shard {shard} was already given")]
    RepeatedShard { dir: PathBuf, shard: String },
    #[error("{id} appears in two shards with different content")]
    Conflict { id: String },
    #[error(
        "the shards hold category `{0}`, which this build of equibench does not have (it has: {1})"
    )]
    Unregistered(String, String),
}

/// Merge shard directories into `out`: the finished blocks of every shard's journal, settled
/// together exactly as one machine's build settles its own (deduplicated across blocks, balanced,
/// capped at the request with spare blocks filling gaps), so the result is that build's output.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    command: Vec<String>,
    registry: &Registry,
) -> Result<Manifest, MergeError> {
    let first = dirs.first().ok_or(MergeError::Empty)?;
    let (base, _) = read_journal(first)?;
    if let Some(c) = base.categories.iter().find(|c| registry.get(**c).is_none()) {
        return Err(MergeError::Unregistered(
            c.to_string(),
            registry.cli_names().join(", "),
        ));
    }
    let mut shards = BTreeSet::new();
    let mut blocks: BTreeMap<(CategoryName, usize), (Vec<Pair>, Report)> = BTreeMap::new();
    for dir in dirs {
        let (params, finished) = read_journal(dir)?;
        let check = |what: &'static str, a: String, b: String| {
            if a != b {
                Err(MergeError::Mismatch {
                    dir: dir.clone(),
                    what,
                    a,
                    b,
                })
            } else {
                Ok(())
            }
        };
        check("seed", base.seed.to_string(), params.seed.to_string())?;
        check("--pairs", base.pairs.to_string(), params.pairs.to_string())?;
        check(
            "categories",
            format!("{:?}", base.categories),
            format!("{:?}", params.categories),
        )?;
        check(
            "--subtle",
            base.subtle.to_string(),
            params.subtle.to_string(),
        )?;
        check(
            "input paths",
            format!("{:?}", base.inputs),
            format!("{:?}", params.inputs),
        )?;
        if !shards.insert(params.shard.clone()) {
            return Err(MergeError::RepeatedShard {
                dir: dir.clone(),
                shard: params.shard.clone(),
            });
        }
        for (key, block) in finished {
            if let Some(existing) = blocks.get(&key) {
                if existing.0 != block.0 {
                    return Err(MergeError::Conflict {
                        id: format!("{} block {}", key.0, key.1),
                    });
                }
                continue;
            }
            blocks.insert(key, block);
        }
    }
    let (mut pairs, reports) = settle(&blocks, Some(&caps(&base.categories, base.pairs)));
    let descriptors = descriptors(registry, &base.categories);
    std::fs::create_dir_all(out).map_err(|source| OutputError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    Ok(write_final(
        out,
        &mut pairs,
        ManifestInfo {
            command,
            seed: base.seed,
            pairs_per_category: base.pairs,
            shards: shards.into_iter().collect(),
            subtle: base.subtle,
            categories: &descriptors,
            reports: &reports,
        },
    )?)
}
