//! Scale-out on existing engines, run for real without them: the Slurm job-array script
//! (`deploy/slurm/shards.sbatch`) is executed with bash once per array index, as Slurm would with
//! `SLURM_ARRAY_TASK_ID`/`SLURM_ARRAY_TASK_COUNT` set, then `merge.sbatch`; the Kubernetes Indexed Job
//! (`deploy/k8s/equibench.yaml`) is parsed and its container's command, args and env are run once per
//! completion index with `JOB_COMPLETION_INDEX` set, then the merge Job's. Both merged outputs must be
//! byte-identical to one single-machine build with the same seed. The build is one pair of each
//! label of OJ_A and OJ_V (real tools): one block each, so two shards get real work and the others
//! none, and the merge joins two categories. They are the categories whose 2-pair block costs
//! least and least variably (2-7 s of CPU; DCE's, the cheapest before, takes 3-13 s by how many
//! CSmith programs its seed rejects, and the two tests make three such builds); only the size
//! settings and the volume's location are changed from the files, as a user would with `sbatch
//! --export` or `kubectl set env`.

use crate::real_common;

use equibench_core::CategoryName;
use real_common::{
    assert_every_category_built, assert_ok, assert_same_output, bin, build, require_tools, shared,
};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

/// Two categories of one block each at [`PAIRS`]: blocks 0 and 1, so shards 0 and 1 get work.
const CATEGORIES: &str = "oj_a,oj_v";
/// One pair of each label per category.
const PAIRS: usize = 2;
const SEED: u64 = 31;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn categories() -> Vec<CategoryName> {
    let registry = equibench_cli::default_registry();
    let mut names: Vec<CategoryName> = CATEGORIES
        .split(',')
        .map(|c| registry.resolve(c).unwrap())
        .collect();
    names.sort();
    names
}

/// The single-machine build both tests compare with, made once per test run (by the first test to
/// ask) and shared on disk.
fn reference() -> PathBuf {
    shared("scale-out-reference-oj_a-oj_v", |dir| {
        require_tools(&categories());
        let started = Instant::now();
        build(
            dir,
            PAIRS,
            SEED,
            &["--categories", CATEGORIES, "--jobs", "2"],
        );
        eprintln!("single-machine build: {:.1?}", started.elapsed());
        assert_every_category_built(dir, &categories(), PAIRS);
    })
}

/// PATH with a directory holding `equibench` (a link to the binary under test) first, so the
/// scripts run their commands exactly as written for the image.
fn path_with_equibench(scratch: &Path) -> OsString {
    let dir = scratch.join("bin");
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("equibench");
    if !link.exists() {
        std::os::unix::fs::symlink(bin(), &link).unwrap();
    }
    let mut path = OsString::from(dir);
    path.push(":");
    path.push(std::env::var_os("PATH").unwrap_or_default());
    path
}

/// Run commands concurrently (array tasks and indexed pods run side by side) and wait for all.
fn run_all(commands: Vec<(String, Command)>) -> Vec<(String, Output)> {
    let handles: Vec<_> = commands
        .into_iter()
        .map(|(name, mut cmd)| {
            std::thread::spawn(move || {
                let out = cmd
                    .output()
                    .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
                (name, out)
            })
        })
        .collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

/// Every shard holds only its own shard, and the merged output equals the single-machine one.
fn assert_merged_equals_reference(shard_dirs: &[PathBuf], merged: &Path, what: &str) {
    let n = shard_dirs.len();
    let mut total = 0;
    for (i, dir) in shard_dirs.iter().enumerate() {
        let m = equibench_core::output::read_manifest(dir).unwrap();
        assert_eq!(m.shards, vec![format!("{i}/{n}")], "{}", dir.display());
        total += m.total_pairs;
    }
    let reference = reference();
    let whole = equibench_core::output::read_manifest(&reference).unwrap();
    assert_eq!(
        total, whole.total_pairs,
        "{what}: the shards' pairs do not add up"
    );
    let busy = shard_dirs
        .iter()
        .filter(|d| {
            equibench_core::output::read_manifest(d)
                .unwrap()
                .total_pairs
                > 0
        })
        .count();
    assert!(
        busy >= 2,
        "{what}: only {busy} shard(s) made pairs; the split was not exercised"
    );
    assert_same_output(&reference, merged, &categories(), what);
    let m = equibench_core::output::read_manifest(merged).unwrap();
    assert_eq!(m.pairs_sha256, whole.pairs_sha256);
    assert_eq!(
        m.categories, whole.categories,
        "{what}: counts or rejections differ"
    );
    let expected: Vec<String> = (0..n).map(|i| format!("{i}/{n}")).collect();
    assert_eq!(m.shards, expected);
}

/// N from the script's `#SBATCH --array=0-(N-1)` directive.
fn sbatch_array_size(script: &str) -> usize {
    let range = script
        .lines()
        .find_map(|l| l.trim().strip_prefix("#SBATCH --array="))
        .expect("shards.sbatch has an #SBATCH --array directive");
    let (first, last) = range
        .split_once('-')
        .unwrap_or_else(|| panic!("--array={range} is not a range"));
    assert_eq!(first, "0", "the array must start at 0 (shards are 0-based)");
    let last: usize = last
        .parse()
        .unwrap_or_else(|_| panic!("--array={range}: the range must be plain 0-(N-1)"));
    last + 1
}

#[test]
fn slurm_array_shards_merge_to_the_single_machine_output() {
    reference();
    let slurm = repo().join("deploy/slurm");
    let script = std::fs::read_to_string(slurm.join("shards.sbatch")).unwrap();
    let n = sbatch_array_size(&script);
    assert!(n >= 2, "the array has one task: nothing to scale out");
    for s in ["submit.sh", "merge.sbatch", "shards.sbatch"] {
        let o = Command::new("bash")
            .arg("-n")
            .arg(slurm.join(s))
            .output()
            .expect("run bash (the scripts need it)");
        assert_ok(&o, &format!("bash -n {s}"));
    }

    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().join("shards");
    let path = path_with_equibench(scratch.path());
    let env = |cmd: &mut Command| {
        cmd.env("PATH", &path)
            .env("EQUIBENCH_OUT_ROOT", &root)
            .env("EQUIBENCH_PAIRS", PAIRS.to_string())
            .env("EQUIBENCH_SEED", SEED.to_string())
            .env("EQUIBENCH_CATEGORIES", CATEGORIES)
            .env("EQUIBENCH_JOBS", "1")
            .env_remove("EQUIBENCH_SHARDS")
            .env_remove("EQUIBENCH");
    };
    let started = Instant::now();
    let tasks: Vec<(String, Command)> = (0..n)
        .map(|i| {
            let mut cmd = Command::new("bash");
            cmd.arg(slurm.join("shards.sbatch"))
                .env("SLURM_ARRAY_TASK_ID", i.to_string())
                .env("SLURM_ARRAY_TASK_COUNT", n.to_string());
            env(&mut cmd);
            (format!("array task {i}"), cmd)
        })
        .collect();
    for (name, out) in run_all(tasks) {
        assert_ok(&out, &name);
    }
    eprintln!("{n} Slurm array tasks: {:.1?}", started.elapsed());

    let mut merge = Command::new("bash");
    merge.arg(slurm.join("merge.sbatch"));
    env(&mut merge);
    merge.env("EQUIBENCH_SHARDS", n.to_string());
    let out = merge.output().unwrap();
    assert_ok(&out, "merge.sbatch");

    let shards: Vec<PathBuf> = (0..n).map(|i| root.join(format!("shard-{i}"))).collect();
    assert_merged_equals_reference(&shards, &root.join("merged"), "Slurm array + merge");
}

/// One container of a Job: what it runs and with which environment.
struct Container {
    command: Vec<String>,
    env: BTreeMap<String, String>,
    mount_path: String,
}

fn strings(v: &yaml_serde::Value, what: &str) -> Vec<String> {
    v.as_sequence()
        .unwrap_or_else(|| panic!("{what} is not a list"))
        .iter()
        .map(|s| {
            s.as_str()
                .unwrap_or_else(|| panic!("{what} holds a non-string"))
                .to_string()
        })
        .collect()
}

fn container(job: &yaml_serde::Value) -> Container {
    let pod = &job["spec"]["template"]["spec"];
    let containers = pod["containers"].as_sequence().expect("containers");
    assert_eq!(containers.len(), 1, "one container per pod");
    let c = &containers[0];
    let image = c["image"].as_str().unwrap_or("");
    assert!(
        image.contains("equibench"),
        "the image should be the one docker/Dockerfile builds, got `{image}`"
    );
    let mut command = strings(&c["command"], "command");
    command.extend(strings(&c["args"], "args"));
    let env = c["env"]
        .as_sequence()
        .expect("env")
        .iter()
        .map(|e| {
            let name = e["name"].as_str().expect("env name").to_string();
            let value = e["value"]
                .as_str()
                .unwrap_or_else(|| panic!("env {name} has no literal value"))
                .to_string();
            (name, value)
        })
        .collect();
    let mounts = c["volumeMounts"].as_sequence().expect("volumeMounts");
    let mount_path = mounts[0]["mountPath"]
        .as_str()
        .expect("mountPath")
        .to_string();
    let claim = pod["volumes"][0]["persistentVolumeClaim"]["claimName"].as_str();
    assert!(claim.is_some(), "the pods share a PersistentVolumeClaim");
    Container {
        command,
        env,
        mount_path,
    }
}

#[test]
fn kubernetes_indexed_job_shards_merge_to_the_single_machine_output() {
    reference();
    let text = std::fs::read_to_string(repo().join("deploy/k8s/equibench.yaml")).unwrap();
    let docs: Vec<yaml_serde::Value> = text
        .split("\n---\n")
        .map(|d| yaml_serde::from_str(d).expect("valid YAML"))
        .collect();
    let jobs: Vec<&yaml_serde::Value> = docs.iter().filter(|d| d["kind"] == "Job").collect();
    let indexed = jobs
        .iter()
        .find(|j| j["spec"]["completionMode"] == "Indexed")
        .expect("an Indexed Job");
    let merge_job = jobs
        .iter()
        .find(|j| j["spec"]["completionMode"].is_null())
        .expect("a merge Job");
    let n = indexed["spec"]["completions"]
        .as_u64()
        .expect("completions") as usize;
    assert!(n >= 2, "completions: {n}: nothing to scale out");

    let shard = container(indexed);
    let merge = container(merge_job);
    for (what, c) in [("shard", &shard), ("merge", &merge)] {
        assert_eq!(
            c.env.get("EQUIBENCH_SHARDS").map(String::as_str),
            Some(n.to_string().as_str()),
            "{what}: EQUIBENCH_SHARDS must equal completions"
        );
        assert_eq!(
            c.env.get("EQUIBENCH_ROOT"),
            Some(&c.mount_path),
            "{what}: EQUIBENCH_ROOT must be the shared volume"
        );
    }
    assert_eq!(shard.env["EQUIBENCH_RUN"], merge.env["EQUIBENCH_RUN"]);

    let scratch = tempfile::tempdir().unwrap();
    let volume = scratch.path().join("volume");
    std::fs::create_dir_all(&volume).unwrap();
    let path = path_with_equibench(scratch.path());
    // As `kubectl set env` would: a small build; the volume is mounted at a local directory.
    let overrides = [
        ("EQUIBENCH_PAIRS", PAIRS.to_string()),
        ("EQUIBENCH_SEED", SEED.to_string()),
        ("EQUIBENCH_CATEGORIES", CATEGORIES.to_string()),
        ("EQUIBENCH_JOBS", "1".to_string()),
        ("EQUIBENCH_ROOT", volume.display().to_string()),
    ];
    let pod = |c: &Container, index: Option<usize>| {
        let mut cmd = Command::new(&c.command[0]);
        cmd.args(&c.command[1..]).envs(&c.env).env("PATH", &path);
        for (k, v) in &overrides {
            if c.env.contains_key(*k) {
                cmd.env(k, v);
            }
        }
        if let Some(i) = index {
            cmd.env("JOB_COMPLETION_INDEX", i.to_string());
        }
        cmd
    };
    let started = Instant::now();
    let pods: Vec<(String, Command)> = (0..n)
        .map(|i| {
            (
                format!("pod with JOB_COMPLETION_INDEX={i}"),
                pod(&shard, Some(i)),
            )
        })
        .collect();
    for (name, out) in run_all(pods) {
        assert_ok(&out, &name);
    }
    eprintln!("{n} indexed pods: {:.1?}", started.elapsed());
    let out = pod(&merge, None).output().unwrap();
    assert_ok(&out, "the merge Job's container");

    let run = volume.join(&shard.env["EQUIBENCH_RUN"]);
    let shards: Vec<PathBuf> = (0..n).map(|i| run.join(format!("shard-{i}"))).collect();
    assert_merged_equals_reference(
        &shards,
        &run.join("merged"),
        "Kubernetes Indexed Job + merge",
    );
}
