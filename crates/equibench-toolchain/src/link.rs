//! The linker command clang's driver would run for a build, learnt once and then run directly.
//!
//! `clang -fintegrated-cc1` keeps cc1 in the driver's process only when the invocation has one
//! job; one that compiles and links has two, so the driver starts cc1 as a second clang process
//! (loading libLLVM and libclang-cpp again, ~25 ms) for every program built (issue 27: DCE's
//! sanitized, instrumented and switched builds, CUDA's harness programs). Compiling with `-c` (one
//! job, in-process) and linking separately avoids it, but linking through clang's driver would
//! start a clang process again. So the link job the driver prints (`clang LEADING -### in.o ..
//! TRAILING -o out`) is learnt once per clang, arguments and input count, and run as printed with
//! the real objects and output put in: the same linker with the same arguments the driver would
//! have run, so the same binary (each category's tests compare the two byte for byte).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, PoisonError};

/// The driver's link job for one set of arguments and number of inputs.
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

type Key = (PathBuf, Vec<String>, usize, Vec<String>);

/// Learnt lines by clang, arguments and input count; None where the driver's output could not be
/// read as one link job (then the caller builds in one invocation, as before).
static LINES: Mutex<BTreeMap<Key, Option<Arc<LinkLine>>>> = Mutex::new(BTreeMap::new());

/// The link job `clang LEADING in_0.o .. in_{n-1}.o TRAILING -o out` runs, learnt on first use.
pub fn line(
    clang: &Path,
    leading: &[String],
    inputs: usize,
    trailing: &[String],
) -> Option<Arc<LinkLine>> {
    let key = (
        clang.to_path_buf(),
        leading.to_vec(),
        inputs,
        trailing.to_vec(),
    );
    let mut lines = LINES.lock().unwrap_or_else(PoisonError::into_inner);
    lines
        .entry(key)
        .or_insert_with(|| learn(clang, leading, inputs, trailing).map(Arc::new))
        .clone()
}

/// Ask the driver (`-###` prints the jobs without running them) with placeholder objects.
fn learn(clang: &Path, leading: &[String], inputs: usize, trailing: &[String]) -> Option<LinkLine> {
    let dir = tempfile::tempdir().ok()?;
    let objects: Vec<PathBuf> = (0..inputs)
        .map(|i| dir.path().join(format!("eqb-link-input-{i}.o")))
        .collect();
    for o in &objects {
        std::fs::write(o, b"").ok()?;
    }
    let output = dir.path().join("eqb-link-output");
    let out = Command::new(clang)
        .args(leading)
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
    let placeholders = inputs.len() + 1;
    if words.iter().filter(|w| w.contains(dir)).count() != placeholders {
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
        let printed = "clang version 19\nTarget: x\n \"/usr/bin/ld\" \"-pie\" \"-o\" \"/t/out\" \"crt1.o\" \"/t/in-0.o\" \"/t/in-1.o\" \"-l\\$c\"\n";
        let line = parse(printed, &objects, Path::new("/t/out")).unwrap();
        assert_eq!(line.program, PathBuf::from("/usr/bin/ld"));
        assert_eq!(line.args[line.output], "/t/out");
        assert_eq!(line.inputs, vec![4, 5]);
        assert_eq!(line.args.last().unwrap(), "-l$c");
        let cmd = line
            .command(&[Path::new("a.o"), Path::new("b.o")], Path::new("prog"))
            .unwrap();
        let args: Vec<_> = cmd.get_args().map(|a| a.to_str().unwrap()).collect();
        assert_eq!(args, ["-pie", "-o", "prog", "crt1.o", "a.o", "b.o", "-l$c"]);
        assert!(line.command(&[Path::new("a.o")], Path::new("p")).is_none());
    }

    #[test]
    fn refuses_what_is_not_one_plain_link_job() {
        let objects = [PathBuf::from("/t/in-0.o")];
        let out = Path::new("/t/out");
        // Two jobs (a compile and a link).
        assert!(parse(
            " \"cc1\" \"/t/in-0.o\"\n \"ld\" \"-o\" \"/t/out\" \"/t/in-0.o\"\n",
            &objects,
            out
        )
        .is_none());
        // The output named twice, or derived from.
        assert!(parse(
            " \"ld\" \"-o\" \"/t/out\" \"/t/in-0.o\" \"/t/out\"\n",
            &objects,
            out
        )
        .is_none());
        assert!(parse(
            " \"ld\" \"-o\" \"/t/out\" \"/t/in-0.o\" \"-Map=/t/out.map\"\n",
            &objects,
            out
        )
        .is_none());
        // An input missing.
        assert!(parse(" \"ld\" \"-o\" \"/t/out\"\n", &objects, out).is_none());
    }
}
