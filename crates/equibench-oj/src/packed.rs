//! Large recorded inputs as text a JSON record can carry: gzip (a format every platform can undo,
//! Python's stdlib included) then standard base64. Used for witnesses above the verbatim cap, so
//! an inequivalent record re-checks from `pairs.jsonl` alone whatever its witness's size.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::{Read, Write};

/// Unpacked texts are refused past this size (a record is untrusted input to the audit).
pub const MAX_UNPACKED_BYTES: u64 = 256 << 20;

#[derive(Debug, thiserror::Error)]
pub enum PackError {
    #[error("not base64: {0}")]
    Base64(#[from] base64::DecodeError),
    #[error("not gzip: {0}")]
    Gzip(#[from] std::io::Error),
    #[error("unpacks to more than {MAX_UNPACKED_BYTES} bytes")]
    TooLarge,
}

/// `bytes` gzipped (best compression: the same bytes always give the same text) and base64-encoded.
pub fn pack(bytes: &[u8]) -> String {
    let mut gz = GzEncoder::new(Vec::new(), Compression::best());
    gz.write_all(bytes).expect("writing to a Vec cannot fail");
    STANDARD.encode(gz.finish().expect("writing to a Vec cannot fail"))
}

/// The bytes [`pack`] packed.
pub fn unpack(text: &str) -> Result<Vec<u8>, PackError> {
    let gz = STANDARD.decode(text.trim())?;
    let mut out = Vec::new();
    GzDecoder::new(gz.as_slice())
        .take(MAX_UNPACKED_BYTES + 1)
        .read_to_end(&mut out)?;
    if out.len() as u64 > MAX_UNPACKED_BYTES {
        return Err(PackError::TooLarge);
    }
    Ok(out)
}
