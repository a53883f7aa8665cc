//! The audit as a guarantee, over the real categories (every category in `default_registry()`): in
//! a real build, one pair of each category gets its label flipped, one gets a program edited with
//! its id left stale (a naive tamper), and two get a program edited by a careful forger who also
//! recomputes the id and stats (so the record is self-consistent and only the evidence can catch
//! it): a comment appended to program_2, and a comment put into program_1 right where the
//! transformation changed it (for DCE, inside the removed block). `equibench audit` must contradict
//! every tampered pair by id, exit 1, and still confirm the pairs left alone.
//!
//! The build is the run's shared reference (one pair of each label per category), exported as a
//! Hugging Face dataset and imported back (`real_common::imported_reference`, byte for byte the
//! reference, as `export_real` checks): the pairs left alone being confirmed is also the audit of
//! an imported build. Each of its pairs is audited three times, as it is and under two tamperings:
//! a tampering that keeps the id cannot sit beside the original in one output, so the pairs go to
//! two copies of the build, each mixing tampered pairs with pairs left alone.

use crate::real_common;

use equibench_core::Language;
use equibench_core::{CategoryName, Pair, PairDraft};
use real_common::{copy_dir, describe, descriptor, imported_reference, registered, require_tools};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

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
    let reference = imported_reference().join("restored");
    let pairs = equibench_core::output::read_pairs(&reference).unwrap();
    // Per copy of the build: its pairs, and what was done to each (None: left alone).
    let mut copies: [Vec<(Pair, Option<Tamper>)>; 2] = [Vec::new(), Vec::new()];
    for cat in &categories {
        let of = |eq: bool| -> &Pair {
            pairs
                .iter()
                .find(|p| p.category == *cat && p.equivalent == eq)
                .unwrap_or_else(|| panic!("{cat}: the reference build has no pair labelled {eq}"))
        };
        let (eq, ineq) = (of(true), of(false));
        let chosen = [
            (0, eq, Some(Tamper::FlipLabel)),
            (0, ineq, None),
            (0, eq, Some(Tamper::ForgedEditAtDifference)),
            (0, ineq, Some(Tamper::ForgedEdit(2))),
            (1, eq, None),
            (1, ineq, Some(Tamper::NaiveEdit)),
        ];
        for (copy, pair, how) in chosen {
            let p = how.map_or_else(|| pair.clone(), |how| tamper(pair, how));
            copies[copy].push((p, how));
        }
    }
    let work = tempfile::tempdir().unwrap();
    let mut caught = Vec::new();
    for (i, plan) in copies.iter_mut().enumerate() {
        let out = work.path().join(format!("copy{i}"));
        copy_dir(&reference, &out);
        audit_tampered_copy(&out, plan);
        caught.extend(
            plan.iter()
                .filter_map(|(p, how)| how.map(|how| format!("{} {how:?}", p.category))),
        );
    }
    for c in caught {
        eprintln!("caught: {c}");
    }
}

/// Write `plan`'s pairs as the `pairs.jsonl` of the build copy `out`, audit it, and check that every
/// tampered pair is contradicted, every other one confirmed, and the audit exits 1.
fn audit_tampered_copy(out: &Path, plan: &mut [(Pair, Option<Tamper>)]) {
    plan.sort_by(|a, b| a.0.sort_key().cmp(&b.0.sort_key()));
    let text: String = plan.iter().map(|(p, _)| p.to_json_line() + "\n").collect();
    std::fs::write(out.join("pairs.jsonl"), text).unwrap();

    let started = Instant::now();
    let audit = Command::new(real_common::bin())
        .args(["--quiet", "audit", "--jobs", "2", "--verbose"])
        .arg(out)
        .output()
        .unwrap();
    eprintln!("audit of {} pairs: {:.1?}", plan.len(), started.elapsed());
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
    for (pair, how) in plan.iter() {
        let cat: CategoryName = pair.category;
        let expected = if how.is_some() {
            "CONTRADICTED"
        } else {
            "confirmed"
        };
        match verdicts.get(&pair.id[..16]) {
            Some((v, _)) if *v == expected => {}
            Some((_, line)) => {
                wrong.push(format!("{cat} {how:?}: expected {expected}, got: {line}"))
            }
            None => wrong.push(format!("{cat} {how:?}: pair {} not named", &pair.id[..16])),
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
}
