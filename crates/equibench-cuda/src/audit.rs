//! Re-checking a CUDA pair from its programs and evidence alone: both recorded traces must be samples
//! of their operators' design spaces (allowed instruction kinds only; the design-space trace with the
//! recorded decisions, then TVM's CUDA postprocessors, re-derive the trace exactly) and must regenerate
//! the two programs exactly (and their launch configurations); the programs must pass the kernel and
//! clang checks; an equivalent pair's kernels must differ in normal form; an inequivalent pair's
//! witness is recomputed on CPU and must still show outputs that differ beyond tolerance.

use crate::catalogue::Operator;
use crate::env::Env;
use crate::evidence::{
    self, EquivalentEvidence, ScheduleRecord, WitnessEvidence, EQUIVALENT_KIND, WITNESS_KIND,
};
use crate::generate::checked;
use crate::kernel::normalise;
use crate::tvm::{Replayed, Tvm};
use crate::CudaCategory;
use equibench_core::pair::sha256_hex;
use equibench_core::{AuditContext, Pair, Verdict};

pub(crate) fn audit(category: &CudaCategory, pair: &Pair, ctx: &AuditContext) -> Verdict {
    let env = match Env::new(ctx.tools, ctx.inputs) {
        Ok(e) => e,
        Err(e) => return Verdict::Inconclusive(e.to_string()),
    };
    let tvm = Tvm::new(&category.pool, env.worker.clone());
    let a = Auditor {
        env: &env,
        tvm: &tvm,
        pair,
        scratch: ctx.work_dir,
    };
    let kind = pair.provenance.evidence.kind.as_str();
    let result = match (kind, pair.equivalent) {
        (EQUIVALENT_KIND, true) => a.equivalent(),
        (WITNESS_KIND, false) => a.inequivalent(),
        _ => Err(Verdict::Contradicted(format!(
            "evidence of kind `{kind}` cannot support the label {}",
            if pair.equivalent {
                "equivalent"
            } else {
                "inequivalent"
            }
        ))),
    };
    match result {
        Ok(detail) => Verdict::Confirmed(detail),
        Err(v) => v,
    }
}

struct Auditor<'a> {
    env: &'a Env,
    tvm: &'a Tvm<'a>,
    pair: &'a Pair,
    scratch: &'a std::path::Path,
}

type Checked = Result<String, Verdict>;

impl Auditor<'_> {
    /// Replay one side's trace and compare with its program and launch context.
    fn replay_side(
        &self,
        side: u8,
        op: &Operator,
        unroll: &[u32],
        sched: &ScheduleRecord,
    ) -> Result<(), Verdict> {
        let (program, key) = match side {
            1 => (&self.pair.program_1, "launch_1"),
            _ => (&self.pair.program_2, "launch_2"),
        };
        if sha256_hex(program.as_bytes()) != sched.kernels_sha256 {
            return Err(Verdict::Contradicted(format!(
                "program_{side} does not match the kernels_sha256 of schedule_{side}"
            )));
        }
        let replayed = self
            .tvm
            .replay(op, unroll, sched.design_space, &sched.trace)
            .map_err(|e| Verdict::Inconclusive(format!("replaying schedule_{side}: {e}")))?;
        let (kernels, replayed_launch) = match replayed {
            Replayed::Kernels { kernels, launch } => (kernels, launch),
            Replayed::Refused { refused } => {
                return Err(Verdict::Contradicted(format!(
                    "schedule_{side}'s trace is not a sample of its design space: {refused}"
                )))
            }
        };
        if &kernels != program {
            return Err(Verdict::Contradicted(format!(
                "schedule_{side}'s trace does not regenerate program_{side}"
            )));
        }
        let launch = checked(
            &self.env.clang,
            self.scratch,
            program,
            &replayed_launch,
            &format!("p{side}"),
        )
        .map_err(|reason| {
            Verdict::Contradicted(format!("program_{side} fails a check: {reason}"))
        })?;
        if self.pair.context.get(key) != Some(&launch) {
            return Err(Verdict::Contradicted(format!(
                "context.{key} differs from the launch configuration of the replayed schedule"
            )));
        }
        Ok(())
    }

    fn equivalent(&self) -> Checked {
        let ev: EquivalentEvidence =
            evidence::parse(&self.pair.provenance.evidence).map_err(Verdict::Contradicted)?;
        self.replay_side(1, &ev.operator, &ev.unroll_max_steps, &ev.schedule_1)?;
        self.replay_side(2, &ev.operator, &ev.unroll_max_steps, &ev.schedule_2)?;
        if normalise(&self.pair.program_1) == normalise(&self.pair.program_2) {
            return Err(Verdict::Contradicted(
                "the two programs are the same kernels up to layout".into(),
            ));
        }
        // Behaviour: both programs re-executed on the CPU harness (crate::exec).
        let executed = crate::exec::evidence::audit_pair(
            self.env,
            self.tvm,
            self.pair,
            &ev.operator,
            &ev.operator,
        )?;
        Ok(format!(
            "both traces replay to the programs on the same {} operator; kernels differ; {executed}",
            ev.operator.kind
        ))
    }

    fn inequivalent(&self) -> Checked {
        let ev: WitnessEvidence =
            evidence::parse(&self.pair.provenance.evidence).map_err(Verdict::Contradicted)?;
        self.replay_side(1, &ev.operator_1, &ev.unroll_max_steps_1, &ev.schedule_1)?;
        self.replay_side(2, &ev.operator_2, &ev.unroll_max_steps_2, &ev.schedule_2)?;
        let cmp = self
            .tvm
            .compare(&ev.operator_1, &ev.operator_2, ev.input_seed)
            .map_err(|e| Verdict::Inconclusive(format!("recomputing the witness: {e}")))?;
        if !cmp.comparable {
            return Err(Verdict::Contradicted(
                "the two operators take or give tensors of different shapes".into(),
            ));
        }
        if !cmp.differs {
            return Err(Verdict::Contradicted(format!(
                "on input seed {} the outputs agree within tolerance: no witness",
                ev.input_seed
            )));
        }
        // Behaviour: both programs re-executed on the CPU harness (crate::exec).
        let executed = crate::exec::evidence::audit_pair(
            self.env,
            self.tvm,
            self.pair,
            &ev.operator_1,
            &ev.operator_2,
        )?;
        Ok(format!(
            "both traces replay; witness recomputed on CPU: {} elements differ, max |diff| {:.4} (at {:?}: {} vs {}); {executed}",
            cmp.differing_elements, cmp.max_abs_diff, cmp.index, cmp.value_1, cmp.value_2
        ))
    }
}
