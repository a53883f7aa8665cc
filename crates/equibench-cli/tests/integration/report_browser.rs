//! `equibench report` checked in a real browser: a small real build (a copy of the run's shared
//! reference build: two pairs of every registered category) is reported, then Debian's Chromium
//! loads the pages headless from `file://`, takes a screenshot of the index, and dumps the DOM
//! after the page's script ran. Chromium is installed by scripts/setup.sh; a machine without it
//! fails here with the command to run, never skips.

use crate::real_common;
use crate::scripted_server;

use real_common::{
    assert_ok, copy_dir, equibench, registered, shared_reference, SHARED_PAIRS as PAIRS,
};
use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> PathBuf {
    for c in ["chromium", "chromium-browser", "google-chrome"] {
        if let Ok(out) = Command::new("sh")
            .args(["-c", &format!("command -v {c}")])
            .output()
        {
            if out.status.success() {
                return PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
            }
        }
    }
    panic!("chromium is missing: install it with scripts/setup.sh (apt-get install chromium)");
}

/// Chromium headless with everything that would reach the network or the user's profile turned off.
fn headless(profile: &Path) -> Command {
    let mut c = Command::new(chromium());
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The DOM of a `file://` URL (with a fragment) after its script ran.
fn dump_dom_url(profile: &Path, url: &str) -> String {
    let out = headless(profile)
        .arg("--dump-dom")
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(out.status.success(), "chromium --dump-dom {url} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The DOM of `page` after its script ran.
fn dump_dom(profile: &Path, page: &Path) -> String {
    let out = headless(profile)
        .arg("--dump-dom")
        .arg(url(page))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium --dump-dom {} failed: {}",
        page.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(
        bytes.len() > 24 && bytes.starts_with(b"\x89PNG\r\n\x1a\n") && &bytes[12..16] == b"IHDR",
        "not a PNG"
    );
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&bytes[16..20]), be(&bytes[20..24]))
}

#[test]
fn report_renders_in_headless_chromium() {
    let work = tempfile::tempdir().unwrap();
    let out = work.path().join("out");
    let profile = work.path().join("profile");
    copy_dir(&shared_reference(), &out);
    let o = equibench(&["report", out.to_str().unwrap()]);
    assert_ok(&o, "equibench report");
    // The datasheet the build wrote covers every category, with its prose (two named here).
    let sheet = std::fs::read_to_string(out.join("DATASHEET.md")).expect("DATASHEET.md");
    for heading in [
        "## x86-64",
        "## OJ_A",
        "### Label evidence",
        "### Known limitations",
    ] {
        assert!(sheet.contains(heading), "DATASHEET.md lacks `{heading}`");
    }
    let report = out.join("report");
    let index = report.join("index.html");
    assert!(index.is_file(), "no index.html in {}", report.display());

    // The index: Table 1 with a row per category, the histograms, and the links into the pairs.
    let dom = dump_dom(&profile, &index);
    for cat in ["x86-64", "OJ_A"] {
        assert!(
            dom.contains(&format!("class=\"t1-row\" data-category=\"{cat}\"")),
            "Table 1 has no {cat} row"
        );
    }
    assert!(dom.contains("id=\"histograms\"") && dom.contains("<svg"));
    assert!(dom.contains("id=\"balance\""));

    // A category page: the script ran (filters shown, the count filled in).
    let cat_page = std::fs::read_dir(&report)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("cat-x86"))
        })
        .expect("a category page for x86-64");
    let dom = dump_dom(&profile, &cat_page);
    assert!(
        dom.contains(&format!("{PAIRS} of {PAIRS} pairs")),
        "the category page's script did not run or counted wrong"
    );

    // A pair page: both programs side by side and the evidence.
    let pairs_dir = report.join("pairs");
    let pair_page = std::fs::read_dir(&pairs_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.is_dir() && p.file_name().unwrap().to_string_lossy().starts_with("x86"))
        .map(|d| d.join("0001.html"))
        .expect("pair pages for x86-64");
    let dom = dump_dom(&profile, &pair_page);
    assert!(dom.contains("id=\"program-1\"") && dom.contains("id=\"program-2\""));
    assert!(dom.contains("id=\"evidence\"") && dom.contains("x86-"));

    screenshot_has_content(&profile, &index, work.path());
    report_with_an_eval_run(&profile, &out, &report, &cat_page, &pair_page);
}

/// A screenshot of the index at a fixed size: a real PNG of that size, with content.
fn screenshot_has_content(profile: &Path, index: &Path, work: &Path) {
    let shot = work.join("index.png");
    let o = headless(profile)
        .arg("--window-size=1280,900")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(url(index))
        .output()
        .expect("chromium runs");
    assert!(
        o.status.success() && shot.is_file(),
        "chromium --screenshot failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(png_size(&png), (1280, 900));
    // A blank page compresses to a few kilobytes; text, tables and charts do not.
    assert!(
        png.len() > 20_000,
        "the screenshot is nearly empty ({} bytes)",
        png.len()
    );
    if let Some(keep) = std::env::var_os("EQUIBENCH_KEEP_SCREENSHOT") {
        std::fs::copy(&shot, keep).unwrap();
    }
}

/// With a run of `equibench eval` (a model that always answers YES, from a scripted server on
/// 127.0.0.1): the scores on the index, each answer on the pair pages, the filter for pairs the
/// model got wrong, and the page listing them with their evidence.
fn report_with_an_eval_run(
    profile: &Path,
    out: &Path,
    report: &Path,
    cat_page: &Path,
    pair_page: &Path,
) {
    let server = scripted_server::Server::start(|_, _| scripted_server::Reply::text("YES"));
    let run = out.with_file_name("run");
    let o = equibench(&[
        "eval",
        out.to_str().unwrap(),
        "--model",
        "always-yes",
        "--base-url",
        &server.base_url,
        "--api-key-env",
        "EQUIBENCH_TEST_UNSET_KEY",
        "--out",
        run.to_str().unwrap(),
    ]);
    assert_ok(&o, "equibench eval");
    let with_eval = out.with_file_name("report-eval");
    let o = equibench(&[
        "report",
        out.to_str().unwrap(),
        "--eval",
        run.to_str().unwrap(),
        "--out",
        with_eval.to_str().unwrap(),
    ]);
    assert_ok(&o, "equibench report --eval");
    let dom = dump_dom(profile, &with_eval.join("index.html"));
    assert!(
        dom.contains("id=\"eval\"") && dom.contains("always-yes ZERO (run)"),
        "no scores table"
    );
    assert!(dom.contains("class=\"eval-row\" data-run=\"1\""));
    assert!(dom.contains("baseline: best surface shortcut"));
    let cat_name = cat_page.file_name().unwrap();
    let cat_url = url(&with_eval.join(cat_name));
    assert!(dump_dom_url(profile, &cat_url).contains(&format!("{PAIRS} of {PAIRS} pairs")));
    let wrong = dump_dom_url(profile, &format!("{cat_url}#wrong=any"));
    assert!(
        wrong.contains(&format!("{} of {PAIRS} pairs", PAIRS / 2)),
        "the filter should keep the {} inequivalent pairs an always-YES model got wrong",
        PAIRS / 2
    );
    let rel = pair_page.strip_prefix(report).unwrap();
    let dom = dump_dom(profile, &with_eval.join(rel));
    assert!(dom.contains("id=\"eval-answers\"") && dom.contains("always-yes ZERO (run)"));
    let dom = dump_dom(profile, &with_eval.join("eval-1.html"));
    assert_eq!(
        dom.matches("class=\"wrong-row\"").count(),
        PAIRS / 2 * registered().len(),
        "{} per category",
        PAIRS / 2
    );
    assert!(
        dom.contains("class=\"json\""),
        "the evidence beside each wrong answer"
    );
    // The analyses: an always-YES model is right on every equivalent pair and no inequivalent one.
    let index = std::fs::read_to_string(with_eval.join("index.html")).unwrap();
    assert!(
        index.contains("href=\"analysis.html\""),
        "no link to the analyses"
    );
    let dom = dump_dom(profile, &with_eval.join("analysis.html"));
    for section in ["by-label", "similarity", "subtlety", "prompt-types"] {
        assert!(
            dom.contains(&format!("id=\"{section}\"")),
            "no {section} section"
        );
    }
    assert_eq!(
        dom.matches("class=\"label-row\"").count(),
        registered().len(),
        "a row per category"
    );
    assert!(dom.contains("100.0 <span class=\"meta\">[") && dom.contains(">0.0 <span"));
    assert_eq!(
        dom.matches("<figure class=\"trend-figure\" data-category=")
            .count(),
        registered().len(),
        "a similarity chart per category"
    );
}
