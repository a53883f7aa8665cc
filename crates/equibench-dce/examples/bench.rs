//! Throughput of the DCE pipeline: `cargo run --release -p equibench-dce --example bench -- PAIRS JOBS`
//! makes PAIRS pairs (half of each label) in blocks of the category's size on JOBS threads, and
//! prints programs and pairs per minute with rejection counts by reason. A third argument `1` then
//! audits every pair (verdict counts); `BENCH_OUT=FILE` writes the pairs as JSONL.

#![forbid(unsafe_code)]

use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Category, Inputs, Tools};
use equibench_dce::Dce;
use std::collections::BTreeMap;
use std::sync::Mutex;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let pairs = args.first().copied().unwrap_or(20);
    let jobs = args.get(1).copied().unwrap_or(2).max(1);
    let dce = Dce::default();
    let size = dce.block_size();
    let per_label = pairs / 2;
    let blocks = per_label.div_ceil(size);
    let tools = Tools::new();
    let inputs = Inputs::default();
    let next = Mutex::new(0usize);
    let made = Mutex::new((0usize, 0usize));
    let all = Mutex::new(Vec::new());
    let rejected = Mutex::new(BTreeMap::<String, u64>::new());
    let started = std::time::Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let b = {
                    let mut n = next.lock().unwrap();
                    let b = *n;
                    *n += 1;
                    b
                };
                if b >= blocks {
                    break;
                }
                let n = size.min(per_label - b * size);
                match generate_block(&dce, 1, b, blocks, Balance::new(n, n), &inputs, &tools) {
                    Ok((sink, report)) => {
                        let mut m = made.lock().unwrap();
                        m.0 += sink.pairs.iter().filter(|p| p.equivalent).count();
                        m.1 += sink.pairs.iter().filter(|p| !p.equivalent).count();
                        drop(m);
                        all.lock().unwrap().extend(sink.pairs);
                        let mut r = rejected.lock().unwrap();
                        for (k, v) in report.rejected {
                            *r.entry(k).or_default() += v;
                        }
                    }
                    Err(e) => eprintln!("block {b}: {e}"),
                }
            });
        }
    });
    let secs = started.elapsed().as_secs_f64();
    let (eq, ineq) = *made.lock().unwrap();
    let programs = equibench_dce::programs_drawn();
    println!("jobs {jobs}: {eq} equivalent + {ineq} inequivalent pairs from {programs} CSmith programs in {secs:.1}s");
    println!(
        "{:.1} pairs/min, {:.1} programs/min, {:.2}s per pair",
        (eq + ineq) as f64 * 60.0 / secs,
        programs as f64 * 60.0 / secs,
        secs / (eq + ineq).max(1) as f64
    );
    println!("rejected: {:?}", rejected.lock().unwrap());
    let all = all.into_inner().unwrap();
    if let Ok(path) = std::env::var("BENCH_OUT") {
        let text: String = all.iter().map(|p| p.to_json_line() + "\n").collect();
        std::fs::write(path, text).expect("write BENCH_OUT");
    }
    if args.get(2) == Some(&1) {
        let started = std::time::Instant::now();
        let verdicts = Mutex::new(BTreeMap::<&'static str, usize>::new());
        let queue = Mutex::new(all.iter());
        std::thread::scope(|s| {
            for _ in 0..jobs {
                s.spawn(|| loop {
                    let Some(p) = queue.lock().unwrap().next() else {
                        break;
                    };
                    let v = audit_pair(&dce, p, &inputs, &tools);
                    if !v.is_confirmed() {
                        eprintln!("{} {}: {}", p.id, v.label(), v.detail());
                    }
                    *verdicts.lock().unwrap().entry(v.label()).or_default() += 1;
                });
            }
        });
        println!(
            "audit: {:?} in {:.1}s",
            verdicts.into_inner().unwrap(),
            started.elapsed().as_secs_f64()
        );
    }
}
