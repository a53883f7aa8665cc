//! The linker command clang's driver runs for a harness program, learnt once and then run directly.
//!
//! A program used to be built by one driver invocation that compiled and linked. With two jobs the
//! driver starts cc1 as a second clang process (loading libLLVM and libclang-cpp again, ~25 ms of
//! CPU, two programs per pair in the build and again in the audit). Compiling with `-c` keeps cc1
//! in the driver's process; the link job the driver prints for the same link (`clang -### a.o b.o
//! -lm -o out`) is learnt once per clang and run as printed with the real objects and output put
//! in: the same linker with the same arguments, so the same executable
//! (`tests/cpu_exec.rs` compares the two byte for byte). The parsing follows equibench-dce's
//! `link.rs`, which learns the same thing for C builds.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, PoisonError};

/// The driver's link job for a fixed list of inputs and trailing arguments.
#[derive(Debug, PartialEq, Eq)]
pub struct LinkLine {
    program: PathBuf,
    args: Vec<String>,
    /// Where in `args` each input object goes, in input order.
    inputs: Vec<usize>,
    /// Where in `args` the output goes.
    output: usize,
}

impl LinkLine {
    /// The link of `inputs` (objects, in this order) into `output`.
    pub fn command(&self, inputs: &[&Path], output: &Path) -> Option<Command> {
        if inputs.len() != self.inputs.len() {
            return None;
        }
        let mut args: Vec<std::ffi::OsString> = self.args.iter().map(Into::into).collect();
        for (at, input) in self.inputs.iter().zip(inputs) {
            args[*at] = input.as_os_str().to_owned();
        }
        args[self.output] = output.as_os_str().to_owned();
        let mut cmd = Command::new(&self.program);
        cmd.args(args);
        Some(cmd)
    }
}

type Key = (PathBuf, usize, Vec<String>);

/// Learnt lines by clang, input count and trailing arguments; None where the driver's output could
/// not be read as one link job (then the caller builds in one invocation, as before).
static LINES: Mutex<BTreeMap<Key, Option<Arc<LinkLine>>>> = Mutex::new(BTreeMap::new());

/// The link job of `clang in_0.o .. in_{n-1}.o TRAILING -o out`, learnt on first use.
pub fn line(clang: &Path, inputs: usize, trailing: &[&str]) -> Option<Arc<LinkLine>> {
    let key = (
        clang.to_path_buf(),
        inputs,
        trailing.iter().map(|s| s.to_string()).collect(),
    );
    let mut lines = LINES.lock().unwrap_or_else(PoisonError::into_inner);
    lines
        .entry(key)
        .or_insert_with(|| learn(clang, inputs, trailing).map(Arc::new))
        .clone()
}

/// Ask the driver (`-###` prints the jobs without running them) with placeholder objects.
fn learn(clang: &Path, inputs: usize, trailing: &[&str]) -> Option<LinkLine> {
    let dir = tempfile::tempdir().ok()?;
    let objects: Vec<PathBuf> = (0..inputs)
        .map(|i| dir.path().join(format!("eqb-link-input-{i}.o")))
        .collect();
    for o in &objects {
        std::fs::write(o, b"").ok()?;
    }
    let output = dir.path().join("eqb-link-output");
    let out = Command::new(clang)
        .arg("-###")
        .args(&objects)
        .args(trailing)
        .arg("-o")
        .arg(&output)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    parse(&String::from_utf8_lossy(&out.stderr), &objects, &output)
}

/// The one job line of `clang -###` output (each argument double-quoted, shell-escaped), with the
/// placeholder paths located. None unless there is exactly one job, every placeholder occurs in
/// it exactly once as a whole argument, and nothing else mentions the placeholder directory.
pub fn parse(printed: &str, objects: &[PathBuf], output: &Path) -> Option<LinkLine> {
    let mut jobs = printed.lines().filter(|l| l.starts_with(" \""));
    let job = jobs.next()?;
    if jobs.next().is_some() {
        return None;
    }
    let mut words = shlex::split(job)?;
    if words.is_empty() {
        return None;
    }
    let program = PathBuf::from(words.remove(0));
    let only = |path: &Path| -> Option<usize> {
        let text = path.to_str()?;
        let mut hits = words.iter().enumerate().filter(|(_, w)| *w == text);
        let (at, _) = hits.next()?;
        hits.next().is_none().then_some(at)
    };
    let inputs = objects
        .iter()
        .map(|o| only(o))
        .collect::<Option<Vec<_>>>()?;
    let out_at = only(output)?;
    let dir = output.parent()?.to_str()?;
    if words.iter().filter(|w| w.contains(dir)).count() != inputs.len() + 1 {
        return None;
    }
    Some(LinkLine {
        program,
        args: words,
        inputs,
        output: out_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_one_job_and_places_inputs_and_output() {
        let objects = [PathBuf::from("/t/in-0.o"), PathBuf::from("/t/in-1.o")];
        let printed = "clang version 19\nTarget: x\n \"/usr/bin/ld\" \"-pie\" \"-o\" \"/t/out\" \"crt1.o\" \"/t/in-0.o\" \"/t/in-1.o\" \"-lm\"\n";
        let line = parse(printed, &objects, Path::new("/t/out")).unwrap();
        assert_eq!(line.program, PathBuf::from("/usr/bin/ld"));
        assert_eq!(line.inputs, vec![4, 5]);
        let cmd = line
            .command(&[Path::new("a.o"), Path::new("b.o")], Path::new("prog"))
            .unwrap();
        let args: Vec<_> = cmd.get_args().map(|a| a.to_str().unwrap()).collect();
        assert_eq!(args, ["-pie", "-o", "prog", "crt1.o", "a.o", "b.o", "-lm"]);
        assert!(line.command(&[Path::new("a.o")], Path::new("p")).is_none());
    }

    #[test]
    fn refuses_what_is_not_one_plain_link_job() {
        let objects = [PathBuf::from("/t/in-0.o")];
        let out = Path::new("/t/out");
        // Two jobs (a compile and a link).
        let two = " \"cc1\" \"/t/in-0.o\"\n \"ld\" \"-o\" \"/t/out\" \"/t/in-0.o\"\n";
        assert!(parse(two, &objects, out).is_none());
        // The output named twice, or derived from.
        let twice = " \"ld\" \"-o\" \"/t/out\" \"/t/in-0.o\" \"/t/out\"\n";
        assert!(parse(twice, &objects, out).is_none());
        let derived = " \"ld\" \"-o\" \"/t/out\" \"/t/in-0.o\" \"-Map=/t/out.map\"\n";
        assert!(parse(derived, &objects, out).is_none());
        // An input missing.
        assert!(parse(" \"ld\" \"-o\" \"/t/out\"\n", &objects, out).is_none());
    }
}
