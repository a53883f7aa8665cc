use super::descriptor::{PLAIN, REGS, STATED};
use equibench_core::category::*;
use equibench_core::command::ToolCommand;
use equibench_core::descriptor::CategoryDescriptor;
use equibench_core::pair::Pair;
use equibench_core::tools::{ToolSpec, Tools};
use equibench_core::InputOption;
use std::path::{Path, PathBuf};

/// A category that only describes itself (and may add commands), for registry tests.
struct Described(
    &'static CategoryDescriptor,
    Vec<&'static ToolSpec>,
    Vec<&'static ToolCommand>,
);

fn described(d: &'static CategoryDescriptor, tools: Vec<&'static ToolSpec>) -> Described {
    Described(d, tools, Vec::new())
}

impl Category for Described {
    fn descriptor(&self) -> &CategoryDescriptor {
        self.0
    }
    fn required_tools(&self) -> Vec<&'static ToolSpec> {
        self.1.clone()
    }
    fn commands(&self) -> Vec<&'static ToolCommand> {
        self.2.clone()
    }
    fn generate(
        &self,
        _: &BuildContext,
        _: Balance,
        _: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        Ok(Report::default())
    }
    fn audit(&self, _: &Pair, _: &AuditContext) -> Verdict {
        Verdict::Inconclusive(String::new())
    }
}

const CORPUS: InputOption = InputOption {
    flag: "corpus",
    value_name: "DIR",
    help: "a corpus",
    multiple: false,
    audit: true,
};
static WITH_CORPUS: CategoryDescriptor = CategoryDescriptor {
    inputs: &[CORPUS],
    ..PLAIN
};
static SHARES_CORPUS: CategoryDescriptor = CategoryDescriptor {
    inputs: &[CORPUS],
    ..STATED
};
static CORPUS_AS_LIST: CategoryDescriptor = CategoryDescriptor {
    inputs: &[InputOption {
        multiple: true,
        ..CORPUS
    }],
    ..REGS
};
static BAD_FLAG: CategoryDescriptor = CategoryDescriptor {
    inputs: &[InputOption {
        flag: "Corpus_Dir",
        ..CORPUS
    }],
    ..REGS
};

#[test]
fn categories_share_an_input_flag_only_when_they_declare_it_alike() {
    let mut r = Registry::new();
    r.register(Box::new(described(&WITH_CORPUS, vec![])));
    r.register(Box::new(described(&SHARES_CORPUS, vec![])));
    assert_eq!(r.input_options(), vec![CORPUS], "listed once");
    let clash = r.try_register(Box::new(described(&CORPUS_AS_LIST, vec![])));
    assert!(
        matches!(clash, Err(RegistryError::InputClash { ref flag, .. }) if flag == "corpus"),
        "{:?}",
        clash.err()
    );
    let bad = Registry::new()
        .try_register(Box::new(described(&BAD_FLAG, vec![])))
        .err()
        .map(|e| e.to_string());
    assert!(
        bad.as_deref().is_some_and(|e| e.contains("Corpus_Dir")),
        "{bad:?}"
    );
}

#[test]
fn declared_tools_are_listed_once_and_must_agree() {
    use equibench_core::tools::{Install, Location, VersionRule};
    static ENV: ToolSpec = ToolSpec {
        name: "env",
        role: None,
        env_override: "EQUIBENCH_TEST_ENV",
        candidates: &[Location::Path("env")],
        version_arg: "--version",
        version: VersionRule::After(""),
        install: Install::Debian("coreutils"),
    };
    static ENV_ELSEWHERE: ToolSpec = ToolSpec {
        candidates: &[Location::Path("/opt/env")],
        ..ENV
    };
    let mut r = Registry::new();
    r.register(Box::new(described(
        &PLAIN,
        vec![&ENV, &equibench_core::tools::VENV_PYTHON],
    )));
    r.register(Box::new(described(&STATED, vec![&ENV])));
    let tools = r.tools();
    assert_eq!(tools.len(), 2, "{tools:?}");
    assert_eq!(tools[0].what, &ENV);
    assert_eq!(tools[0].by, vec![PLAIN.id(), STATED.id()]);
    assert_eq!(tools[1].by, vec![PLAIN.id()]);
    let clash = r.try_register(Box::new(described(&REGS, vec![&ENV_ELSEWHERE])));
    assert!(
        matches!(clash, Err(RegistryError::ToolClash { ref tool, .. }) if tool == "env"),
        "{:?}",
        clash.err()
    );
}

#[test]
fn commands_are_found_through_any_spelling_of_their_category() {
    use equibench_core::command::{CommandEnv, CommandResult};
    fn answer(args: &[std::ffi::OsString], _: &CommandEnv) -> CommandResult {
        Ok(args.len() as u8)
    }
    static ANSWER: ToolCommand = ToolCommand {
        name: "answer",
        about: "exits with the number of its arguments",
        run: answer,
    };
    let mut r = Registry::new();
    r.register(Box::new(described(&PLAIN, vec![])));
    r.register(Box::new(Described(&REGS, vec![], vec![&ANSWER])));
    assert_eq!(r.commands().len(), 1);
    assert_eq!(r.commands()[0].0, REGS.id());
    let found = r.command(REGS.harness_dir, "answer").expect("found");
    let env = CommandEnv {
        tools: &Tools::new(),
        data_dir: Path::new("data"),
    };
    let args = ["x".into(), "y".into()];
    assert_eq!((found.run)(&args, &env).expect("runs"), 2);
    assert!(matches!(
        r.command(PLAIN.cli_name, "answer"),
        Err(UnknownCommand::Command { ref known, .. }) if known == "none"
    ));
    assert!(matches!(
        r.command("nonesuch", "answer"),
        Err(UnknownCommand::Category(_))
    ));
}

#[test]
fn inputs_keep_the_paths_given_per_flag() {
    let inputs = Inputs::new(PathBuf::from("data"))
        .with("corpus", vec![PathBuf::from("a")])
        .with("libs", vec![PathBuf::from("x.so"), PathBuf::from("y.so")])
        .with("unused", vec![]);
    assert_eq!(inputs.path("corpus"), Some(Path::new("a")));
    assert_eq!(inputs.paths("libs").len(), 2);
    assert_eq!(inputs.path("unused"), None);
    assert_eq!(
        inputs.given().keys().collect::<Vec<_>>(),
        ["corpus", "libs"],
        "a flag given with no path is not recorded"
    );
}
