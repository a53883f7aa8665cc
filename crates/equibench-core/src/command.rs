//! Commands a category contributes to the command line (`equibench tool CATEGORY COMMAND ...`):
//! a verifier usable on its own, a corpus judge. The CLI lists and dispatches them through the
//! registry, so it names no category and a new category's commands need no edit outside its crate.
//!
//! A command parses its own arguments (the words after its name, `--help` included), so the core
//! and the CLI need not know their shape.

use crate::tools::Tools;
use std::ffi::OsString;
use std::path::Path;

/// What the CLI hands a category's command besides its arguments.
pub struct CommandEnv<'a> {
    /// The tools, probed lazily as the command asks for them.
    pub tools: &'a Tools,
    /// The embedded default inputs (`--data-dir`, `EQUIBENCH_DATA`, `./data` or the checkout's).
    pub data_dir: &'a Path,
}

/// The exit code a command chose, or why it could not run (the CLI prints it and exits 1).
pub type CommandResult = Result<u8, Box<dyn std::error::Error + Send + Sync>>;

/// One command of a category, declared as a static in its crate.
#[derive(Debug, Clone, Copy)]
pub struct ToolCommand {
    /// The word after the category, e.g. `verify`: lowercase, kebab-case.
    pub name: &'static str,
    /// One line for the list in `equibench tool --help`.
    pub about: &'static str,
    /// Run with the words after the command's name; `args[0]` is the command as the user typed it
    /// (`equibench tool x verify`), for its usage line. Returns the exit code.
    pub run: fn(args: &[OsString], env: &CommandEnv) -> CommandResult,
}
