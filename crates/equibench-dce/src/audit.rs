//! Re-check a DCE pair from its two programs and its evidence alone: the recorded edit must turn
//! the original into the other program; both programs are screened, run and compared again; and the removed
//! block's marker is re-instrumented in the original and re-classified by LLVM and by a run. First
//! of all, the original (program_1 or program_2, as the evidence says) must be what CSmith makes
//! with the recorded seed and flags.

use crate::analysis::{self, Reject};
use crate::csmith::{self, CsmithRun};
use crate::evidence::{BlockEvidence, CsmithSource, SOURCE_KIND};
use crate::llvm::{Classification, Level};
use crate::markers::{self, MARKER_PREFIX};
use crate::memo::Memo;
use crate::pairs::Tier;
use equibench_core::disagreement::Disagreement;
use equibench_core::pair::{sha256_hex, Side};
use equibench_core::{AuditContext, Pair, Verdict};
use std::collections::BTreeSet;

/// The screen's verdict on each original (its stdout, or why it fails), by the program's sha256.
static SCREENS: Memo<Result<Vec<u8>, Reject>> = Memo::new();
/// What the classification of an original gives the audit: the instrumented stdout, LLVM's
/// survivors and the executed markers.
type Classified = (Vec<u8>, Classification, BTreeSet<usize>);
/// Each original's classification, by the program's sha256.
static CLASSIFICATIONS: Memo<Result<Classified, Reject>> = Memo::new();
/// CSmith's program for a seed and flags.
static REGENERATED: Memo<String> = Memo::new();

fn inconclusive_or_contradicted(what: &str, r: Reject) -> Verdict {
    let msg = format!("{what}: {} ({})", r.reason, r.detail);
    match r.reason {
        "timeout" | "llvm-error" => Verdict::Inconclusive(msg),
        _ => Verdict::Contradicted(msg),
    }
}

/// The value of a re-derivation, or (from a function returning `Result<_, Verdict>`) the verdict
/// its failure gives.
macro_rules! step {
    ($what:expr, $e:expr) => {
        match $e {
            Err(e) => return Err(Verdict::Inconclusive(format!("{}: {e}", $what))),
            Ok(Err(r)) => return Err(inconclusive_or_contradicted($what, r)),
            Ok(Ok(v)) => v,
        }
    };
}

/// [`step!`] for a function returning `Option<Verdict>`.
macro_rules! step_or_some {
    ($what:expr, $e:expr) => {
        match $e {
            Err(e) => return Some(Verdict::Inconclusive(format!("{}: {e}", $what))),
            Ok(Err(r)) => return Some(inconclusive_or_contradicted($what, r)),
            Ok(Ok(v)) => v,
        }
    };
}

/// What the evidence claims, read and checked against the label before anything is run.
struct Claim<'p> {
    tier: Tier,
    evidence: BlockEvidence,
    id: usize,
    original: &'p str,
    edited: &'p str,
    /// Which side the original is: `program_1` or `program_2`.
    side: &'static str,
}

/// Audit one DCE pair.
pub fn audit(pair: &Pair, ctx: &AuditContext) -> Verdict {
    let claim = match read_claim(pair) {
        Ok(c) => c,
        Err(v) => return v,
    };
    if let Some(v) = check_csmith_origin(pair, claim.original, ctx) {
        return v;
    }
    if let Some(v) = check_edit(&claim) {
        return v;
    }
    let (out_1, out_2) = match check_stdouts(pair, &claim, ctx) {
        Ok(outs) => outs,
        Err(v) => return v,
    };
    let original_out = match claim.evidence.original_side() {
        Side::Program1 => &out_1,
        Side::Program2 => &out_2,
    };
    check_block(&claim, original_out, ctx).unwrap_or_else(|| {
        Verdict::Confirmed(format!(
            "{}: marker {} executed={}, lowest elimination level {}; stdout {}",
            claim.tier.as_str(),
            claim.id,
            claim.evidence.executed,
            claim.evidence.elimination_level,
            match pair.disagreement() {
                Some(d) => format!(
                    "different in {} of {} bytes (recounted)",
                    d.differing, d.trials
                ),
                None if out_1 == out_2 => "equal".into(),
                None => "different".into(),
            }
        ))
    })
}

/// The tier, marker and original side the evidence names, and that the tier fits the label.
fn read_claim(pair: &Pair) -> Result<Claim<'_>, Verdict> {
    let kind = &pair.provenance.evidence.kind;
    let Some(tier) = Tier::parse(kind) else {
        return Err(Verdict::Contradicted(format!(
            "unknown evidence kind `{kind}`"
        )));
    };
    if tier.equivalent() != pair.equivalent {
        return Err(Verdict::Contradicted(format!(
            "evidence kind {} does not fit the label",
            tier.as_str()
        )));
    }
    let evidence: BlockEvidence = pair
        .provenance
        .evidence
        .record()
        .map_err(|e| Verdict::Contradicted(e.to_string()))?;
    if pair.program_1.contains(MARKER_PREFIX) || pair.program_2.contains(MARKER_PREFIX) {
        return Err(Verdict::Contradicted(
            "a program contains marker text".into(),
        ));
    }
    // The CSmith program is program_1 unless the evidence says program_2 (older records lack it).
    let side = evidence.original_side();
    let (original, edited) = (side.program(pair), side.other().program(pair));
    Ok(Claim {
        tier,
        id: evidence.marker_id,
        evidence,
        original,
        edited,
        side: side.as_str(),
    })
}

/// Step 1, the edit: re-instrument the original and redo the recorded edit of the recorded block.
fn check_edit(claim: &Claim) -> Option<Verdict> {
    let (id, side, tier) = (claim.id, claim.side, claim.tier);
    let marked = match markers::find_markers(claim.original) {
        Ok(m) => m,
        Err(e) => {
            return Some(Verdict::Contradicted(format!(
                "{side} cannot be instrumented: {e}"
            )))
        }
    };
    let Some(marker) = marked.markers.get(id) else {
        return Some(Verdict::Contradicted(format!("{side} has no marker {id}")));
    };
    if !tier.fits(marker.kind) {
        return Some(Verdict::Contradicted(format!(
            "{} at marker {id}, a {}, does not mean what the tier says",
            tier.as_str(),
            marker.kind.as_str()
        )));
    }
    if markers::apply_edit(claim.original, marker, tier.edit()).as_deref() != Some(claim.edited) {
        return Some(Verdict::Contradicted(format!(
            "the edited program is not {side} with the {} edit at marker {id}",
            tier.edit().as_str()
        )));
    }
    None
}

/// Step 2: both programs screened and run again; stdout relation and recorded digests. Returns
/// the two stdouts.
fn check_stdouts(
    pair: &Pair,
    claim: &Claim,
    ctx: &AuditContext,
) -> Result<(Vec<u8>, Vec<u8>), Verdict> {
    let ev = &claim.evidence;
    let dir = ctx.work_dir;
    let screen = |name: &str, program: &str| {
        let run = || analysis::screen(ctx.tools, dir, name, program, &|_| None);
        if program == claim.original {
            // Shared by every pair of this original (see [`crate::memo`]).
            SCREENS.get_or(sha256_hex(program.as_bytes()), run)
        } else {
            run()
        }
    };
    let out_1 = step!("program_1", screen("audit1", &pair.program_1));
    let out_2 = step!("program_2", screen("audit2", &pair.program_2));
    let (sha_1, sha_2) = (sha256_hex(&out_1), sha256_hex(&out_2));
    if sha_1 != ev.stdout_sha256_1 || sha_2 != ev.stdout_sha256_2 {
        return Err(Verdict::Contradicted(
            "a program's stdout does not match its recorded sha256".into(),
        ));
    }
    if pair.equivalent != (out_1 == out_2) {
        return Err(Verdict::Contradicted(format!(
            "labelled {} but the stdouts are {}",
            if pair.equivalent {
                "equivalent"
            } else {
                "inequivalent"
            },
            if out_1 == out_2 { "equal" } else { "different" }
        )));
    }
    check_disagreement(pair, &out_1, &out_2)?;
    Ok((out_1, out_2))
}

/// Issue 41: an inequivalent pair's recorded disagreement must be the count of differing bytes of
/// the two stdouts just produced; an equivalent pair records none. Records made before it was
/// measured have none and are not held to it.
fn check_disagreement(pair: &Pair, out_1: &[u8], out_2: &[u8]) -> Result<(), Verdict> {
    let Some(recorded) = pair.disagreement() else {
        return Ok(());
    };
    if pair.equivalent {
        return Err(Verdict::Contradicted(
            "an equivalent pair records a disagreement".into(),
        ));
    }
    if let Some(problem) = recorded.problem() {
        return Err(Verdict::Contradicted(problem));
    }
    let counted = Disagreement::of_outputs(out_1, out_2);
    if recorded.over != counted.over {
        return Err(Verdict::Contradicted(
            "disagreement.over: a DCE pair counts output bytes".into(),
        ));
    }
    for (field, was, is) in [
        ("trials", recorded.trials, counted.trials),
        ("differing", recorded.differing, counted.differing),
    ] {
        if was != is {
            return Err(Verdict::Contradicted(format!(
                "disagreement.{field}: {was} recorded, but the two stdouts give {is}"
            )));
        }
    }
    Ok(())
}

/// Step 3, the block's status, re-derived by LLVM and by an instrumented run of the original.
fn check_block(claim: &Claim, original_out: &[u8], ctx: &AuditContext) -> Option<Verdict> {
    let ev = &claim.evidence;
    let (id, side, tier) = (claim.id, claim.side, claim.tier);
    let (inst_out, classification, hits) = step_or_some!(
        "classification",
        CLASSIFICATIONS.get_or(sha256_hex(claim.original.as_bytes()), || {
            Ok::<_, equibench_core::CategoryError>(
                analysis::classify_markers(ctx.tools, ctx.work_dir, "audit1", claim.original)?
                    .map(|(_, out, classification, hits)| (out, classification, hits)),
            )
        })
    );
    if inst_out != original_out {
        return Some(Verdict::Contradicted(format!(
            "the instrumented {side} prints a different stdout"
        )));
    }
    let executed = hits.contains(&id);
    if ev.executed != executed {
        return Some(Verdict::Contradicted(format!(
            "marker {id} executed={executed}, evidence says otherwise"
        )));
    }
    let level = classification
        .lowest_level(id)
        .map(Level::as_str)
        .unwrap_or("none");
    if level != ev.elimination_level {
        return Some(Verdict::Contradicted(format!(
            "marker {id} is eliminated at {level}, evidence says {}",
            ev.elimination_level
        )));
    }
    let o2 = classification.eliminated_at(id, Level::O2);
    if !tier.supported_by(executed, o2) {
        return Some(Verdict::Contradicted(format!(
            "marker {id} (executed={executed}, eliminated at O2={o2}) does not support {}",
            tier.as_str()
        )));
    }
    None
}

/// The original must be what CSmith makes with the recorded seed and flags. Without this, an edit to
/// the original inside the block the edit removes leaves the edited program, the edit relation, the stdouts and
/// the block's classification all intact, and the pair would pass with a program CSmith never made.
fn check_csmith_origin(pair: &Pair, original: &str, ctx: &AuditContext) -> Option<Verdict> {
    let source: CsmithSource = match pair.provenance.source.record() {
        Ok(s) => s,
        Err(e) => return Some(Verdict::Contradicted(e.to_string())),
    };
    if pair.provenance.source.kind != SOURCE_KIND {
        return Some(Verdict::Contradicted(format!(
            "provenance.source is of kind `{}`, not `{SOURCE_KIND}`",
            pair.provenance.source.kind
        )));
    }
    let (seed, flags) = (source.csmith_seed, source.csmith_flags);
    // The flags come from the record: only those the pipeline draws may reach csmith (it has
    // options that write files).
    let known = |f: &str| {
        csmith::SAFETY_FLAGS.contains(&f)
            || csmith::FEATURES
                .iter()
                .any(|x| f.strip_prefix("--no-").or(f.strip_prefix("--")) == Some(*x))
            || matches!(f, "--max-funcs" | "--max-block-depth")
            || f.parse::<u32>().is_ok()
    };
    if let Some(bad) = flags.iter().find(|f| !known(f)) {
        return Some(Verdict::Contradicted(format!(
            "provenance.source has a csmith flag the pipeline never uses: {bad}"
        )));
    }
    let key = format!("{seed} {}", flags.join(" "));
    let run = CsmithRun { seed, flags };
    let regenerated =
        match REGENERATED.get_or(key, || csmith::generate(ctx.tools, &run, ctx.work_dir)) {
            Ok(p) => p,
            Err(e) => return Some(Verdict::Inconclusive(format!("csmith: {e}"))),
        };
    if regenerated == original {
        return None;
    }
    let recorded = pair
        .provenance
        .tools
        .iter()
        .find(|t| t.name == "csmith")
        .map(|t| t.version.clone());
    let here = ctx
        .tools
        .get(&crate::tools::CSMITH)
        .ok()
        .map(|t| t.version.clone());
    Some(if recorded == here {
        Verdict::Contradicted(format!(
            "the original program is not what csmith {} makes with the recorded seed {seed} and flags",
            here.unwrap_or_default()
        ))
    } else {
        Verdict::Inconclusive(format!(
            "the original program was made by csmith {recorded:?}; this machine has {here:?}"
        ))
    })
}
