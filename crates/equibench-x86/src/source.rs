//! `provenance.source` of an x86-64 pair: where its target (the compiler's code or a library's
//! block) came from, its sha256, and which side of the pair it is. One typed record serves the
//! build that writes it and the audit that reads it back, so a key cannot be spelt two ways; on
//! disk it is the JSON object pair-format.md describes, tagged by `kind`.

use crate::corpus::{Origin, Target};
use equibench_core::evidence::Source;
use equibench_core::pair::{sha256_hex, Side};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// `kind` of a target compiled from the C corpus.
pub const KIND_COMPILED: &str = "x86-compiled-c";
/// `kind` of a block sampled from an ELF library.
pub const KIND_LIBRARY: &str = "x86-library-block";

/// `provenance.source`, by `kind`. Every key the build writes is named here, and a key it does
/// not write is refused when read, as for the evidence records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", deny_unknown_fields)]
pub enum SourceRecord {
    #[serde(rename = "x86-compiled-c")]
    Compiled {
        corpus_file: String,
        corpus_file_sha256: String,
        function: String,
        signature: String,
        compiler: String,
        compiler_version: String,
        flags: Vec<String>,
        /// Other compiler/level combinations that produced the same code.
        same_code_from: Vec<String>,
        target_sha256: String,
        /// Left out by pairs written before the side was a coin of the seed: program_1 then.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target_is: Option<Side>,
    },
    #[serde(rename = "x86-library-block")]
    Library {
        binary: String,
        binary_sha256: String,
        /// The block's first address, `0x...`.
        address: String,
        length: usize,
        decoder: String,
        target_sha256: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target_is: Option<Side>,
    },
}

impl SourceRecord {
    /// The source of `target`, which the pair has on side `target_is`.
    pub fn new(target: &Target, target_is: Side) -> SourceRecord {
        let target_sha256 = sha256_hex(target.text().as_bytes());
        let target_is = Some(target_is);
        match &target.origin {
            Origin::Corpus {
                file,
                file_sha256,
                function,
                signature,
                compiler,
                flags,
                same_code_from,
            } => SourceRecord::Compiled {
                corpus_file: format!("data/x86/{file}"),
                corpus_file_sha256: file_sha256.clone(),
                function: function.clone(),
                signature: signature.clone(),
                compiler: compiler.name.clone(),
                compiler_version: compiler.version.clone(),
                flags: flags.clone(),
                same_code_from: same_code_from.clone(),
                target_sha256,
                target_is,
            },
            Origin::Library {
                binary,
                binary_sha256,
                address,
                length,
            } => SourceRecord::Library {
                binary: binary.clone(),
                binary_sha256: binary_sha256.clone(),
                address: format!("{address:#x}"),
                length: *length,
                decoder: "iced-x86".into(),
                target_sha256,
                target_is,
            },
        }
    }

    /// Read `provenance.source` back: a missing, stray or mistyped key is an error.
    pub fn parse(source: &Source) -> Result<SourceRecord, String> {
        Self::from_map(&source.to_map())
    }

    pub fn from_map(source: &Map<String, Value>) -> Result<SourceRecord, String> {
        serde_json::from_value(Value::Object(source.clone()))
            .map_err(|e| format!("malformed source: {e}"))
    }

    /// `provenance.source`: this record under its `kind`.
    pub fn to_source(&self) -> Source {
        let kind = match self {
            SourceRecord::Compiled { .. } => KIND_COMPILED,
            SourceRecord::Library { .. } => KIND_LIBRARY,
        };
        Source::new(kind, self)
    }

    /// The JSON object recorded as `provenance.source`.
    pub fn to_map(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(m)) => m,
            _ => unreachable!("a source record serialises to an object with string keys"),
        }
    }

    pub fn target_sha256(&self) -> &str {
        match self {
            SourceRecord::Compiled { target_sha256, .. }
            | SourceRecord::Library { target_sha256, .. } => target_sha256,
        }
    }

    /// The side the target is on (program_1 where the record does not say).
    pub fn target_is(&self) -> Side {
        match self {
            SourceRecord::Compiled { target_is, .. } | SourceRecord::Library { target_is, .. } => {
                target_is.unwrap_or(Side::Program1)
            }
        }
    }
}
