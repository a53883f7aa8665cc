// Each test binary uses a different part of this module.
#![allow(dead_code)]

//! The test category of issue 18 (64-bit arithmetic expressions, z3 proofs and counterexamples),
//! shared by the tests that treat it as any category: open_category.rs (every command) and
//! eval_server.rs (all four prompt types, few-shot exemplars made by its own pipeline).

use equibench_core::evidence::{Evidence, Source};
use equibench_core::seed::{derive_seed, rng, EXEMPLAR_SEEDS};
use equibench_core::{
    AuditContext, Balance, BuildContext, Category, CategoryDatasheet, CategoryDescriptor,
    CategoryError, CommandEnv, CommandResult, ContextField, InputOption, Install, Location, Pair,
    PairDraft, PairSink, Provenance, Report, ToolCommand, ToolSpec, Tools, VenvPackage, Verdict,
    VersionRule,
};
use rand::Rng;
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Expressions over the unsigned 64-bit variables `x` and `y`, arithmetic modulo 2^64.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Var(usize),
    Const(u64),
    Not(Box<Expr>),
    Shl(Box<Expr>, u32),
    Bin(Op, Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

pub const OPS: [(Op, &str, &str); 6] = [
    (Op::Add, "+", "bvadd"),
    (Op::Sub, "-", "bvsub"),
    (Op::Mul, "*", "bvmul"),
    (Op::And, "&", "bvand"),
    (Op::Or, "|", "bvor"),
    (Op::Xor, "^", "bvxor"),
];
pub const VARS: [&str; 2] = ["x", "y"];

pub fn bin(op: Op, a: Expr, b: Expr) -> Expr {
    Expr::Bin(op, Box::new(a), Box::new(b))
}

pub fn symbol(op: Op) -> &'static str {
    OPS.iter()
        .find(|o| o.0 == op)
        .expect("every op is listed")
        .1
}

impl Expr {
    pub fn eval(&self, env: [u64; 2]) -> u64 {
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

    pub fn text(&self) -> String {
        match self {
            Expr::Var(v) => VARS[*v].into(),
            Expr::Const(c) => c.to_string(),
            Expr::Not(a) => format!("~{}", a.text()),
            Expr::Shl(a, k) => format!("({} << {k})", a.text()),
            Expr::Bin(op, a, b) => format!("({} {} {})", a.text(), symbol(*op), b.text()),
        }
    }

    pub fn smt(&self) -> String {
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
    pub fn paths(&self) -> Vec<Vec<usize>> {
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

    pub fn at_mut(&mut self, path: &[usize]) -> &mut Expr {
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
pub fn program(e: &Expr) -> String {
    format!("{}\n", e.text())
}

/// Parse a program back (the audit trusts the text, never the builder's tree).
pub fn parse(text: &str) -> Result<Expr, String> {
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

pub fn random_expr(r: &mut impl Rng, depth: u32) -> Expr {
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
pub fn rewrite(e: &Expr) -> Option<Expr> {
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
pub fn mutate(e: &Expr, r: &mut impl Rng) -> Option<Expr> {
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

/// z3's resource limit per query: a count of its own steps, so the same query gets the same
/// answer on a loaded machine as on an idle one (a 5 s timeout before let one shard of a build
/// under load drop a candidate the unsharded build kept, and their outputs differed).
const Z3_RLIMIT: u64 = 20_000_000;

/// What z3 says about `a != b` for some x, y: `None` when no such input exists (a proof of
/// equivalence), else the counterexample.
pub fn z3_distinct(z3: &Path, a: &Expr, b: &Expr) -> Result<Option<[u64; 2]>, String> {
    let script = format!(
        "(set-option :produce-models true)\n(set-option :rlimit {Z3_RLIMIT})\n(declare-const x (_ BitVec 64))\n(declare-const y (_ BitVec 64))\n\
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
        Some("unknown") => Err(Z3_NO_ANSWER.into()),
        other => Err(format!("z3 answered {other:?}")),
    }
}

/// The category's own z3: found through `EQUIBENCH_EXPR_Z3` (no other category declares it).
pub static EXPR_Z3: ToolSpec = ToolSpec {
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
pub static MINIFIER: VenvPackage = VenvPackage {
    name: "python-minifier",
    pip: "python-minifier==3.4.0",
};

/// z3 gave no answer within its resource limit (products of 64-bit values can be hard): the
/// candidate is dropped, never labelled.
pub const Z3_NO_ANSWER: &str = "z3-no-answer";

pub static EXPR: CategoryDescriptor = CategoryDescriptor {
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

pub struct ExprCategory;

/// `equibench tool expr count ARGS...`: exits with the number of words it was handed (its own
/// name first), plus 100 when the data directory is one named `expr-data`, so a test can see
/// what the CLI passed through without capturing output.
pub static COUNT: ToolCommand = ToolCommand {
    name: "count",
    about: "exits with the number of its arguments",
    run: count,
};

fn count(args: &[std::ffi::OsString], env: &CommandEnv) -> CommandResult {
    let here = u8::from(env.data_dir.ends_with("expr-data")) * 100;
    Ok(here + u8::try_from(args.len())?)
}

impl Category for ExprCategory {
    fn descriptor(&self) -> &CategoryDescriptor {
        &EXPR
    }

    fn commands(&self) -> Vec<&'static ToolCommand> {
        vec![&COUNT]
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
            let verdict = match z3_distinct(&z3.path, &original, &changed) {
                Err(e) if e == Z3_NO_ANSWER => {
                    sink.reject(Z3_NO_ANSWER);
                    continue;
                }
                v => v.map_err(CategoryError::Failed)?,
            };
            let evidence = match (want_equivalent, verdict) {
                (true, None) => Evidence::new(
                    "z3-unsat",
                    &json!({"solver": z3.record(), "query": "(distinct program_1 program_2)"}),
                ),
                (false, Some(env)) if original.eval(env) != changed.eval(env) => Evidence::new(
                    "counterexample",
                    &json!({"x": env[0], "y": env[1],
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
                    source: Source::new("random-expression", &json!({"candidate_seed": seed})),
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
        let ev = &pair.provenance.evidence.details;
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

    /// Made by this category's own pipeline, once per test process, at the first exemplar seed
    /// (no build of these tests uses it): three of each label, one a spare for a set that holds
    /// one of the others.
    fn exemplars(&self) -> &'static str {
        static LINES: OnceLock<String> = OnceLock::new();
        LINES.get_or_init(|| {
            let (sink, _) = equibench_core::testing::generate_block(
                &ExprCategory,
                EXEMPLAR_SEEDS.start,
                0,
                1,
                Balance::new(3, 3),
                &equibench_core::Inputs::new(std::path::PathBuf::from("data")),
                &Tools::new(),
            )
            .expect("the exemplar block of EXPR");
            sink.pairs.iter().map(|p| p.to_json_line() + "\n").collect()
        })
    }

    /// From the recorded evidence: the counterexample and both values, or the solver's proof.
    fn rationale(&self, pair: &Pair) -> Option<String> {
        let ev = &pair.provenance.evidence.details;
        match pair.provenance.evidence.kind.as_str() {
            "counterexample" => Some(format!(
                "With x = {} and y = {}, program 1 evaluates to {} and program 2 to {}, so they differ.",
                ev.get("x")?,
                ev.get("y")?,
                ev.get("value_1")?,
                ev.get("value_2")?
            )),
            "z3-unsat" => {
                let solver = ev.get("solver")?;
                Some(format!(
                    "The solver {} {} proved that no 64-bit values of x and y make the two expressions differ.",
                    solver.get("name")?.as_str()?,
                    solver.get("version")?.as_str()?
                ))
            }
            _ => None,
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
