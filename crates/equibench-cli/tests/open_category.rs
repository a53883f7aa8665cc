//! A category that lives entirely outside the core (issue 18): 64-bit arithmetic expressions,
//! equivalent by a z3 proof, inequivalent by a counterexample that z3 finds and Rust re-evaluates.
//! It is registered in one line and then built, validated, audited, summarised, prompted, sharded
//! and merged, reported and documented by the same library code as the six EquiBench categories,
//! which only ever see its descriptor. It declares a tool of its own (its z3, under its own
//! environment override) and a package of the project virtualenv, and `doctor`, `--help`, the
//! manifest and the datasheet show them with no edit outside this file.

use equibench_core::pair::tagged;
use equibench_core::seed::{derive_seed, rng};
use equibench_core::{
    AuditContext, Balance, BuildContext, Category, CategoryDatasheet, CategoryDescriptor,
    CategoryError, ContextField, InputOption, Install, Location, Pair, PairDraft, PairSink,
    Provenance, Registry, Report, ToolSpec, Tools, VenvPackage, Verdict, VersionRule,
};
use rand::Rng;
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Expressions over the unsigned 64-bit variables `x` and `y`, arithmetic modulo 2^64.
#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Var(usize),
    Const(u64),
    Not(Box<Expr>),
    Shl(Box<Expr>, u32),
    Bin(Op, Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Op {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

const OPS: [(Op, &str, &str); 6] = [
    (Op::Add, "+", "bvadd"),
    (Op::Sub, "-", "bvsub"),
    (Op::Mul, "*", "bvmul"),
    (Op::And, "&", "bvand"),
    (Op::Or, "|", "bvor"),
    (Op::Xor, "^", "bvxor"),
];
const VARS: [&str; 2] = ["x", "y"];

fn bin(op: Op, a: Expr, b: Expr) -> Expr {
    Expr::Bin(op, Box::new(a), Box::new(b))
}

fn symbol(op: Op) -> &'static str {
    OPS.iter()
        .find(|o| o.0 == op)
        .expect("every op is listed")
        .1
}

impl Expr {
    fn eval(&self, env: [u64; 2]) -> u64 {
        match self {
            Expr::Var(v) => env[*v],
            Expr::Const(c) => *c,
            Expr::Not(a) => !a.eval(env),
            Expr::Shl(a, k) => a.eval(env) << k,
            Expr::Bin(op, a, b) => {
                let (a, b) = (a.eval(env), b.eval(env));
                match op {
                    Op::Add => a.wrapping_add(b),
                    Op::Sub => a.wrapping_sub(b),
                    Op::Mul => a.wrapping_mul(b),
                    Op::And => a & b,
                    Op::Or => a | b,
                    Op::Xor => a ^ b,
                }
            }
        }
    }

    fn text(&self) -> String {
        match self {
            Expr::Var(v) => VARS[*v].into(),
            Expr::Const(c) => c.to_string(),
            Expr::Not(a) => format!("~{}", a.text()),
            Expr::Shl(a, k) => format!("({} << {k})", a.text()),
            Expr::Bin(op, a, b) => format!("({} {} {})", a.text(), symbol(*op), b.text()),
        }
    }

    fn smt(&self) -> String {
        match self {
            Expr::Var(v) => VARS[*v].into(),
            Expr::Const(c) => format!("(_ bv{c} 64)"),
            Expr::Not(a) => format!("(bvnot {})", a.smt()),
            Expr::Shl(a, k) => format!("(bvshl {} (_ bv{k} 64))", a.smt()),
            Expr::Bin(op, a, b) => {
                let name = OPS.iter().find(|o| o.0 == *op).expect("listed").2;
                format!("({name} {} {})", a.smt(), b.smt())
            }
        }
    }

    /// Every subexpression, outermost first, by path (child indices).
    fn paths(&self) -> Vec<Vec<usize>> {
        let mut out = vec![vec![]];
        let children: Vec<&Expr> = match self {
            Expr::Not(a) | Expr::Shl(a, _) => vec![a],
            Expr::Bin(_, a, b) => vec![a, b],
            _ => vec![],
        };
        for (i, c) in children.into_iter().enumerate() {
            for mut p in c.paths() {
                p.insert(0, i);
                out.push(p);
            }
        }
        out
    }

    fn at_mut(&mut self, path: &[usize]) -> &mut Expr {
        match (self, path.split_first()) {
            (e, None) => e,
            (Expr::Not(a) | Expr::Shl(a, _), Some((_, rest))) => a.at_mut(rest),
            (Expr::Bin(_, a, b), Some((i, rest))) => {
                if *i == 0 {
                    a.at_mut(rest)
                } else {
                    b.at_mut(rest)
                }
            }
            (e, Some(_)) => e,
        }
    }
}

/// The program text of an expression: what the model is shown.
fn program(e: &Expr) -> String {
    format!("{}\n", e.text())
}

/// Parse a program back (the audit trusts the text, never the builder's tree).
fn parse(text: &str) -> Result<Expr, String> {
    let tokens: Vec<String> = {
        let mut t = Vec::new();
        let mut chars = text.trim().chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                ' ' | '\n' => {}
                '<' => {
                    if chars.next() != Some('<') {
                        return Err("lone `<`".into());
                    }
                    t.push("<<".into());
                }
                c if c.is_ascii_alphanumeric() => {
                    let mut s = c.to_string();
                    while let Some(d) = chars.peek().copied().filter(char::is_ascii_alphanumeric) {
                        s.push(d);
                        chars.next();
                    }
                    t.push(s);
                }
                c => t.push(c.to_string()),
            }
        }
        t
    };
    fn expr(t: &[String], i: &mut usize) -> Result<Expr, String> {
        let tok = t.get(*i).ok_or("unexpected end")?.clone();
        *i += 1;
        match tok.as_str() {
            "~" => Ok(Expr::Not(Box::new(expr(t, i)?))),
            "(" => {
                let a = expr(t, i)?;
                let op = t.get(*i).ok_or("unexpected end")?.clone();
                *i += 1;
                let e = if op == "<<" {
                    let k: u32 = t
                        .get(*i)
                        .and_then(|s| s.parse().ok())
                        .ok_or("shift count")?;
                    *i += 1;
                    Expr::Shl(Box::new(a), k)
                } else {
                    let op = OPS
                        .iter()
                        .find(|o| o.1 == op)
                        .ok_or_else(|| format!("unknown operator `{op}`"))?
                        .0;
                    bin(op, a, expr(t, i)?)
                };
                if t.get(*i).map(String::as_str) != Some(")") {
                    return Err("missing `)`".into());
                }
                *i += 1;
                Ok(e)
            }
            v if VARS.contains(&v) => Ok(Expr::Var(VARS.iter().position(|x| *x == v).unwrap())),
            n => n
                .parse()
                .map(Expr::Const)
                .map_err(|_| format!("bad token `{n}`")),
        }
    }
    let mut i = 0;
    let e = expr(&tokens, &mut i)?;
    if i != tokens.len() {
        return Err("trailing tokens".into());
    }
    Ok(e)
}

fn random_expr(r: &mut impl Rng, depth: u32) -> Expr {
    if depth == 0 || r.gen_bool(0.2) {
        return if r.gen_bool(0.75) {
            Expr::Var(r.gen_range(0..2))
        } else {
            Expr::Const(r.gen_range(1..16))
        };
    }
    match r.gen_range(0..10) {
        0 => Expr::Not(Box::new(random_expr(r, depth - 1))),
        1 => Expr::Shl(Box::new(random_expr(r, depth - 1)), r.gen_range(1..4)),
        _ => bin(
            OPS[r.gen_range(0..OPS.len())].0,
            random_expr(r, depth - 1),
            random_expr(r, depth - 1),
        ),
    }
}

/// An identity of modular arithmetic applied at one node (the meaning is kept).
fn rewrite(e: &Expr) -> Option<Expr> {
    let two = |a: &Expr| Expr::Shl(Box::new(a.clone()), 1);
    Some(match e {
        Expr::Bin(Op::Add, a, b) => bin(
            Op::Add,
            bin(Op::Xor, (**a).clone(), (**b).clone()),
            two(&bin(Op::And, (**a).clone(), (**b).clone())),
        ),
        Expr::Bin(Op::Xor, a, b) => bin(
            Op::Sub,
            bin(Op::Or, (**a).clone(), (**b).clone()),
            bin(Op::And, (**a).clone(), (**b).clone()),
        ),
        Expr::Bin(Op::Sub, a, b) => bin(
            Op::Add,
            (**a).clone(),
            bin(Op::Add, Expr::Not(b.clone()), Expr::Const(1)),
        ),
        Expr::Bin(Op::Or, a, b) => bin(
            Op::Add,
            bin(Op::Xor, (**a).clone(), (**b).clone()),
            bin(Op::And, (**a).clone(), (**b).clone()),
        ),
        Expr::Bin(Op::And, a, b) => Expr::Not(Box::new(bin(
            Op::Or,
            Expr::Not(a.clone()),
            Expr::Not(b.clone()),
        ))),
        Expr::Shl(a, k) => bin(Op::Mul, (**a).clone(), Expr::Const(1 << k)),
        Expr::Bin(Op::Mul, a, b) => bin(Op::Mul, (**b).clone(), (**a).clone()),
        _ => return None,
    })
}

/// A small change of one node that usually changes the meaning (z3 decides).
fn mutate(e: &Expr, r: &mut impl Rng) -> Option<Expr> {
    Some(match e {
        Expr::Bin(op, a, b) => {
            let others: Vec<Op> = OPS.iter().map(|o| o.0).filter(|o| o != op).collect();
            Expr::Bin(others[r.gen_range(0..others.len())], a.clone(), b.clone())
        }
        Expr::Const(c) => Expr::Const(c + 1),
        Expr::Shl(a, k) => Expr::Shl(a.clone(), k + 1),
        Expr::Var(v) => Expr::Var(1 - v),
        Expr::Not(a) => (**a).clone(),
    })
}

/// What z3 says about `a != b` for some x, y: `None` when no such input exists (a proof of
/// equivalence), else the counterexample.
fn z3_distinct(z3: &Path, a: &Expr, b: &Expr) -> Result<Option<[u64; 2]>, String> {
    let script = format!(
        "(set-option :produce-models true)\n(declare-const x (_ BitVec 64))\n(declare-const y (_ BitVec 64))\n\
         (assert (distinct {} {}))\n(check-sat)\n(get-value (x y))\n",
        a.smt(),
        b.smt()
    );
    let mut child = Command::new(z3)
        .args(["-in", "-smt2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run z3: {e}"))?;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(script.as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    match text.lines().next() {
        Some("unsat") => Ok(None),
        Some("sat") => {
            let values: Vec<u64> = text
                .split("#x")
                .skip(1)
                .filter_map(|s| u64::from_str_radix(&s[..16.min(s.len())], 16).ok())
                .collect();
            match values[..] {
                [x, y] => Ok(Some([x, y])),
                _ => Err(format!("unreadable model: {text}")),
            }
        }
        other => Err(format!("z3 answered {other:?}")),
    }
}

/// The category's own z3: found through `EQUIBENCH_EXPR_Z3` (no other category declares it).
static EXPR_Z3: ToolSpec = ToolSpec {
    name: "z3",
    role: Some("expression prover"),
    env_override: "EQUIBENCH_EXPR_Z3",
    candidates: &[Location::Path("z3")],
    version_arg: "--version",
    version: VersionRule::After("version"),
    install: Install::Debian("z3"),
};

/// A package of the project virtualenv whose version every pair records (scripts/setup.sh installs
/// it; no other category declares it).
static MINIFIER: VenvPackage = VenvPackage {
    name: "python-minifier",
    pip: "python-minifier==3.4.0",
};

static EXPR: CategoryDescriptor = CategoryDescriptor {
    name: "EXPR",
    cli_name: "expr",
    aliases: &["arith"],
    harness_dir: "EXPR",
    language: "Expr64",
    summary: "64-bit arithmetic expressions: z3 proofs and z3 counterexamples (a test category)",
    definition: "for all unsigned 64-bit values of {vars}, the two expressions evaluate to the same value (arithmetic modulo 2^64).",
    context: &[ContextField {
        key: "vars",
        doc: "the variables the expressions read",
        required: true,
        harness_field: Some("problem_vars"),
    }],
    problem_statement: None,
    prompt_template: None,
    inputs: &[InputOption {
        flag: "expr-trace",
        value_name: "DIR",
        help: "write one line per emitted pair into DIR/block-N.txt",
        multiple: false,
        audit: false,
    }],
};

struct ExprCategory;

impl Category for ExprCategory {
    fn descriptor(&self) -> &CategoryDescriptor {
        &EXPR
    }

    fn block_size(&self) -> usize {
        2
    }

    fn required_tools(&self) -> Vec<&'static ToolSpec> {
        vec![&EXPR_Z3]
    }

    fn venv_packages(&self) -> Vec<&'static VenvPackage> {
        vec![&MINIFIER]
    }

    fn generate(
        &self,
        ctx: &BuildContext,
        _want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        let z3 = ctx.tools.get(&EXPR_Z3)?;
        let minifier = ctx.tools.venv_package(&MINIFIER)?;
        let block_seed = ctx.block_seed(self.name());
        for attempt in 0..200u32 {
            if sink.remaining().is_zero() {
                break;
            }
            let seed = derive_seed(block_seed, &["candidate", &attempt.to_string()]);
            let mut r = rng(seed, &[]);
            let original = random_expr(&mut r, 3);
            let paths = original.paths();
            let path = &paths[r.gen_range(0..paths.len())];
            let want_equivalent = sink.remaining().inequivalent == 0
                || (sink.remaining().equivalent > 0 && r.gen_bool(0.5));
            let mut changed = original.clone();
            let node = changed.at_mut(path);
            let replacement = if want_equivalent {
                rewrite(node)
            } else {
                mutate(node, &mut r)
            };
            let Some(replacement) = replacement else {
                sink.reject("no-rewrite-applies");
                continue;
            };
            *node = replacement;
            let verdict =
                z3_distinct(&z3.path, &original, &changed).map_err(CategoryError::Failed)?;
            let evidence = match (want_equivalent, verdict) {
                (true, None) => tagged(
                    "z3-unsat",
                    json!({"solver": z3.record(), "query": "(distinct program_1 program_2)"}),
                ),
                (false, Some(env)) if original.eval(env) != changed.eval(env) => tagged(
                    "counterexample",
                    json!({"x": env[0], "y": env[1],
                           "value_1": original.eval(env), "value_2": changed.eval(env)}),
                ),
                (true, Some(_)) => {
                    sink.reject("rewrite-refuted");
                    continue;
                }
                _ => {
                    sink.reject("mutant-equivalent");
                    continue;
                }
            };
            let mut context = serde_json::Map::new();
            context.insert("vars".into(), json!("x y"));
            let draft = PairDraft {
                equivalent: want_equivalent,
                program_1: program(&original),
                program_2: program(&changed),
                context,
                provenance: Provenance {
                    pipeline: "open-category test".into(),
                    tools: vec![z3.record(), minifier.clone()],
                    seed: ctx.seed,
                    source: tagged("random-expression", json!({"candidate_seed": seed})),
                    transformation: if want_equivalent {
                        "one identity of modular arithmetic applied".into()
                    } else {
                        "one operator, constant or variable changed".into()
                    },
                    evidence,
                },
            };
            if let Some(dir) = ctx.inputs.path("expr-trace") {
                let file = dir.join(format!("block-{}.txt", ctx.block.index));
                let mut text = std::fs::read_to_string(&file).unwrap_or_default();
                text.push_str(&format!("{}\n", draft.program_2));
                std::fs::write(&file, text).map_err(|e| CategoryError::Failed(e.to_string()))?;
            }
            sink.emit(draft.finish(&EXPR))?;
        }
        Ok(Report::default())
    }

    fn audit(&self, pair: &Pair, ctx: &AuditContext) -> Verdict {
        let (a, b) = match (parse(&pair.program_1), parse(&pair.program_2)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => return Verdict::Contradicted(format!("unparsable: {e}")),
        };
        let ev = &pair.provenance.evidence;
        if pair.equivalent {
            let z3 = match ctx.tools.get(&EXPR_Z3) {
                Ok(z) => z,
                Err(e) => return Verdict::Inconclusive(e.to_string()),
            };
            match z3_distinct(&z3.path, &a, &b) {
                Ok(None) => Verdict::Confirmed("z3: unsat".into()),
                Ok(Some(env)) => Verdict::Contradicted(format!("z3 found x, y = {env:?}")),
                Err(e) => Verdict::Inconclusive(e),
            }
        } else {
            let env = [
                ev.get("x").and_then(Value::as_u64),
                ev.get("y").and_then(Value::as_u64),
            ];
            let [Some(x), Some(y)] = env else {
                return Verdict::Contradicted("no counterexample recorded".into());
            };
            let (va, vb) = (a.eval([x, y]), b.eval([x, y]));
            if va != vb
                && ev.get("value_1") == Some(&json!(va))
                && ev.get("value_2") == Some(&json!(vb))
            {
                Verdict::Confirmed(format!("x={x}, y={y}: {va} != {vb}"))
            } else {
                Verdict::Contradicted(format!("x={x}, y={y} gives {va} and {vb}"))
            }
        }
    }

    fn datasheet(&self) -> Option<CategoryDatasheet> {
        Some(CategoryDatasheet {
            sources: "Random expressions over x and y made by the test itself.".into(),
            construction: "One node rewritten by an identity, or mutated.".into(),
            equivalent_evidence: "z3 answers unsat to `program_1 != program_2`.".into(),
            inequivalent_evidence: "A z3 model, re-evaluated in Rust.".into(),
            audit: "Re-parses both programs; re-runs z3 or re-evaluates the counterexample.".into(),
            limitations: vec!["A toy category for testing the open registry.".into()],
        })
    }
}

/// The registry of this test: one line registers the category.
fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Box::new(ExprCategory));
    r
}

fn cli(args: &[&str]) -> u8 {
    let mut all = vec!["equibench", "--quiet"];
    all.extend_from_slice(args);
    equibench_cli::run_code(all, &registry())
}

fn build(out: &Path, extra: &[&str]) -> u8 {
    let out = out.display().to_string();
    let mut args = vec![
        "build",
        "--categories",
        "arith",
        "--pairs",
        "8",
        "--seed",
        "5",
        "--out",
        &out,
    ];
    args.extend_from_slice(extra);
    cli(&args)
}

#[test]
fn a_category_outside_the_core_goes_through_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    assert_eq!(build(&out, &[]), 0, "build");
    let out_s = out.display().to_string();

    // validate: schema, ids and the descriptor's definition, language and context.
    let v = equibench_core::validate::validate(&out, &registry()).unwrap();
    assert!(v.ok(), "{:?}", v.problems);
    assert_eq!(v.lines, 8);
    assert_eq!(cli(&["validate", &out_s]), 0);
    let pairs = equibench_core::output::read_pairs(&out).unwrap();
    assert!(pairs.iter().all(|p| p.category.as_str() == "EXPR"
        && p.language.as_str() == "Expr64"
        && p.definition
            .starts_with("for all unsigned 64-bit values of x y,")));

    // The project's schema takes the new category; the shared contract (six categories) does not.
    let schema = |text: &str| {
        jsonschema::validator_for(&serde_json::from_str::<Value>(text).unwrap()).unwrap()
    };
    let project = schema(equibench_core::validate::PAIR_SCHEMA);
    let shared = schema(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/schema/pair.schema.json"),
        )
        .expect("shared/ beside the checkout"),
    );
    let record: Value = serde_json::from_str(&pairs[0].to_json_line()).unwrap();
    assert!(project.is_valid(&record));
    assert!(!shared.is_valid(&record));

    // audit: every label re-checked by the category's own audit; a flipped label is caught.
    assert_eq!(cli(&["audit", &out_s]), 0, "audit");
    let tampered = dir.path().join("tampered");
    std::fs::create_dir_all(&tampered).unwrap();
    let mut lines: Vec<String> = pairs.iter().map(Pair::to_json_line).collect();
    let mut flipped = pairs[0].clone();
    flipped.equivalent = !flipped.equivalent;
    lines[0] = flipped.to_json_line();
    std::fs::write(tampered.join("pairs.jsonl"), lines.join("\n") + "\n").unwrap();
    assert_eq!(cli(&["audit", &tampered.display().to_string()]), 1);

    // stats and prompts.
    let stats = equibench_core::stats::compute(&pairs);
    assert_eq!(stats[&EXPR.id()].pairs, 8);
    assert_eq!(cli(&["stats", &out_s]), 0);
    let json = Command::new(env!("CARGO_BIN_EXE_equibench"))
        .args(["stats", &out_s, "--json"])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let row = json["EXPR"].as_object().expect("a row per category");
    assert_eq!(
        row.keys().map(String::as_str).collect::<Vec<_>>(),
        [
            "avg_lines",
            "equivalent",
            "inequivalent",
            "max_lines",
            "mean_similarity",
            "mean_similarity_equivalent",
            "mean_similarity_inequivalent",
            "min_lines",
            "pairs"
        ],
        "`stats --json` keeps its keys, in order"
    );
    assert_eq!(row["pairs"], 8);
    assert_eq!(row["avg_lines"], json!(stats[&EXPR.id()].avg_lines));
    let prompts = dir.path().join("prompts.jsonl");
    assert_eq!(
        cli(&["prompts", &out_s, "--out", &prompts.display().to_string()]),
        0
    );
    let prompt_lines = std::fs::read_to_string(&prompts).unwrap();
    assert_eq!(prompt_lines.lines().count(), 8);
    let first: Value = serde_json::from_str(prompt_lines.lines().next().unwrap()).unwrap();
    let text = first["prompt"].as_str().unwrap();
    assert!(text.starts_with("You are here to judge if two Expr64 programs"));
    assert!(text.contains("values of x y, the two expressions"));

    // The harness export uses the descriptor's folder and field names.
    let harness: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("EXPR/pairs.json")).unwrap())
            .unwrap();
    assert_eq!(harness[0]["problem_vars"], "x y");
    assert_eq!(harness[0]["category"], "EXPR");

    // Shards merged are the whole build, byte for byte.
    let (s0, s1, merged) = (
        dir.path().join("s0"),
        dir.path().join("s1"),
        dir.path().join("merged"),
    );
    assert_eq!(build(&s0, &["--shard", "0/2"]), 0);
    assert_eq!(build(&s1, &["--shard", "1/2"]), 0);
    assert_eq!(
        cli(&[
            "merge",
            &s0.display().to_string(),
            &s1.display().to_string(),
            "--out",
            &merged.display().to_string()
        ]),
        0
    );
    assert_eq!(
        std::fs::read(merged.join("pairs.jsonl")).unwrap(),
        std::fs::read(out.join("pairs.jsonl")).unwrap()
    );

    // The datasheet and the HTML report show it like any other category.
    let sheet = std::fs::read_to_string(out.join("DATASHEET.md")).unwrap();
    assert!(sheet.contains("## EXPR (Expr64)"), "{sheet}");
    assert!(sheet.contains("Random expressions over x and y"));
    assert!(sheet.contains("`expr`"));
    let report = dir.path().join("report");
    assert_eq!(
        cli(&["report", &out_s, "--out", &report.display().to_string()]),
        0
    );
    let index = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(index.contains("data-category=\"EXPR\""));
    assert!(report.join("cat-expr.html").is_file());
    assert!(report.join("pairs/expr/0001.html").is_file());
}

#[test]
fn its_own_tool_and_package_reach_doctor_the_manifest_and_the_datasheet() {
    let tools = Tools::new();
    let z3 = tools.get(&EXPR_Z3).unwrap_or_else(|e| panic!("{e}"));
    let minifier = tools
        .venv_package(&MINIFIER)
        .unwrap_or_else(|e| panic!("{e}"));

    let mut doctor = Vec::new();
    assert_eq!(equibench_cli::doctor(&registry(), &tools, &mut doctor), 0);
    let doctor = String::from_utf8(doctor).unwrap();
    let line = |name: &str| {
        doctor
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("doctor does not list {name}:\n{doctor}"))
            .to_string()
    };
    let z3_line = line("z3");
    assert!(z3_line.starts_with("ok "), "{z3_line}");
    assert!(z3_line.contains(&z3.version), "{z3_line}");
    assert!(z3_line.contains("expression prover, for expr"), "{z3_line}");
    assert!(
        line("python-minifier").contains(&minifier.version),
        "{doctor}"
    );
    assert_eq!(
        doctor.lines().count(),
        2,
        "z3, the package, nothing else:\n{doctor}"
    );

    let help = equibench_cli::help_with_categories(&registry())
        .render_long_help()
        .to_string();
    assert!(help.contains("EQUIBENCH_EXPR_Z3"), "{help}");

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    assert_eq!(build(&out, &[]), 0, "build");
    let manifest = equibench_core::output::read_manifest(&out).unwrap();
    assert_eq!(manifest.tools, vec![minifier.clone(), z3.record()]);
    let sheet = std::fs::read_to_string(out.join("DATASHEET.md")).unwrap();
    for row in [
        format!("| z3 (expression prover) | {} | probed", z3.version),
        format!(
            "| python-minifier (virtualenv package) | {} | probed",
            minifier.version
        ),
        format!("| python-minifier | {} | recorded", minifier.version),
    ] {
        assert!(sheet.contains(&row), "no `{row}` in\n{sheet}");
    }
}

#[test]
fn the_help_lists_the_registered_categories_and_unknown_names_are_clear() {
    let help = equibench_cli::help_with_categories(&registry())
        .render_long_help()
        .to_string();
    assert!(
        help.contains("expr") && help.contains("EXPR (Expr64)"),
        "{help}"
    );
    let err = registry().resolve("dce").unwrap_err();
    assert!(err.to_string().contains("expr"), "{err}");
    assert_eq!(registry().resolve("ARITH").unwrap(), EXPR.id());
}

#[test]
fn a_declared_input_flag_reaches_the_category_through_build_only() {
    let help = |sub: &str| {
        let mut cmd = equibench_cli::help_with_categories(&registry());
        cmd.find_subcommand_mut(sub)
            .unwrap()
            .render_long_help()
            .to_string()
    };
    assert!(
        help("build").contains("--expr-trace <DIR>"),
        "{}",
        help("build")
    );
    assert!(!help("audit").contains("--expr-trace"), "{}", help("audit"));

    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace");
    std::fs::create_dir(&trace).unwrap();
    let out = dir.path().join("out");
    let trace_s = trace.display().to_string();
    assert_eq!(build(&out, &["--expr-trace", &trace_s]), 0, "build");
    let written: usize = std::fs::read_dir(&trace)
        .unwrap()
        .map(|f| {
            std::fs::read_to_string(f.unwrap().path())
                .unwrap()
                .lines()
                .count()
        })
        .sum();
    // One line per emitted pair; blocks may emit more than the build keeps (spares, balance).
    assert!(written >= 8, "{written} trace lines for 8 pairs");
    // The flag is part of what a build is: the same output directory refuses another value.
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let other_s = other.display().to_string();
    assert_ne!(build(&out, &["--expr-trace", &other_s]), 0);
}

#[test]
fn the_expression_language_round_trips() {
    let mut r = rng(3, &["round-trip"]);
    for _ in 0..200 {
        let e = random_expr(&mut r, 4);
        assert_eq!(parse(&program(&e)).unwrap(), e);
        for path in e.paths() {
            let mut changed = e.clone();
            let node = changed.at_mut(&path);
            if let Some(new) = rewrite(node) {
                *node = new;
                let env = [r.gen(), r.gen()];
                assert_eq!(
                    e.eval(env),
                    changed.eval(env),
                    "{} vs {}",
                    e.text(),
                    changed.text()
                );
            }
        }
    }
}
