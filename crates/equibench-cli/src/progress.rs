//! Progress bars: one per category, counting pairs made, with rejections and the category's own
//! notes as the message. Hidden with --quiet or when stderr is not a terminal.

use equibench_core::category::Progress;
use equibench_core::{CategoryName, Registry};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

pub struct Bars {
    _multi: MultiProgress,
    bars: BTreeMap<CategoryName, (ProgressBar, AtomicU64)>,
}

impl Bars {
    /// One bar per category, each `len` long (pairs), with `done` already made (a resumed build).
    pub fn new(
        registry: &Registry,
        lengths: &[(CategoryName, u64, u64)],
        unit: &str,
        quiet: bool,
    ) -> Bars {
        let multi = MultiProgress::new();
        if quiet {
            multi.set_draw_target(ProgressDrawTarget::hidden());
        }
        let style = ProgressStyle::with_template(&format!(
            "{{prefix:>6}} [{{bar:30}}] {{pos}}/{{len}} {unit} {{elapsed_precise}} eta {{eta}}  {{msg}}"
        ))
        .expect("a valid template")
        .progress_chars("=> ");
        let bars = lengths
            .iter()
            .map(|(cat, len, done)| {
                let bar = multi.add(ProgressBar::new(*len));
                bar.set_style(style.clone());
                bar.set_prefix(
                    registry
                        .descriptor(*cat)
                        .map_or(cat.as_str(), |d| d.cli_name),
                );
                bar.set_position(*done);
                (*cat, (bar, AtomicU64::new(0)))
            })
            .collect();
        Bars {
            _multi: multi,
            bars,
        }
    }

    pub fn inc(&self, category: CategoryName) {
        if let Some((bar, _)) = self.bars.get(&category) {
            bar.inc(1);
        }
    }

    pub fn finish(&self) {
        for (bar, _) in self.bars.values() {
            bar.finish();
        }
    }
}

impl Progress for Bars {
    fn note(&self, category: CategoryName, message: &str) {
        if let Some((bar, rejected)) = self.bars.get(&category) {
            bar.set_message(format!(
                "{} rejected | {message}",
                rejected.load(Ordering::Relaxed)
            ));
        }
    }

    fn pair_made(&self, category: CategoryName, _equivalent: bool) {
        self.inc(category);
    }

    fn rejected(&self, category: CategoryName, reason: &str) {
        if let Some((bar, rejected)) = self.bars.get(&category) {
            let n = rejected.fetch_add(1, Ordering::Relaxed) + 1;
            bar.set_message(format!("{n} rejected (last: {reason})"));
        }
    }
}
