//! The operator catalogue: families of tensor operators (dense, convolutions, pooling, normalisation,
//! reductions, elementwise chains, ...) at several shapes, each with its near misses. It is data, read
//! from `data/cuda/catalogue.json` so that a user can extend it without touching code; a copy of the
//! shipped file is compiled in for runs without a data directory.

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
            if f.unroll.is_empty() {
                return Err(invalid(format!(
                    "family `{}` has an empty unroll list",
                    f.family
                )));
            }
        }
        Ok(c)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_catalogue_has_at_least_twelve_kinds_at_several_shapes() {
        let c = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
        let kinds: std::collections::BTreeSet<&str> =
            c.families.iter().map(|f| f.kind.as_str()).collect();
        assert!(kinds.len() >= 12, "{kinds:?}");
        assert!(c.families.iter().all(|f| f.shapes.len() >= 2));
        assert!(c.families.iter().all(|f| !f.near_misses.is_empty()));
    }

    #[test]
    fn shape_and_near_miss_params_merge_in_order() {
        let c = Catalogue::parse(DEFAULT_CATALOGUE, "built-in").unwrap();
        let f = c
            .families
            .iter()
            .find(|f| f.family == "dense_relu")
            .unwrap();
        let op = f.operator(1);
        assert_eq!(op.params["activation"], "relu");
        assert_eq!(op.params["M"], 32);
        let nm = op.with(&f.near_misses[0].params);
        assert_eq!(nm.params["activation"], "none");
        assert_eq!(nm.params["M"], 32);
    }

    #[test]
    fn a_bad_catalogue_is_a_clear_error() {
        let e = Catalogue::parse(r#"{"families": []}"#, "x.json").unwrap_err();
        assert!(e.to_string().contains("no families"), "{e}");
        let e = Catalogue::parse("{", "x.json").unwrap_err();
        assert!(e.to_string().contains("x.json"), "{e}");
    }
}
