//! Finished runs read back from their directories, for `eval compare`, `eval analyse` and the
//! report: the last record of every pair that finished, and what the run was.

use crate::runlog::{self, Identity, RequestRecord, REQUESTS_FILE, RUN_FILE};
use crate::scores::{self, Scores};
use crate::EvalError;
use equibench_core::{Pair, SurfaceFeature};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// A run directory's finished requests.
#[derive(Debug, Clone)]
pub struct FinishedRun {
    pub dir: PathBuf,
    /// The last record of every pair that finished (a request that failed transiently on every
    /// try is not finished), in first-seen order.
    pub records: Vec<RequestRecord>,
}

impl FinishedRun {
    /// Read `run` (the `--out` directory of `equibench eval`).
    pub fn read(run: &Path) -> Result<FinishedRun, EvalError> {
        let path = run.join(REQUESTS_FILE);
        if !path.is_file() {
            return Err(EvalError::Run(format!(
                "{} has no {REQUESTS_FILE}: is it the --out directory of `equibench eval`?",
                run.display()
            )));
        }
        let (records, _) = runlog::read_records(&path)?;
        Ok(FinishedRun {
            dir: run.to_path_buf(),
            records: runlog::latest(records)
                .into_iter()
                .filter(RequestRecord::finished)
                .collect(),
        })
    }

    /// How the run is shown: model, prompt type and the directory's name
    /// (`gpt-4o-mini ZERO (run-1)`).
    pub fn name(&self) -> String {
        let dir = self.dir.file_name().map_or_else(
            || self.dir.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match self.records.first() {
            Some(r) => format!("{} {} ({dir})", r.model, r.prompt_type.record_name()),
            None => dir,
        }
    }

    /// What the run was (`run.json`).
    pub fn identity(&self) -> Result<Identity, EvalError> {
        runlog::read_identity(&self.dir.join(RUN_FILE))
    }

    /// Refuse a run that answered pairs not in `pairs` (a run over another output).
    pub fn check_over(&self, pairs: &[Pair], dir: &Path) -> Result<(), EvalError> {
        let ids: HashSet<&str> = pairs.iter().map(|p| p.id.as_str()).collect();
        let foreign = self
            .records
            .iter()
            .filter(|r| !ids.contains(r.pair_id.as_str()))
            .count();
        if foreign > 0 {
            return Err(EvalError::Run(format!(
                "{} answered {foreign} pair(s) that are not in {}: was it run over another output?",
                self.dir.display(),
                dir.display()
            )));
        }
        Ok(())
    }

    /// The run's scores over `pairs` (the output it answered), with the shortcut baseline
    /// measured on the pairs it answered.
    pub fn scores(
        &self,
        pairs: &[Pair],
        extra: &(dyn Fn(&Pair) -> Vec<SurfaceFeature> + Sync),
    ) -> Scores {
        scores::score_over(&self.records, pairs, extra)
    }
}
