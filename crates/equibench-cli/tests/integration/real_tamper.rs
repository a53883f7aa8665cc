//! The audit as a guarantee, over the real categories (every category in `default_registry()`): in
//! a real build, one pair of each category gets its label flipped, one gets a program edited with
//! its id left stale (a naive tamper), and two get a program edited by a careful forger who also
//! recomputes the id and stats (so the record is self-consistent and only the evidence can catch
//! it): a comment appended to program_2, and a comment put into program_1 right where the
//! transformation changed it (for DCE, inside the removed block). `equibench audit` must contradict every tampered pair by id, exit 1, and still confirm the
//! pairs left alone.

use crate::real_common;

use equibench_core::Language;
use equibench_core::{CategoryName, Pair, PairDraft};
use real_common::{build, describe, descriptor, registered, require_tools};
use std::collections::BTreeMap;
use std::process::Command;
use std::time::Instant;

/// Per category: three pairs of each label (four are tampered, two are left alone).
const PAIRS: usize = 6;
const SEED: u64 = 4_242;

#[derive(Debug, Clone, Copy)]
enum Tamper {
    /// `equivalent` negated; programs, id and evidence untouched (the id does not cover the label).
    FlipLabel,
    /// A comment line added to program_2; id and stats left as they were.
    NaiveEdit,
    /// A comment line added to program `n`, with id and stats recomputed as the pipeline would.
    ForgedEdit(u8),
    /// A comment put into program_1 where it first differs from program_2 (inside the code the
    /// transformation touched, e.g. the block DCE removes), with id and stats recomputed.
    ForgedEditAtDifference,
}

/// A line that changes a program's text and nothing it computes: only evidence bound to the text can
/// tell that the program is no longer the one the evidence was made for.
/// C and CUDA have `/* */` comments that can sit inside a line; Python's and assembly's `#` runs to
/// the end of the line.
fn inline_comments(language: Language) -> bool {
    matches!(language.as_str(), "C" | "CUDA")
}

fn comment(language: Language) -> &'static str {
    if inline_comments(language) {
        "/* edited after the build */"
    } else {
        "# edited after the build"
    }
}

fn with_comment(program: &str, language: Language) -> String {
    let mut p = program.to_string();
    if !p.ends_with('\n') {
        p.push('\n');
    }
    p.push_str(comment(language));
    p.push('\n');
    p
}

/// program_1 with a comment at the first byte where it differs from program_2: inline for C and
/// CUDA, as a line of its own before that line for Python and assembly (where a comment runs to the
/// end of the line).
fn with_comment_at_difference(program_1: &str, program_2: &str, language: Language) -> String {
    let at = program_1
        .char_indices()
        .zip(program_2.chars())
        .find(|((_, a), b)| a != b)
        .map_or(program_1.len().min(program_2.len()), |((i, _), _)| i);
    let at = if inline_comments(language) {
        at
    } else {
        program_1[..at].rfind('\n').map_or(0, |i| i + 1)
    };
    let line_start = program_1[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent: String = program_1[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let inserted = if inline_comments(language) {
        format!("{} ", comment(language))
    } else {
        format!("{indent}{}\n", comment(language))
    };
    format!("{}{inserted}{}", &program_1[..at], &program_1[at..])
}

fn tamper(pair: &Pair, how: Tamper) -> Pair {
    let lang = pair.language;
    match how {
        Tamper::FlipLabel => Pair {
            equivalent: !pair.equivalent,
            ..pair.clone()
        },
        Tamper::NaiveEdit => Pair {
            program_2: with_comment(&pair.program_2, lang),
            ..pair.clone()
        },
        Tamper::ForgedEdit(_) | Tamper::ForgedEditAtDifference => {
            let (mut p1, mut p2) = (pair.program_1.clone(), pair.program_2.clone());
            match how {
                Tamper::ForgedEdit(1) => p1 = with_comment(&p1, lang),
                Tamper::ForgedEdit(_) => p2 = with_comment(&p2, lang),
                _ => p1 = with_comment_at_difference(&p1, &p2, lang),
            }
            let d = descriptor(pair.category);
            let forged = PairDraft {
                equivalent: pair.equivalent,
                program_1: p1,
                program_2: p2,
                context: pair.context.clone(),
                provenance: pair.provenance.clone(),
            }
            .finish(&d);
            assert!(
                forged.problems(&d).is_empty(),
                "the forged record should be self-consistent: {:?}",
                forged.problems(&d)
            );
            assert_ne!(forged.id, pair.id);
            forged
        }
    }
}

#[test]
fn audit_contradicts_every_tampered_pair_of_every_category() {
    let categories = registered();
    require_tools(&categories);
    let out = tempfile::tempdir().unwrap();
    let started = Instant::now();
    build(out.path(), PAIRS, SEED, &["--jobs", "2"]);
    eprintln!("build: {:.1?}", started.elapsed());

    let mut pairs = equibench_core::output::read_pairs(out.path()).unwrap();
    // id -> what was done to it (None: left alone), per category.
    let mut plan: Vec<(CategoryName, String, Option<Tamper>)> = Vec::new();
    for cat in &categories {
        let of = |eq: bool| -> Vec<usize> {
            (0..pairs.len())
                .filter(|&i| pairs[i].category == *cat && pairs[i].equivalent == eq)
                .collect()
        };
        let (eq, ineq) = (of(true), of(false));
        assert!(
            eq.len() >= 3 && ineq.len() >= 3,
            "{cat}: built {} + {} pairs, need 3 of each label",
            eq.len(),
            ineq.len()
        );
        let chosen = [
            (eq[0], Some(Tamper::FlipLabel)),
            (ineq[0], Some(Tamper::NaiveEdit)),
            (eq[1], Some(Tamper::ForgedEditAtDifference)),
            (ineq[1], Some(Tamper::ForgedEdit(2))),
            (eq[2], None),
            (ineq[2], None),
        ];
        for (i, how) in chosen {
            if let Some(how) = how {
                pairs[i] = tamper(&pairs[i], how);
            }
            plan.push((*cat, pairs[i].id.clone(), how));
        }
    }
    pairs.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    let text: String = pairs.iter().map(|p| p.to_json_line() + "\n").collect();
    std::fs::write(out.path().join("pairs.jsonl"), text).unwrap();

    let started = Instant::now();
    let audit = Command::new(real_common::bin())
        .args(["--quiet", "audit", "--jobs", "2", "--verbose"])
        .arg(out.path())
        .output()
        .unwrap();
    eprintln!("audit of {} pairs: {:.1?}", pairs.len(), started.elapsed());
    let stdout = String::from_utf8_lossy(&audit.stdout).into_owned();

    // "<verdict> <CATEGORY> <id prefix> (<label>): <detail>", one line per pair with --verbose.
    let verdicts: BTreeMap<&str, (&str, &str)> = stdout
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let (verdict, _cat, id) = (w.next()?, w.next()?, w.next()?);
            (id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit()))
                .then_some((id, (verdict, l)))
        })
        .collect();
    let mut wrong = Vec::new();
    for (cat, id, how) in &plan {
        let expected = if how.is_some() {
            "CONTRADICTED"
        } else {
            "confirmed"
        };
        match verdicts.get(&id[..16]) {
            Some((v, _)) if *v == expected => {}
            Some((_, line)) => {
                wrong.push(format!("{cat} {how:?}: expected {expected}, got: {line}"))
            }
            None => wrong.push(format!("{cat} {how:?}: pair {} not named", &id[..16])),
        }
    }
    assert!(
        wrong.is_empty(),
        "the audit missed tampering or failed sound pairs:\n{}\n\n{}",
        wrong.join("\n"),
        describe(&audit)
    );
    assert_eq!(
        audit.status.code(),
        Some(1),
        "a contradicted pair must fail the audit: {}",
        describe(&audit)
    );
    for (cat, _, how) in plan.iter().filter(|(_, _, h)| h.is_some()) {
        eprintln!("caught: {cat} {how:?}");
    }
}
