use equibench_wasm::tools::integer_after_version;

#[test]
fn binaryen_version_is_read_from_its_banner() {
    assert_eq!(
        integer_after_version("wasm-opt version 108").as_deref(),
        Some("108")
    );
    assert_eq!(
        integer_after_version("wasm-opt version 116 (version_116)").as_deref(),
        Some("116")
    );
    assert_eq!(integer_after_version("wasm-opt"), None);
    assert_eq!(integer_after_version("wasm-opt version x1"), None);
}
