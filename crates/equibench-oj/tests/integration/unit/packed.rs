use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use equibench_oj::packed::{pack, unpack};

#[test]
fn packs_and_unpacks_large_text_deterministically() {
    let text: String = (0..100_000)
        .map(|i| format!("{} ", i * 7919 % 1000))
        .collect();
    let packed = pack(text.as_bytes());
    assert!(packed.len() < text.len() / 2, "{}", packed.len());
    assert_eq!(packed, pack(text.as_bytes()));
    assert_eq!(unpack(&packed).unwrap(), text.as_bytes());
    assert!(unpack("not base64!").is_err());
    assert!(unpack(&STANDARD.encode(b"not gzip")).is_err());
}
