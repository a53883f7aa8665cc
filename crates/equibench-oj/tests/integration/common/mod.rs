//! Shared helpers of the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The real CodeNet sample; CI has `shared/` beside the checkout, as here.
pub fn codenet_sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/codenet_sample")
}

/// The embedded corpus of the repository.
pub fn embedded_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/oj")
}

pub fn write(path: &Path, bytes: impl AsRef<[u8]>) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// Copy the files of `problems` from the embedded corpus into `dest` (CodeNet layout plus
/// generators and authoring), without its metadata.
pub fn copy_embedded(problems: &[&str], dest: &Path) {
    let root = embedded_root();
    for p in problems {
        for rel in [
            format!("problem_descriptions/{p}.html"),
            format!("generators/{p}.py"),
            format!("authoring/{p}.json"),
            format!("derived/input_output/data/{p}/input.txt"),
            format!("derived/input_output/data/{p}/output.txt"),
        ] {
            write(&dest.join(&rel), std::fs::read(root.join(&rel)).unwrap());
        }
        let src = root.join(format!("data/{p}/Python"));
        for e in std::fs::read_dir(&src).unwrap() {
            let e = e.unwrap();
            write(
                &dest.join(format!("data/{p}/Python")).join(e.file_name()),
                std::fs::read(e.path()).unwrap(),
            );
        }
    }
}
