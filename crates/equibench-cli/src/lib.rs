//! The `equibench` command line, as a library so that tests can run it with their own registry.
//!
//! `main.rs` is one call: [`run`] with the registry of every category crate compiled in.

#![forbid(unsafe_code)]

mod args;
mod audit;
mod build;
mod eval;
mod export;
mod interrupt;
mod progress;
mod shortcuts;

use anyhow::{Context, Result};
use args::{Cli, Command};
use clap::{CommandFactory, FromArgMatches};
use equibench_core::{InputOption, Inputs, Registry, Tools};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

pub use args::Cli as CliArgs;

/// Exit codes beyond 0/1, documented in `--help`.
pub mod exit {
    /// Everything asked for was done and checked.
    pub const OK: u8 = 0;
    /// A check failed: invalid records, a contradicted label, a failed category.
    pub const FAILED: u8 = 1;
    /// Nothing contradicted, but something could not be checked or made (inconclusive, unaudited,
    /// a category that ran out of sources).
    pub const INCOMPLETE: u8 = 2;
    /// Interrupted by Ctrl-C; the journal keeps finished work.
    pub const INTERRUPTED: u8 = 130;
}

/// The registry of every category compiled into this binary (kept in `equibench-categories`, so
/// that the CLI names none).
pub use equibench_categories::default_registry;

/// The clap command with the registry's categories listed in `--help` (and `build --help`): the
/// list is the registry's, so a category registered in one line shows up everywhere.
pub fn help_with_categories(registry: &Registry) -> clap::Command {
    let mut list = String::from("Categories (`--categories`, comma-separated):\n");
    for name in registry.names() {
        if let Some(d) = registry.descriptor(name) {
            list.push_str(&format!(
                "  {:<8} {} ({}): {}\n",
                d.cli_name, d.name, d.language, d.summary
            ));
        }
    }
    let after = format!("{list}\n{}\n{}", args::AFTER_HELP, tool_overrides(registry));
    let inputs = registry.input_options();
    let flags = |sub: clap::Command, audit_only: bool| {
        inputs
            .iter()
            .filter(|i| !audit_only || i.audit)
            .fold(sub, |sub, i| sub.arg(input_arg(i)))
    };
    Cli::command()
        .after_help(after)
        .mut_subcommand("build", |b| flags(b.after_help(list), false))
        .mut_subcommand("audit", |a| flags(a, true))
        .mut_subcommand("tool", |t| t.after_help(tool_commands(registry)))
}

/// The environment variables that say where the registered categories' tools are, one a line.
fn tool_overrides(registry: &Registry) -> String {
    registry
        .tools()
        .iter()
        .map(|t| format!("  {:<26} {}", t.what.env_override, t.what.label()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The clap argument of a category's declared input flag.
fn input_arg(input: &InputOption) -> clap::Arg {
    let arg = clap::Arg::new(input.flag)
        .long(input.flag)
        .value_name(input.value_name)
        .help(input.help)
        .value_parser(clap::value_parser!(PathBuf));
    if input.multiple {
        arg.value_delimiter(',').action(clap::ArgAction::Append)
    } else {
        arg.action(clap::ArgAction::Set)
    }
}

/// The declared input flags given on the command line of `sub` (`build` or `audit`).
fn given_inputs(
    matches: &clap::ArgMatches,
    sub: &str,
    registry: &Registry,
) -> Vec<(String, Vec<PathBuf>)> {
    let Some(m) = matches.subcommand_matches(sub) else {
        return Vec::new();
    };
    registry
        .input_options()
        .iter()
        .filter_map(|i| {
            let values = m.try_get_many::<PathBuf>(i.flag).ok().flatten()?;
            Some((i.flag.to_string(), values.cloned().collect()))
        })
        .collect()
}

/// Run the CLI with `args` (including the program name) and `registry`.
pub fn run<I, T>(args: I, registry: &Registry) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    ExitCode::from(run_code(args, registry))
}

/// [`run`], returning the exit code as a number (for tests).
pub fn run_code<I, T>(args: I, registry: &Registry) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let parsed = help_with_categories(registry)
        .try_get_matches_from(&args)
        .and_then(|m| {
            let mut cli = Cli::from_arg_matches(&m)?;
            match &mut cli.command {
                Command::Build(b) => b.given = given_inputs(&m, "build", registry),
                Command::Audit(a) => a.given = given_inputs(&m, "audit", registry),
                _ => {}
            }
            Ok(cli)
        });
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let command_line: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    match dispatch(cli, registry, command_line) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            exit::FAILED
        }
    }
}

fn dispatch(cli: Cli, registry: &Registry, command_line: Vec<String>) -> Result<u8> {
    let tools = Tools::new();
    match cli.command {
        Command::Build(b) => build::run(b, registry, &tools, command_line, cli.quiet),
        Command::Validate { dir } => {
            let report = equibench_core::validate::validate(&dir, registry)
                .with_context(|| format!("reading {}", dir.display()))?;
            for p in &report.problems {
                println!("{p}");
            }
            let counts: Vec<String> = report
                .per_category
                .iter()
                .map(|(c, b)| format!("{c} {}+{}", b.equivalent, b.inequivalent))
                .collect();
            if report.ok() {
                println!("valid: {} pairs ({})", report.lines, counts.join(", "));
                Ok(exit::OK)
            } else {
                println!(
                    "INVALID: {} problem(s) in {} line(s) ({})",
                    report.problems.len(),
                    report.lines,
                    counts.join(", ")
                );
                Ok(exit::FAILED)
            }
        }
        Command::Audit(a) => audit::run(a, registry, &tools, cli.quiet),
        Command::Stats { dir, json } => {
            let pairs = equibench_core::output::read_pairs(&dir)?;
            let stats = equibench_core::stats::compute(&pairs);
            if json {
                // Through a Value, whose objects order keys as they always have.
                let v = serde_json::to_value(&stats)?;
                println!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                print!("{}", equibench_core::stats::render(&stats));
            }
            Ok(exit::OK)
        }
        Command::Shortcuts(a) => shortcuts::run(a, registry),
        Command::Prompts { dir, out } => {
            let pairs = equibench_core::output::read_pairs(&dir)?;
            let mut text = String::new();
            for p in &pairs {
                let descriptor = registry.descriptor(p.category).with_context(|| {
                    format!(
                        "pair {} is of category `{}`, which this build of equibench does not have ({}): its prompt layout is unknown",
                        p.id,
                        p.category,
                        registry.cli_names().join(", ")
                    )
                })?;
                text.push_str(&serde_json::to_string(
                    &equibench_core::prompts::prompt_record(p, descriptor),
                )?);
                text.push('\n');
            }
            match out {
                Some(path) => {
                    std::fs::write(&path, text)
                        .with_context(|| format!("writing {}", path.display()))?;
                    eprintln!("wrote {} prompts to {}", pairs.len(), path.display());
                }
                None => std::io::stdout().write_all(text.as_bytes())?,
            }
            Ok(exit::OK)
        }
        Command::Eval(a) => eval::run(a, registry, cli.quiet),
        Command::Report { dir, out, eval } => {
            let out = out.unwrap_or_else(|| equibench_report::default_out(&dir));
            let runs = eval::report_runs(&dir, &eval, registry)?;
            let w = equibench_report::write_report_full(
                &dir,
                &out,
                &|p| shortcuts::category_features(registry, p),
                &runs,
            )?;
            println!(
                "report of {} pairs: {} files; open {}",
                w.pairs,
                w.files,
                w.index.display()
            );
            Ok(exit::OK)
        }
        Command::Merge { dirs, out } => {
            let m = equibench_core::merge::merge(&dirs, &out, command_line, registry)?;
            // The merged output gets the datasheet an unsharded build would have written.
            equibench_core::datasheet::write(&out, registry, &tools)
                .with_context(|| format!("writing the datasheet into {}", out.display()))?;
            println!(
                "merged {} shard(s) ({}) into {}: {} pairs, sha256 {}",
                dirs.len(),
                m.shards.join(", "),
                out.display(),
                m.total_pairs,
                m.pairs_sha256
            );
            Ok(exit::OK)
        }
        Command::Export(a) => export::run(a, registry),
        Command::Import { export, out } => export::import(&export, &out),
        Command::Doctor => Ok(doctor(registry, &tools, &mut std::io::stdout().lock())),
        Command::Tool(t) => tool(t, registry, &tools),
    }
}

/// `equibench tool CATEGORY COMMAND ARGS...`: a command a category declares, found through the
/// registry; the command parses its own arguments and chooses its exit code.
fn tool(t: args::ToolArgs, registry: &Registry, tools: &Tools) -> Result<u8> {
    let args::ToolCall::Run(words) = t.call;
    let mut words = words.into_iter();
    let category = words.next().unwrap_or_default();
    let category = category.to_string_lossy();
    let Some(name) = words.next() else {
        anyhow::bail!(
            "`equibench tool {category}` needs a command\n{}",
            tool_commands(registry)
        );
    };
    let name = name.to_string_lossy();
    let command = registry.command(&category, &name)?;
    let data_dir = data_dir(t.data_dir, registry);
    let mut args = vec![std::ffi::OsString::from(format!(
        "equibench tool {category} {name}"
    ))];
    args.extend(words);
    let env = equibench_core::CommandEnv {
        tools,
        data_dir: &data_dir,
    };
    (command.run)(&args, &env).map_err(|e| anyhow::anyhow!(e))
}

/// The commands categories add, one a line, for `equibench tool --help`.
fn tool_commands(registry: &Registry) -> String {
    let mut out = String::from("Commands (`equibench tool CATEGORY COMMAND --help` for one):\n");
    let mut commands = registry.commands();
    commands.sort_by_key(|(_, c)| c.name);
    // A command several categories share (one corpus, one judge) is listed once.
    let mut seen: Vec<(&str, Vec<&str>, &str)> = Vec::new();
    for (category, command) in commands {
        let cli = registry.descriptor(category).map_or("?", |d| d.cli_name);
        match seen
            .iter_mut()
            .find(|(n, _, a)| *n == command.name && *a == command.about)
        {
            Some((_, cats, _)) => cats.push(cli),
            None => seen.push((command.name, vec![cli], command.about)),
        }
    }
    for (name, cats, about) in seen {
        out.push_str(&format!("  {} {name}: {about}\n", cats.join("|")));
    }
    out
}

/// `equibench doctor`: the tools and virtualenv packages the registered categories declare (and
/// the packages that read the exports), which were found (with version and location) and how to
/// install what is missing, and which categories (or export formats) need each (written to `out`).
pub fn doctor(registry: &Registry, tools: &Tools, out: &mut dyn Write) -> u8 {
    let needed_by = |by: &[equibench_core::CategoryName], role: Option<&str>| {
        let cats: Vec<&str> = by
            .iter()
            .filter_map(|c| registry.descriptor(*c))
            .map(|d| d.cli_name)
            .collect();
        let role = role.map(|r| format!("{r}, ")).unwrap_or_default();
        format!("{role}for {}", cats.join(", "))
    };
    // Found: name, version, where, note. Missing: name, the error, note.
    let mut found: Vec<[String; 4]> = Vec::new();
    let mut missing: Vec<[String; 3]> = Vec::new();
    for t in registry.tools() {
        let note = needed_by(&t.by, t.what.role);
        match tools.get(t.what) {
            Ok(info) => found.push([
                t.what.name.into(),
                info.version,
                info.path.display().to_string(),
                note,
            ]),
            Err(e) => missing.push([t.what.name.into(), e.to_string(), note]),
        }
    }
    for p in registry.venv_packages() {
        let note = needed_by(&p.by, None);
        match tools.venv_package(p.what) {
            Ok(v) => found.push([
                p.what.name.into(),
                v.version,
                "virtualenv package".into(),
                note,
            ]),
            Err(e) => missing.push([p.what.name.into(), e.to_string(), note]),
        }
    }
    // The packages that read the exports (equibench writes them without Python).
    for (package, format) in equibench_export::venv::packages() {
        let note = format!("reads `export --format {format}`");
        match tools.venv_package(package) {
            Ok(v) => found.push([
                package.name.into(),
                v.version,
                "virtualenv package".into(),
                note,
            ]),
            Err(e) => missing.push([package.name.into(), e.to_string(), note]),
        }
    }
    let width = |i: usize| found.iter().map(|r| r[i].len()).max().unwrap_or(0);
    let (w0, w1, w2) = (width(0), width(1), width(2));
    for [name, version, place, note] in &found {
        let _ = writeln!(
            out,
            "ok       {name:<w0$}  {version:<w1$}  {place:<w2$}  {note}"
        );
    }
    for [name, error, note] in &missing {
        let _ = writeln!(out, "MISSING  {name:<w0$}  ({note}) {error}");
    }
    let missing = missing.len();
    if missing == 0 {
        exit::OK
    } else {
        exit::FAILED
    }
}

/// Where the embedded default inputs live: `--data-dir`, `EQUIBENCH_DATA`, `./data` when run from a
/// checkout (it holds a folder some registered category reads), else the checkout this binary was
/// built from.
pub(crate) fn data_dir(flag: Option<PathBuf>, registry: &Registry) -> PathBuf {
    if let Some(d) = flag {
        return d;
    }
    if let Some(d) = std::env::var_os("EQUIBENCH_DATA") {
        return PathBuf::from(d);
    }
    let local = PathBuf::from("data");
    if registry
        .data_folders()
        .iter()
        .any(|f| local.join(f).is_dir())
    {
        // Absolute, because categories run tools in scratch directories.
        return std::fs::canonicalize(&local).unwrap_or(local);
    }
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data"))
}

pub(crate) fn inputs(
    given: Vec<(String, Vec<PathBuf>)>,
    data: Option<PathBuf>,
    registry: &Registry,
) -> Inputs {
    given.into_iter().fold(
        Inputs::new(data_dir(data, registry)),
        |inputs, (flag, paths)| inputs.with(&flag, paths),
    )
}
