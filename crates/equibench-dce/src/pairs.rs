//! From one analysed program to labelled pairs: pick candidate blocks, make the edit, check the
//! edited program, and write the record with the evidence `pair-format.md` asks of DCE.

use crate::analysis::{self, Analysis, Checked, Reject};
use crate::csmith::{CsmithRun, LineWindow};
use crate::evidence::{BlockEvidence, CsmithSource, SOURCE_KIND};
use crate::llvm::{self, Level};
use crate::markers::{self, BlockKind, Edit, Marker};
use equibench_core::disagreement::Disagreement;
use equibench_core::evidence::{Evidence, Source};
use equibench_core::pair::{sha256_hex, Side};
use equibench_core::{PairDraft, Provenance, ToolVersion};
use serde_json::{Map, Value};
use std::path::Path;

/// Why the label of a candidate should hold; decides the checks and the evidence `kind`.
/// Every edit kind occurs in both labels, so the edit alone does not give the label away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Equivalent: the marker is gone after LLVM `default<O2>` and never ran.
    LlvmProvedDead,
    /// Equivalent, harder: LLVM keeps the marker (or only O3 removes it) but it never ran.
    RuntimeDead,
    /// Equivalent: a then-branch LLVM proves dead and that never ran gets `(c && 0)`.
    DeadThenMadeFalse,
    /// Equivalent: an else-branch (or the added empty one) LLVM proves dead and that never ran
    /// gets `(c || 1)`: the condition was true every time it was evaluated.
    DeadElseMadeTrue,
    /// Inequivalent: the block ran and its contents are removed.
    ExecutedRemoved,
    /// Inequivalent (EquiBench Figure 2): a never-taken then-branch's condition made true.
    DeadConditionMadeTrue,
    /// Inequivalent: an executed then-branch's condition made false.
    ExecutedThenMadeFalse,
}

impl Tier {
    pub const ALL: [Tier; 7] = [
        Tier::LlvmProvedDead,
        Tier::RuntimeDead,
        Tier::DeadThenMadeFalse,
        Tier::DeadElseMadeTrue,
        Tier::ExecutedRemoved,
        Tier::DeadConditionMadeTrue,
        Tier::ExecutedThenMadeFalse,
    ];

    pub fn equivalent(self) -> bool {
        matches!(
            self,
            Tier::LlvmProvedDead
                | Tier::RuntimeDead
                | Tier::DeadThenMadeFalse
                | Tier::DeadElseMadeTrue
        )
    }

    pub fn edit(self) -> Edit {
        match self {
            Tier::DeadConditionMadeTrue | Tier::DeadElseMadeTrue => Edit::ConditionMadeTrue,
            Tier::DeadThenMadeFalse | Tier::ExecutedThenMadeFalse => Edit::ConditionMadeFalse,
            _ => Edit::RemoveContents,
        }
    }

    /// The evidence `kind`.
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::LlvmProvedDead => "dce-llvm-proved-dead-block-removed",
            Tier::RuntimeDead => "dce-runtime-dead-block-removed",
            Tier::DeadThenMadeFalse => "dce-dead-then-condition-made-false",
            Tier::DeadElseMadeTrue => "dce-dead-else-condition-made-true",
            Tier::ExecutedRemoved => "dce-executed-block-removed",
            Tier::DeadConditionMadeTrue => "dce-dead-condition-made-true",
            Tier::ExecutedThenMadeFalse => "dce-executed-then-condition-made-false",
        }
    }

    /// The evidence `tier`.
    pub fn short(self) -> &'static str {
        match self {
            Tier::LlvmProvedDead => "llvm-proved-dead",
            Tier::RuntimeDead => "runtime-dead-only",
            Tier::DeadThenMadeFalse => "dead-then-made-false",
            Tier::DeadElseMadeTrue => "dead-else-made-true",
            Tier::ExecutedRemoved => "executed-block-removed",
            Tier::DeadConditionMadeTrue => "dead-condition-made-true",
            Tier::ExecutedThenMadeFalse => "executed-then-made-false",
        }
    }

    pub fn parse(s: &str) -> Option<Tier> {
        Tier::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// Whether a marker that ran (`executed`) and is or is not eliminated at O2 (`o2`)
    /// supports this tier: what generation requires and the audit re-checks.
    pub fn supported_by(self, executed: bool, o2: bool) -> bool {
        match self {
            Tier::LlvmProvedDead | Tier::DeadThenMadeFalse | Tier::DeadElseMadeTrue => {
                !executed && o2
            }
            Tier::RuntimeDead | Tier::DeadConditionMadeTrue => !executed,
            Tier::ExecutedRemoved | Tier::ExecutedThenMadeFalse => executed,
        }
    }

    /// Whether the tier's edit at a block of `kind` means what the tier says. A condition made true
    /// at a then-branch forces that branch to run (inequivalent when it never ran); made true at
    /// an else-branch it skips the else (equivalent when the else never ran): the same edit, two
    /// meanings, told apart only by the kind of the block the marker sits in.
    pub fn fits(self, kind: BlockKind) -> bool {
        match self {
            Tier::LlvmProvedDead | Tier::RuntimeDead | Tier::ExecutedRemoved => {
                kind != BlockKind::AddedElse
            }
            Tier::DeadThenMadeFalse | Tier::ExecutedThenMadeFalse | Tier::DeadConditionMadeTrue => {
                kind == BlockKind::Then
            }
            Tier::DeadElseMadeTrue => matches!(kind, BlockKind::Else | BlockKind::AddedElse),
        }
    }

    /// The tiers a marker supports for edits of one label.
    pub fn of(
        analysis: &Analysis,
        marker: &Marker,
        program: &str,
        want_equivalent: bool,
    ) -> Vec<Tier> {
        let executed = analysis.hits.contains(&marker.id);
        let o2 = analysis.classification.eliminated_at(marker.id, Level::O2);
        Tier::with(executed, &[o2], marker, program, want_equivalent)
    }

    /// The tiers a marker may support for edits of one label, knowing only whether it ran
    /// (before LLVM says whether O2 removes it): a superset of [`Tier::of`] for either answer.
    /// Inequivalent tiers do not depend on LLVM, so for them this is exactly [`Tier::of`].
    pub fn possible(
        executed: bool,
        marker: &Marker,
        program: &str,
        want_equivalent: bool,
    ) -> Vec<Tier> {
        Tier::with(executed, &[false, true], marker, program, want_equivalent)
    }

    /// The tiers supported for some O2 answer in `o2s`.
    fn with(
        executed: bool,
        o2s: &[bool],
        marker: &Marker,
        program: &str,
        want_equivalent: bool,
    ) -> Vec<Tier> {
        let supported = |t: Tier, o2: bool| {
            // The runtime-dead tier is for blocks LLVM keeps; proved-dead ones go to the first.
            (t != Tier::RuntimeDead || !o2) && t.supported_by(executed, o2)
        };
        Tier::ALL
            .into_iter()
            .filter(|t| t.equivalent() == want_equivalent)
            .filter(|t| o2s.iter().any(|&o2| supported(*t, o2)) && t.fits(marker.kind))
            .filter(|t| match t.edit() {
                Edit::RemoveContents => {
                    marker.kind != BlockKind::AddedElse && marker.has_contents(program)
                }
                edit => markers::apply_edit(program, marker, edit).is_some(),
            })
            .collect()
    }
}

/// One edit to try.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub marker: Marker,
    pub tier: Tier,
}

/// Versions of every tool that shaped a pair.
#[derive(Debug, Clone)]
pub struct Versions {
    pub csmith: ToolVersion,
    pub clang: ToolVersion,
    pub gcc: ToolVersion,
    pub llvm: ToolVersion,
}

impl Versions {
    pub fn probe(tools: &equibench_core::Tools) -> Result<Self, equibench_core::CategoryError> {
        use crate::tools::{CLANG, CSMITH, GCC};
        Ok(Versions {
            csmith: tools.get(&CSMITH)?.record(),
            clang: tools.get(&CLANG)?.record(),
            gcc: tools.get(&GCC)?.record(),
            llvm: ToolVersion::new("llvm (inkwell)", llvm::llvm_version()),
        })
    }

    fn list(&self) -> Vec<ToolVersion> {
        vec![
            self.csmith.clone(),
            self.clang.clone(),
            self.gcc.clone(),
            self.llvm.clone(),
        ]
    }
}

/// Screen reasons renamed so that an edited program's failures are counted apart.
fn edit_reason(r: &'static str) -> &'static str {
    match r {
        "gcc-warning" => "edit-gcc-warning",
        "clang-warning" => "edit-clang-warning",
        "timeout" => "edit-timeout",
        "sanitizer" => "edit-sanitizer",
        "crash" => "edit-crash",
        "compile-error" => "edit-compile-error",
        "compiler-disagreement" => "edit-compiler-disagreement",
        other => other,
    }
}

/// The edited program and its stdout, once it passed every check its tier needs.
pub struct Checked2 {
    pub program_2: String,
    pub stdout_2: Vec<u8>,
}

/// Apply the candidate's edit and check the result: line window, warning screen, sanitizers,
/// termination, and stdout equal (equivalent) or different (inequivalent) from the original's.
pub fn check_candidate(
    tools: &equibench_core::Tools,
    dir: &Path,
    program: &str,
    original_stdout: &[u8],
    candidate: &Candidate,
    window: LineWindow,
) -> Checked<Checked2> {
    let Some(edited) = markers::apply_edit(program, &candidate.marker, candidate.tier.edit())
    else {
        return Ok(Err(Reject::new(
            "edit-not-applicable",
            "the edit changes nothing",
        )));
    };
    if edited == program {
        return Ok(Err(Reject::new(
            "edit-not-applicable",
            "the edit changes nothing",
        )));
    }
    if !window.contains(&edited) {
        return Ok(Err(Reject::new(
            "edit-size-out-of-window",
            "edited program leaves the line window",
        )));
    }
    let equivalent = candidate.tier.equivalent();
    let early = |out: &[u8]| -> Option<Reject> {
        match (equivalent, out == original_stdout) {
            (true, false) => Some(Reject::new(
                "edit-changed-stdout",
                "a removed dead block changed stdout",
            )),
            (false, true) => Some(Reject::new(
                "edit-stdout-unchanged",
                "stdout is the same after the edit",
            )),
            _ => None,
        }
    };
    // An equivalent tier's edit leaves the executed operations as they were, so the original's
    // sanitized run stands for the edited program's (`screen_unchanged_execution`).
    let screened = if equivalent {
        analysis::screen_unchanged_execution(tools, dir, "cand", &edited, &early)?
    } else {
        analysis::screen(tools, dir, "cand", &edited, &early)?
    };
    let stdout_2 = match screened {
        Ok(s) => s,
        Err(r) => return Ok(Err(Reject::new(edit_reason(r.reason), r.detail))),
    };
    Ok(Ok(Checked2 {
        program_2: edited,
        stdout_2,
    }))
}

/// Where a pair's program came from.
pub struct Origin<'a> {
    pub build_seed: u64,
    pub block: usize,
    pub program_index: usize,
    pub csmith: &'a CsmithRun,
}

/// Write the record. `original_first` puts the CSmith program as program_1 (else program_2);
/// the evidence records which side it is.
pub fn make_pair(
    origin: &Origin,
    versions: &Versions,
    program: &str,
    analysis: &Analysis,
    candidate: &Candidate,
    checked: Checked2,
    original_first: bool,
) -> equibench_core::Pair {
    let m = &candidate.marker;
    let level = analysis.classification.lowest_level(m.id);
    let executed = analysis.hits.contains(&m.id);
    let (l1, l2) = markers::line_span(program, &m.contents);
    // Issue 41: how many bytes of the two stdouts differ (the same count in either order).
    let disagreement = (!candidate.tier.equivalent())
        .then(|| Disagreement::of_outputs(&analysis.stdout, &checked.stdout_2));
    let (mut program_1, mut program_2) = (program.to_string(), checked.program_2);
    let (mut stdout_1, mut stdout_2) =
        (sha256_hex(&analysis.stdout), sha256_hex(&checked.stdout_2));
    if !original_first {
        std::mem::swap(&mut program_1, &mut program_2);
        std::mem::swap(&mut stdout_1, &mut stdout_2);
    }
    let original = Side::first_if(original_first);
    let transformation = match candidate.tier.edit() {
        Edit::RemoveContents => format!(
            "removed the contents of the {} at lines {l1}-{l2} (marker {}: {}, {}); its condition and braces are kept",
            m.kind,
            m.id,
            if executed { "executed" } else { "never executed" },
            match level {
                Some(l) => format!("eliminated by LLVM at {}", l.as_str()),
                None => "kept by LLVM at O1-O3".to_string(),
            }
        ),
        edit => format!(
            "made the condition of the if whose {} (marker {}, {}) is at lines {l1}-{l2} always {}: `(c)` became `(c {})`, still evaluated for its side effects",
            m.kind,
            m.id,
            if executed { "executed" } else { "never executed" },
            if edit == Edit::ConditionMadeTrue { "true" } else { "false" },
            if edit == Edit::ConditionMadeTrue { "|| 1" } else { "&& 0" },
        ),
    };
    let evidence = Evidence::new(
        candidate.tier.as_str(),
        &BlockEvidence {
            original: Some(original),
            marker_id: m.id,
            block_kind: m.kind.as_str().into(),
            edit: candidate.tier.edit().as_str().into(),
            elimination_level: level.map(Level::as_str).unwrap_or("none").into(),
            eliminated_at_o2: analysis.classification.eliminated_at(m.id, Level::O2),
            executed,
            tier: candidate.tier.short().into(),
            llvm_version: versions.llvm.version.clone(),
            clang_version: versions.clang.version.clone(),
            gcc_version: versions.gcc.version.clone(),
            llvm_pipelines: ["default<O1>", "default<O2>", "default<O3>"].map(String::from).into(),
            ir_from: "clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm (instrumented original)"
                .into(),
            executed_by:
                "clang -O0 instrumented build of the original, run once (the program takes no input)"
                    .into(),
            stdout_equal: stdout_1 == stdout_2,
            stdout_sha256_1: stdout_1,
            stdout_sha256_2: stdout_2,
            stdout_builds: [
                "gcc -O2 -Wall -Wextra",
                "clang -O0 -fsanitize=undefined,address -Wall -Wextra",
            ]
            .map(String::from)
            .into(),
            markers_in_program: analysis.marked.markers.len(),
        },
    );
    let evidence = match disagreement {
        Some(d) => evidence.with_disagreement(d),
        None => evidence,
    };
    let source = Source::new(
        SOURCE_KIND,
        &CsmithSource {
            csmith_seed: origin.csmith.seed,
            csmith_flags: origin.csmith.flags.clone(),
            statistics_trailer: "stripped".into(),
            program_sha256: sha256_hex(program.as_bytes()),
            block: origin.block,
            program_index: origin.program_index,
        },
    );
    PairDraft {
        equivalent: candidate.tier.equivalent(),
        program_1,
        program_2,
        context: Map::<String, Value>::new(),
        provenance: Provenance {
            pipeline: format!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")),
            tools: versions.list(),
            seed: origin.build_seed,
            source,
            transformation,
            evidence,
        },
    }
    .finish(&crate::DESCRIPTOR)
}
