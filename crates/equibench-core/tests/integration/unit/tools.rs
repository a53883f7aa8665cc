use equibench_core::tools::*;

/// A tool every machine running the suite has (the shell), declared like a category's.
static SH: ToolSpec = ToolSpec {
    name: "sh",
    role: None,
    env_override: "EQUIBENCH_TEST_SH",
    candidates: &[Location::Path("sh")],
    version_arg: "--version",
    version: VersionRule::After(""),
    install: Install::Debian("dash"),
};

#[test]
fn parses_real_version_banners() {
    let after = |marker, text| parse_version(VersionRule::After(marker), text);
    assert_eq!(
        after(
            "clang version",
            "Debian clang version 19.1.7 (3~deb12u1)\nTarget: x86_64"
        )
        .as_deref(),
        Some("19.1.7")
    );
    assert_eq!(
        parse_version(
            VersionRule::LastWord,
            "gcc (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright"
        )
        .as_deref(),
        Some("12.2.0")
    );
    assert_eq!(
        after("", "csmith 2.3.0\nGit version: 30dccd7").as_deref(),
        Some("2.3.0")
    );
    assert_eq!(
        after("version", "Z3 version 4.8.12 - 64 bit").as_deref(),
        Some("4.8.12")
    );
    assert_eq!(
        after(
            "version",
            "This is cvc5 version 1.0.3\ncompiled with GCC version 12.2.0"
        )
        .as_deref(),
        Some("1.0.3")
    );
    assert_eq!(after("", "Python 3.11.7").as_deref(), Some("3.11.7"));
    assert_eq!(after("clang version", "no banner at all"), None);
    let integer_after_version = |text: &str| {
        let rest = text.split("version ").nth(1)?;
        let number: String = rest.chars().take_while(char::is_ascii_digit).collect();
        (!number.is_empty()).then_some(number)
    };
    let custom = VersionRule::Custom {
        reader: "integer after version",
        read: integer_after_version,
    };
    assert_eq!(
        parse_version(custom, "wasm-opt version 108").as_deref(),
        Some("108")
    );
    assert_eq!(parse_version(custom, "wasm-opt"), None);
}

#[test]
fn missing_tool_names_itself_its_override_and_what_installs_it() {
    // The override points nowhere, so the lookup must fail with a helpful message.
    let err = probe_from(&SH, Some("/nonexistent/sh".into())).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("sh not found"), "{msg}");
    assert!(msg.contains(SETUP_COMMAND), "{msg}");
    assert!(msg.contains("apt-get install dash"), "{msg}");
    assert!(msg.contains("EQUIBENCH_TEST_SH"), "{msg}");
    let err = probe_from(&VENV_PYTHON, Some("/nonexistent/python".into())).unwrap_err();
    assert!(err.to_string().contains("project virtualenv"), "{err}");
}

#[test]
fn a_tool_is_found_through_its_candidates_once_and_its_version_read() {
    static TRUE: ToolSpec = ToolSpec {
        name: "true",
        env_override: "EQUIBENCH_TEST_TRUE",
        candidates: &[Location::Path("/nonexistent/true"), Location::Path("true")],
        install: Install::Debian("coreutils"),
        ..SH
    };
    // Asked for its help instead, it reports no version: found, but unusable.
    static TRUE_HELP: ToolSpec = ToolSpec {
        version_arg: "--help",
        env_override: "EQUIBENCH_TEST_TRUE_HELP",
        ..TRUE
    };
    let tools = Tools::new();
    let info = tools.get(&TRUE).unwrap_or_else(|e| panic!("{e}"));
    assert!(info.path.ends_with("true"), "{info:?}");
    assert!(
        info.version.starts_with(|c: char| c.is_ascii_digit()),
        "{info:?}"
    );
    assert_eq!(info.record().name, "true");
    assert_eq!(tools.get(&TRUE).unwrap(), info);
    let err = tools.get(&TRUE_HELP).unwrap_err().to_string();
    assert!(err.contains("did not report a version"), "{err}");
    assert!(err.contains("coreutils"), "{err}");
    assert_eq!(tools.lookups(), 2, "one lookup per tool");
}

#[test]
fn declarations_clash_only_when_they_differ_under_one_identity() {
    static SAME: ToolSpec = ToolSpec { ..SH };
    static OTHER_PATH: ToolSpec = ToolSpec {
        candidates: &[Location::Path("/bin/sh")],
        ..SH
    };
    static OTHER_TOOL: ToolSpec = ToolSpec {
        name: "bash",
        env_override: "EQUIBENCH_TEST_BASH",
        ..SH
    };
    assert!(!SH.clashes_with(&SAME));
    assert!(SH.clashes_with(&OTHER_PATH));
    assert!(!SH.clashes_with(&OTHER_TOOL));
    assert_eq!(VENV_PYTHON.label(), "python (project virtualenv)");
}
