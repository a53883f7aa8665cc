//! The three categories over the shared machinery: [`OjCategory`] with its [`Variant`].

use crate::candidates::plan;
use crate::make::Maker;
use crate::pytool::PyTool;
use crate::runner::{Backend, Runner};
use crate::select::select;
use crate::shared;
use crate::tools::SANDBOX_PYTHON;
use crate::variant::Variant;
use equibench_core::pair::ToolVersion;
use equibench_core::{
    AuditContext, Balance, BuildContext, Category, CategoryDescriptor, CategoryError, Pair,
    PairSink, Report, ToolSpec, Verdict, VENV_PYTHON,
};

/// OJ_A, OJ_V or OJ_VA.
#[derive(Debug, Clone)]
pub struct OjCategory {
    variant: Variant,
    /// Generated (or derived) inputs per problem besides the sample; EquiBench-style
    /// differential testing asks for at least 100.
    pub generated_inputs: usize,
}

impl OjCategory {
    pub fn new(variant: Variant) -> Self {
        OjCategory {
            variant,
            generated_inputs: 100,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Fewer generated inputs (tests only: pairs made so are sound but below the 100-input bar).
    pub fn with_generated_inputs(mut self, n: usize) -> Self {
        self.generated_inputs = n;
        self
    }
}

impl Category for OjCategory {
    fn descriptor(&self) -> &CategoryDescriptor {
        self.variant.descriptor()
    }

    fn exemplars(&self) -> &'static str {
        match self.variant {
            Variant::A => include_str!("../../../data/exemplars/OJ_A.jsonl"),
            Variant::V => include_str!("../../../data/exemplars/OJ_V.jsonl"),
            Variant::Va => include_str!("../../../data/exemplars/OJ_VA.jsonl"),
        }
    }

    fn rationale(&self, pair: &Pair) -> Option<String> {
        crate::rationale::rationale(pair)
    }

    /// Each block starts a judge worker and the renaming tool, and matches its two labels by
    /// surface bins within its own candidates: the more it owns, the more of them find a partner.
    fn block_size(&self) -> usize {
        50
    }

    /// Blocks partition the submission pairs (by a seeded hash), so a spare block would only repeat
    /// one of them.
    fn spare_blocks(&self, _blocks: usize) -> usize {
        0
    }

    fn required_tools(&self) -> Vec<&'static ToolSpec> {
        vec![&VENV_PYTHON, &SANDBOX_PYTHON]
    }

    fn data_folders(&self) -> Vec<&'static str> {
        vec![crate::tools::DATA_FOLDER]
    }

    /// Every OJ category offers the judge: they share one corpus.
    fn commands(&self) -> Vec<&'static equibench_core::ToolCommand> {
        vec![&crate::command::JUDGE]
    }

    fn generate(
        &self,
        ctx: &BuildContext,
        want: Balance,
        sink: &mut dyn PairSink,
    ) -> Result<Report, CategoryError> {
        let corpus = shared::corpus(ctx.inputs)?;
        let python = ctx.tools.get(&SANDBOX_PYTHON)?;
        let venv = ctx.tools.get(&VENV_PYTHON)?;
        let mut runner = Runner::new(&python.path, Backend::Worker);
        let mut tool =
            PyTool::start(ctx.tools).map_err(|e| CategoryError::Failed(e.to_string()))?;
        if ctx.block.index == 0 {
            // Skips made while reading the corpus are reported once per build.
            for (reason, n) in &corpus.skips {
                for _ in 0..*n {
                    sink.reject(&format!("source-skip-{reason}"));
                }
            }
        }
        let mut maker = Maker {
            category: self.variant,
            corpus: &corpus,
            runner: &mut runner,
            tool: &mut tool,
            generated_inputs: self.generated_inputs,
            seed: ctx.seed,
            sandbox_python: python.record(),
            venv_python: ToolVersion::new("python-venv (renaming, mutants)", venv.version.clone()),
        };
        let mut report = Report::default();
        let plan = plan(
            &corpus,
            self.variant,
            ctx.seed,
            ctx.block.index,
            ctx.block.count,
        );
        ctx.progress.note(
            self.name(),
            &format!(
                "{} equivalent and {} inequivalent candidates",
                plan.equivalent.len(),
                plan.inequivalent.len()
            ),
        );
        select(&mut maker, &plan, sink, &|| ctx.cancelled(), ctx.subtle)?;
        let left = sink.remaining();
        if (want.equivalent > 0 && left.equivalent > 0)
            || (want.inequivalent > 0 && left.inequivalent > 0)
        {
            report.exhausted = !ctx.cancelled();
        }
        Ok(report)
    }

    /// How many of the two programs carry comments (shown verbatim in OJ_A), and whether they are
    /// the same program up to a renaming of identifiers: reported apart, not counted, since
    /// recognising a renaming is what OJ_V asks.
    fn surface_features(&self, pair: &Pair) -> Vec<equibench_core::SurfaceFeature> {
        use equibench_core::shortcuts::token_alpha_equivalent;
        use equibench_core::SurfaceFeature;
        let commented = [&pair.program_1, &pair.program_2]
            .iter()
            .filter(|p| crate::surface::has_comment(p))
            .count();
        vec![
            SurfaceFeature::new("commented_sides", commented as f64),
            SurfaceFeature::uncounted(
                "alpha_equivalent",
                f64::from(u8::from(token_alpha_equivalent(
                    &pair.program_1,
                    &pair.program_2,
                ))),
            ),
        ]
    }

    /// What the two sides are: two Accepted submissions, a submission and its renamed self, a real
    /// Wrong Answer (near copy of the Accepted side or not), or a judged mutant.
    fn composition(&self, pair: &Pair) -> Vec<String> {
        let src = &pair.provenance.source.details;
        let side = |k: &str| src.get(k).cloned().unwrap_or_default();
        let (s1, s2) = (side("program_1"), side("program_2"));
        let same_submission = s1.get("submission_id") == s2.get("submission_id");
        let mutant = s1.get("mutant").is_some() || s2.get("mutant").is_some();
        vec![match (pair.equivalent, mutant, same_submission) {
            (true, _, true) => "a submission and itself, renamed".into(),
            (true, _, false) => "two Accepted submissions".into(),
            (false, true, _) => {
                "Accepted and a mutant the judge rejects (no real Wrong Answer fits)".into()
            }
            (false, false, _) => {
                let near = equibench_core::similarity::similarity(&pair.program_1, &pair.program_2)
                    >= crate::candidates::NEAR_COPY_SIMILARITY;
                if near {
                    "Accepted and a real Wrong Answer that is a near copy of it".into()
                } else {
                    "Accepted and a real Wrong Answer".into()
                }
            }
        }]
    }

    fn audit(&self, pair: &Pair, ctx: &AuditContext) -> Verdict {
        crate::audit::audit(self.variant, pair, ctx)
    }

    fn datasheet(&self) -> Option<equibench_core::CategoryDatasheet> {
        let renamer = crate::pytool::RENAMER_NAME;
        let (pairs, equivalent_kind) = match self.variant {
            Variant::A => (
                "Equivalent: two different Accepted submissions to the same problem. \
                 Inequivalent: an Accepted submission and a Wrong Answer (a real one, or a mutant). \
                 Both programs are shown verbatim."
                    .to_string(),
                "`differential-test`",
            ),
            Variant::V => (
                format!(
                    "Equivalent: a submission and its own renamed copy (identifiers renamed to \
                     var1/func1/class1 numbering by {renamer}). Inequivalent: an Accepted \
                     submission and a renamed near copy of it that the judge rejects: a real Wrong \
                     Answer at least {near}% similar to it, else a mutant of that same submission \
                     (recorded as such). Both sides are formatted by `ast.unparse`, so layout \
                     never shows which side was renamed.",
                    near = (crate::candidates::NEAR_COPY_SIMILARITY * 100.0).round()
                ),
                "`alpha-equivalence-and-differential-test` (the renamed copy is also checked to be \
                 alpha-equivalent: the same AST up to a bijection of names, symbol tables agreeing)",
            ),
            _ => (
                format!(
                    "Equivalent: two different Accepted submissions to the same problem, one of \
                     them renamed by {renamer}. Inequivalent: an Accepted submission and a renamed \
                     Wrong Answer (real or a mutant). Both sides are formatted by `ast.unparse`."
                ),
                "`differential-test`",
            ),
        };
        Some(equibench_core::CategoryDatasheet {
            sources: "Python 3 submissions to competitive-programming problems, in IBM Project \
                CodeNet's layout. With `--codenet DIR`, a user's copy of CodeNet (only submissions \
                whose `original_language` is a Python 3 dialect; malformed rows and files are \
                counted `source-skip-*` rejections) with its recorded judge statuses. By default, \
                the embedded corpus `data/oj/`: problems and Python 3 submissions written for \
                equibench (each submission's intended verdict and approach is in \
                `authoring/`), whose statuses in `metadata/` are written by equibench's own judge \
                (`equibench tool oj_a judge`) and never by hand; a problem whose files changed since \
                judging is skipped. Mutants of Accepted submissions (`tools/py_mutate.py`: one \
                operator, comparison, constant, loop bound or `and`/`or` changed) that the judge \
                rejects add near-miss Wrong Answers. The source kind below tells which corpus this \
                build used."
                .into(),
            construction: format!(
                "{pairs} Each unordered pair of submissions (a mutant counts as the submission \
                 it was made from) belongs to exactly one of OJ_A, OJ_V and OJ_VA, by a seeded \
                 hash, so the three categories never show the same two submissions, and gives at \
                 most one pair per label. Candidates are drawn in a seeded order and emitted in \
                 couples, an equivalent and an inequivalent pair from the same surface bin \
                 (winnowing similarity, line-count difference, how many sides carry comments, how \
                 many identifiers the two share and, in OJ_V, whose two programs are versions of \
                 one, the length of the longer in tokens; all measured on the programs as shown), \
                 so that neither label looks more alike, or longer, than the other; which program is shown first is a seeded coin, recorded. Every program runs in the core sandbox (time, memory and output limits), \
                 through a pre-forked `/usr/bin/python3` worker, on the problem's sample input plus \
                 {} more: from the problem's generator (`generators/PID.py SEED`) or, without one, \
                 shape-keeping mutations of the sample kept only where every Accepted submission \
                 agrees. Outputs are compared as whitespace-separated tokens, numbers within the \
                 problem's tolerance.",
                self.generated_inputs
            ),
            equivalent_evidence: format!(
                "{equivalent_kind}: both programs exit normally and agree on every one of the \
                 inputs (at least 100 besides the sample), and both were judged Accepted (OJ_V: \
                 the same submission). The evidence records every input (verbatim, or the \
                 generator seed and the generator's sha256), the sha256 of the agreed output for \
                 each, the statuses and where they come from, the limits and the comparison rule."
            ),
            inequivalent_evidence: "`differential-witness`: an input on which the Accepted side \
                exits normally and the outputs differ, recorded in full with both outputs, plus \
                the judge statuses (Accepted and Wrong Answer). The witness is a concrete input \
                on which the two programs behave differently."
                .into(),
            audit: "Rebuilds the recorded inputs (verbatim ones checked against their sha256, \
                generated ones regenerated with the recorded seed by a generator whose sha256 \
                matches) and re-runs both programs in the sandbox. An equivalent pair must agree \
                on every input (OJ_V: and be alpha-equivalent again); an inequivalent pair's \
                witness must still separate them. A run that hits a limit is inconclusive, never \
                a pass."
                .into(),
            limitations: vec![
                "Equivalent labels rest on differential testing, not proof: two Accepted \
                 programs can still differ on a valid input that neither the judge nor the ~100 \
                 generated inputs exercise (EquiBench names the same judge noise)."
                    .into(),
                "The embedded default corpus is small and written for equibench, not drawn from \
                 CodeNet's real users; its Wrong Answers include mutants, which are near misses \
                 by construction. Pass `--codenet DIR` for the paper's source distribution."
                    .into(),
                "With CodeNet, pairs whose recorded status our tests contradict are dropped \
                 (`codenet-label-inconsistency-*`), which biases the kept inequivalent pairs \
                 towards ones our inputs can separate."
                    .into(),
                format!(
                    "Renaming (OJ_V, OJ_VA) is {renamer}, numbering names like EquiBench's \
                     Figure 5, rather than EquiBench's python-minifier; programs using \
                     reflection it cannot follow (dir/vars/globals/locals/eval/exec, computed \
                     getattr names, __dict__, import *, f-string `=`, `**` calls, ...) are \
                     never renamed, names the output may show (a class's default repr, a \
                     function's __name__) are kept, and `ast.unparse` drops comments on both \
                     sides."
                ),
                "Only Python 3 submissions are used; problem statements (`problem_html`) are \
                 passed through as the corpus has them."
                    .into(),
            ],
        })
    }
}
