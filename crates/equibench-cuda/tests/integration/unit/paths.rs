use equibench_cuda::paths::*;
use std::path::Path;

#[test]
fn finds_the_worker_and_shim_with_or_without_a_data_dir() {
    for dir in [
        repo_tools_dir(None),
        repo_tools_dir(Some(Path::new("/nonexistent/data"))),
        // A relative data dir (the CLI's default `data` in a checkout) still gives an absolute path.
        repo_tools_dir(Some(Path::new("data"))),
    ] {
        assert!(dir.is_absolute(), "{}", dir.display());
        assert!(dir.join(WORKER_SCRIPT).is_file(), "{}", dir.display());
        assert!(dir.join(SHIM_DIR).join("cuda_shim.h").is_file());
    }
}
