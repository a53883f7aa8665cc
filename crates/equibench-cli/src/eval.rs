//! `equibench eval` and `equibench eval compare`: the thin CLI layer over equibench-eval (options,
//! Ctrl-C, the progress bar, the printed tables, exit codes).

use crate::args::{EvalArgs, EvalCommand};
use crate::exit;
use crate::shortcuts::category_features;
use anyhow::{Context, Result};
use equibench_core::Registry;
use equibench_eval::client::ClientConfig;
use equibench_eval::runlog::write_scores;
use equibench_eval::runner::{self, End, Observer, RunSettings};
use equibench_eval::runs::FinishedRun;
use equibench_eval::{dryrun, scores, Answer, EvalOptions, RequestRecord};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

pub fn run(args: EvalArgs, registry: &Registry, quiet: bool) -> Result<u8> {
    if let Some(EvalCommand::Compare { run_a, run_b, json }) = args.compare {
        let c = equibench_eval::compare::compare(&run_a, &run_b)?;
        if json {
            println!("{}", serde_json::to_string_pretty(&c)?);
        } else {
            print!("{}", equibench_eval::compare::render(&c));
        }
        return Ok(exit::OK);
    }
    if let Some(EvalCommand::Analyse { runs, dir, out }) = args.compare {
        let a = equibench_eval::analyse::analyse_dirs(&runs, dir.as_deref())?;
        print!("{}", equibench_eval::analyse::render(&a));
        std::fs::write(&out, serde_json::to_string_pretty(&a)? + "\n")
            .with_context(|| format!("writing {}", out.display()))?;
        println!("analysis written to {}", out.display());
        return Ok(exit::OK);
    }
    let dir = args.dir.context("DIR is required")?;
    let options = EvalOptions {
        model: args.model.context("--model is required")?,
        base_url: args.base_url.trim_end_matches('/').to_string(),
        prompt: args.prompt,
        categories: args
            .categories
            .iter()
            .map(|c| registry.resolve(c).map(|n| n.to_string()))
            .collect::<Result<_, _>>()?,
        limit: args.limit,
        temperature: args.temperature,
        max_tokens: args.max_tokens,
        seed: args.seed,
        paper_compat: args.paper_compat,
    };
    let plan = equibench_eval::plan(&dir, &options, registry)
        .with_context(|| format!("preparing the prompts of {}", dir.display()))?;
    if args.dry_run {
        print!(
            "{}",
            dryrun::render(&dryrun::estimate(&plan, options.prompt.record_name()))
        );
        return Ok(exit::OK);
    }
    let out = args.out.context("--out is required")?;
    let secs = |s: f64, what: &str| {
        Duration::try_from_secs_f64(s)
            .map_err(|_| anyhow::anyhow!("{what} must be a number of seconds >= 0"))
    };
    let settings = RunSettings {
        concurrency: args.concurrency as usize,
        api_key_env: args.api_key_env.clone(),
        client: ClientConfig {
            base_url: options.base_url.clone(),
            api_key: std::env::var(&args.api_key_env)
                .ok()
                .filter(|k| !k.is_empty()),
            connect_timeout: secs(args.connect_timeout, "--connect-timeout")?,
            read_timeout: secs(args.read_timeout, "--read-timeout")?,
            max_tries: args.max_tries,
            backoff: secs(args.backoff, "--backoff")?,
        },
    };
    // No new request is sent; those in flight finish and are logged.
    let cancel = crate::interrupt::install(crate::interrupt::Messages {
        winding_down: "waiting for the requests in flight (Ctrl-C again stops at once)",
        kept: "finished requests are in the run log",
    });
    let bar = Bar::new(quiet);
    let result = runner::run(&dir, &plan, &options, &settings, &out, cancel, &bar);
    bar.bar.finish_and_clear();
    let result = result?;

    let pairs: Vec<equibench_core::Pair> = plan.jobs.iter().map(|j| j.pair.clone()).collect();
    let s = scores::score_over(&result.records, &pairs, &|p| category_features(registry, p));
    let path = write_scores(&out, &s)?;
    print!("{}", scores::render(&s));
    println!(
        "{} of {} requests finished ({} sent now); scores in {}",
        result.records.iter().filter(|r| r.finished()).count(),
        plan.jobs.len(),
        result.sent,
        path.display()
    );
    Ok(match result.end {
        End::Complete => exit::OK,
        End::Interrupted => {
            eprintln!("interrupted: re-run the same command to go on");
            exit::INTERRUPTED
        }
        End::Incomplete => {
            eprintln!(
                "some requests failed on every try (rate limits, server errors, timeouts): re-run the same command to retry them"
            );
            exit::INCOMPLETE
        }
    })
}

/// The progress bar: requests finished, ETA, and the running accuracy of this invocation.
struct Bar {
    bar: ProgressBar,
    done: AtomicUsize,
    correct: AtomicUsize,
    unparsed: AtomicUsize,
    truncated: AtomicUsize,
}

impl Bar {
    fn new(quiet: bool) -> Bar {
        let bar = ProgressBar::new(0);
        if quiet {
            bar.set_draw_target(ProgressDrawTarget::hidden());
        }
        bar.set_style(
            ProgressStyle::with_template(
                "eval [{bar:30}] {pos}/{len} requests {elapsed_precise} eta {eta}  {msg}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        Bar {
            bar,
            done: AtomicUsize::new(0),
            correct: AtomicUsize::new(0),
            unparsed: AtomicUsize::new(0),
            truncated: AtomicUsize::new(0),
        }
    }
}

impl Observer for Bar {
    fn started(&self, total: usize, done: usize) {
        self.bar.set_length(total as u64);
        self.bar.set_position(done as u64);
        // The ETA counts this invocation's pace only.
        self.bar.reset_eta();
    }

    fn finished(&self, r: &RequestRecord) {
        let n = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let c = self
            .correct
            .fetch_add(r.correct as usize, Ordering::Relaxed)
            + r.correct as usize;
        let count = |counter: &AtomicUsize, what: Answer| {
            let hit = (r.parsed == Some(what)) as usize;
            counter.fetch_add(hit, Ordering::Relaxed) + hit
        };
        let u = count(&self.unparsed, Answer::Unparsed);
        let t = count(&self.truncated, Answer::Truncated);
        if r.finished() {
            self.bar.inc(1);
        }
        self.bar.set_message(format!(
            "accuracy {:.1}% over {n}, unparsed {u}, truncated {t}",
            100.0 * c as f64 / n as f64
        ));
    }
}

/// The runs `report --eval` shows, read from their request logs (scores recomputed from them, so
/// a run interrupted before writing scores.json shows what it finished).
pub fn report_runs(
    dir: &std::path::Path,
    runs: &[std::path::PathBuf],
    registry: &Registry,
) -> Result<Vec<equibench_report::EvalRun>> {
    if runs.is_empty() {
        return Ok(Vec::new());
    }
    let pairs = equibench_core::output::read_pairs(dir)
        .with_context(|| format!("reading {}", dir.display()))?;
    let mut out = Vec::new();
    for run in runs {
        let run = FinishedRun::read(run)?;
        run.check_over(&pairs, dir)?;
        let scores = run.scores(&pairs, &|p| category_features(registry, p));
        out.push(equibench_report::EvalRun::new(
            run.name(),
            run.records,
            scores,
        ));
    }
    Ok(out)
}
