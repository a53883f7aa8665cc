//! The operator catalogue: families of tensor operators (dense, convolutions, pooling, normalisation,
//! reductions, elementwise chains, ...) at several shapes, each with its near misses. It is data, read
//! from `data/cuda/catalogue.json` so that a user can extend it without touching code; a copy of the
//! shipped file is compiled in for runs without a data directory.
//!
//! Some families also list `exemplar_shapes`, reserved for the few-shot exemplars (issue 36): an
//! exemplar build draws only those ([`Catalogue::draw`]), a benchmark build never does, and no
//! reserved shape is a shape any family of the same kind uses, so an exemplar's kernels are never
//! a benchmark's.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::Path;

/// The catalogue shipped with the repository.
pub const DEFAULT_CATALOGUE: &str = include_str!("../../../data/cuda/catalogue.json");

/// Where the catalogue lives under the data directory.
pub const CATALOGUE_PATH: &str = "cuda/catalogue.json";

/// The folder of the data directory the catalogue is in.
pub const DATA_FOLDER: &str = "cuda";

#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error("cannot read the CUDA operator catalogue {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("the CUDA operator catalogue {path} is not valid: {detail}")]
    Invalid { path: String, detail: String },
}

/// One tensor operator as the TVM worker builds it: a builder `kind` and its parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Operator {
    pub kind: String,
    pub params: Map<String, Value>,
}

impl Operator {
    /// This operator with `changes` merged over its parameters.
    pub fn with(&self, changes: &Map<String, Value>) -> Operator {
        let mut params = self.params.clone();
        for (k, v) in changes {
            params.insert(k.clone(), v.clone());
        }
        Operator {
            kind: self.kind.clone(),
            params,
        }
    }

    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).expect("an operator always serialises")
    }
}

/// One semantic change to a family's operator.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NearMiss {
    /// What changed, in words (recorded as the pair's transformation).
    pub change: String,
    pub params: Map<String, Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Family {
    pub family: String,
    pub kind: String,
    #[serde(default)]
    pub params: Map<String, Value>,
    pub shapes: Vec<Map<String, Value>>,
    /// MetaSchedule's `unroll_max_steps` for this family (explicit unrolling).
    pub unroll: Vec<u32>,
    #[serde(default)]
    pub near_misses: Vec<NearMiss>,
    /// Shapes reserved for exemplar builds (the only ones they draw); benchmark builds never
    /// draw them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exemplar_shapes: Vec<Map<String, Value>>,
}

impl Family {
    /// The family's operator at shape `shape`.
    pub fn operator(&self, shape: usize) -> Operator {
        let mut params = self.params.clone();
        for (k, v) in &self.shapes[shape] {
            params.insert(k.clone(), v.clone());
        }
        Operator {
            kind: self.kind.clone(),
            params,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Catalogue {
    #[serde(default)]
    pub about: String,
    pub families: Vec<Family>,
}

/// A catalogue operator: family index and shape index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    pub family: usize,
    pub shape: usize,
}

impl Catalogue {
    /// The catalogue under `data_dir` if it has one, else the shipped copy. Returns the text's
    /// origin too, for provenance.
    pub fn load(data_dir: &Path) -> Result<(Catalogue, String), CatalogueError> {
        let path = data_dir.join(CATALOGUE_PATH);
        if path.is_file() {
            let text = std::fs::read_to_string(&path).map_err(|source| CatalogueError::Read {
                path: path.display().to_string(),
                source,
            })?;
            let c = Catalogue::parse(&text, &path.display().to_string())?;
            return Ok((c, text));
        }
        Ok((
            Catalogue::parse(DEFAULT_CATALOGUE, "built-in catalogue")?,
            DEFAULT_CATALOGUE.to_string(),
        ))
    }

    pub fn parse(text: &str, origin: &str) -> Result<Catalogue, CatalogueError> {
        let invalid = |detail: String| CatalogueError::Invalid {
            path: origin.to_string(),
            detail,
        };
        let c: Catalogue = serde_json::from_str(text).map_err(|e| invalid(e.to_string()))?;
        if c.families.is_empty() {
            return Err(invalid("it has no families".into()));
        }
        for f in &c.families {
            if f.shapes.is_empty() {
                return Err(invalid(format!("family `{}` has no shapes", f.family)));
            }
            // A reserved shape any family of the kind also uses could give an exemplar a
            // benchmark's kernels.
            for reserved in &f.exemplar_shapes {
                if let Some(other) = c
                    .families
                    .iter()
                    .find(|o| o.kind == f.kind && o.shapes.contains(reserved))
                {
                    return Err(invalid(format!(
                        "exemplar shape {} of family `{}` is a shape of family `{}`; a shape \
                         reserved for exemplars must be one no benchmark build draws",
                        Value::Object(reserved.clone()),
                        f.family,
                        other.family
                    )));
                }
            }
            if f.unroll.is_empty() {
                return Err(invalid(format!(
                    "family `{}` has an empty unroll list",
                    f.family
                )));
            }
        }
        Ok(c)
    }

    /// The catalogue a build at `seed` draws from: for a benchmark build this one, for an
    /// exemplar build (a seed in `equibench_core::seed::EXEMPLAR_SEEDS`) its families that
    /// reserve shapes, each with its reserved shapes as its only shapes (near misses and
    /// same-signature partners are then drawn among those alone). Empty (no families) when the
    /// catalogue reserves nothing.
    pub fn draw(&self, seed: u64) -> Catalogue {
        if !equibench_core::seed::makes_exemplars(seed) {
            return self.clone();
        }
        Catalogue {
            about: self.about.clone(),
            families: self
                .families
                .iter()
                .filter(|f| !f.exemplar_shapes.is_empty())
                .map(|f| Family {
                    shapes: f.exemplar_shapes.clone(),
                    exemplar_shapes: Vec::new(),
                    ..f.clone()
                })
                .collect(),
        }
    }

    /// Every (family, shape), in catalogue order.
    pub fn entries(&self) -> Vec<Entry> {
        self.families
            .iter()
            .enumerate()
            .flat_map(|(fi, f)| {
                (0..f.shapes.len()).map(move |si| Entry {
                    family: fi,
                    shape: si,
                })
            })
            .collect()
    }

    pub fn family(&self, e: Entry) -> &Family {
        &self.families[e.family]
    }

    pub fn operator(&self, e: Entry) -> Operator {
        self.families[e.family].operator(e.shape)
    }
}
