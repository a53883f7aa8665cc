#[test]
fn the_descriptor_is_well_formed() {
    equibench_wasm::DESCRIPTOR.check().unwrap();
}
