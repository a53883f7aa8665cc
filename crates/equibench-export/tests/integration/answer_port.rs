//! The Python port of `equibench eval`'s answer parser (shipped in the lm-eval and Inspect
//! exports) reads every reply as the Rust parser does: every documented reply form of the eval
//! crate's table, and thousands of replies assembled at random from the pieces the parser's rules
//! turn on (verdict words in every case, labels, conditions, negations, retractions, quotes,
//! `<think>` blocks, curly quotes, Unicode and ASCII whitespace the two languages class
//! differently, multi-byte letters). Run by the project virtualenv's Python, as the tools run it.

use equibench_eval::answer;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};

/// `read(reply, finish_reason)` of the Python port for every case, in order.
fn python_reads(cases: &[(String, Option<String>)]) -> Vec<String> {
    let python = equibench_core::tools::venv_dir().join("bin/python");
    let module = equibench_export::python::ANSWER;
    let driver = format!(
        "{module}\n\nimport json, sys\nfor line in sys.stdin:\n    case = json.loads(line)\n    print(json.dumps(read(case[0], case[1])))\n"
    );
    let mut child = Command::new(&python)
        .args(["-c", &driver])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e} (run scripts/setup.sh)", python.display()));
    let mut input = String::new();
    for (reply, finish) in cases {
        input.push_str(&json!([reply, finish]).to_string());
        input.push('\n');
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        out.status.success(),
        "python: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn the_python_port_reads_every_documented_reply_form_as_documented() {
    let forms = answer::forms();
    assert!(forms.len() >= 40);
    let cases: Vec<(String, Option<String>)> = forms
        .iter()
        .map(|f| (f.reply.clone(), f.finish_reason.clone()))
        .collect();
    let got = python_reads(&cases);
    let wrong: Vec<String> = forms
        .iter()
        .zip(&got)
        .filter(|(f, g)| f.expected.as_str() != g.as_str())
        .map(|(f, g)| {
            format!(
                "{}: {:?} read as {g} (documented {})",
                f.form,
                f.reply,
                f.expected.as_str()
            )
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The pieces random replies are made of.
const PIECES: &[&str] = &[
    "YES",
    "NO",
    "yes",
    "no",
    "Yes",
    "No",
    "yEs",
    "nO",
    "The answer is",
    "Answer:",
    "answer",
    "Final answer:",
    "my verdict is",
    "\\boxed{",
    "}",
    "conclusion",
    "**",
    "*",
    "`",
    "```",
    "\"",
    "'",
    "(",
    ")",
    "[",
    "]",
    ":",
    ",",
    ".",
    ";",
    "!",
    "?",
    "-",
    "/",
    "|",
    " or ",
    " and ",
    " nor ",
    "if",
    "unless",
    "otherwise",
    "when",
    "not",
    "never",
    "isn't",
    "cannot",
    "said",
    "earlier",
    "prints",
    "might",
    "Wait,",
    "Actually",
    "let me reconsider",
    "I was wrong",
    "re-evaluate",
    "no-op",
    "yes'",
    "3.5",
    "x",
    "they are equivalent",
    "the programs differ",
    "<think>",
    "</think>",
    "\u{2018}",
    "\u{2019}",
    "\u{201C}",
    "\u{201D}",
    "\u{2026}",
    " ",
    "  ",
    "\t",
    "\n",
    "\n\n",
    "\r\n",
    "\u{a0}",
    "\u{3000}",
    "\u{2028}",
    "\u{b}",
    "\u{1c}",
    "\u{85}",
    "é",
    "İ",
    "ß",
    "Ｙｅｓ",
    "_",
    "#",
    ">",
    "$",
    "~",
    "=",
];

#[test]
fn the_python_port_reads_random_replies_as_the_rust_parser_does() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(39);
    let cases: Vec<(String, Option<String>)> = (0..20_000)
        .map(|_| {
            let n = rng.gen_range(1..14);
            let mut reply = String::new();
            for _ in 0..n {
                reply.push_str(PIECES[rng.gen_range(0..PIECES.len())]);
                if rng.gen_bool(0.4) {
                    reply.push(' ');
                }
            }
            let finish = match rng.gen_range(0..10) {
                0 => Some("length".to_string()),
                1 => None,
                _ => Some("stop".to_string()),
            };
            (reply, finish)
        })
        .collect();
    let got = python_reads(&cases);
    assert_eq!(got.len(), cases.len());
    let mut verdicts = std::collections::BTreeMap::new();
    let mut wrong = Vec::new();
    for ((reply, finish), py) in cases.iter().zip(&got) {
        let rust = answer::read(reply, finish.as_deref()).as_str();
        *verdicts.entry(rust).or_insert(0usize) += 1;
        if rust != py {
            wrong.push(format!("{reply:?} ({finish:?}): Rust {rust}, Python {py}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ, e.g.:\n{}",
        wrong.len(),
        cases.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    // The generator reaches every verdict often enough for the comparison to mean something.
    for v in ["YES", "NO", "unparsed", "truncated"] {
        assert!(verdicts.get(v).copied().unwrap_or(0) > 500, "{verdicts:?}");
    }
}
