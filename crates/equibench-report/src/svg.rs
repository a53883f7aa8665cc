//! Inline SVG charts drawn on the Rust side: stacked histograms (equivalent over inequivalent) and
//! the balance bars. No chart library and no script, so the pages render from `file://`, offline,
//! identically every time.

use crate::html::escape;
use std::fmt::Write;

/// Bins of a histogram: their left edges, a common width, and the counts of each label.
#[derive(Debug, Clone, PartialEq)]
pub struct Bins {
    pub start: f64,
    pub width: f64,
    pub equivalent: Vec<u64>,
    pub inequivalent: Vec<u64>,
}

impl Bins {
    /// Bins of `width` starting at `start`, `count` of them, filled from labelled values. Values
    /// past the last bin land in it (the upper edge is inclusive).
    pub fn fill(start: f64, width: f64, count: usize, values: &[(f64, bool)]) -> Bins {
        let count = count.max(1);
        let mut b = Bins {
            start,
            width,
            equivalent: vec![0; count],
            inequivalent: vec![0; count],
        };
        for (v, equivalent) in values {
            let i = (((v - start) / width).floor().max(0.0) as usize).min(count - 1);
            if *equivalent {
                b.equivalent[i] += 1;
            } else {
                b.inequivalent[i] += 1;
            }
        }
        b
    }

    /// Bins for line counts: a round width (1, 2 or 5 times a power of ten) giving at most
    /// `max_bins` bins between the smallest and largest value.
    pub fn for_lines(values: &[(f64, bool)], max_bins: usize) -> Bins {
        let lo = values.iter().map(|v| v.0).fold(f64::INFINITY, f64::min);
        let hi = values.iter().map(|v| v.0).fold(f64::NEG_INFINITY, f64::max);
        if !lo.is_finite() {
            return Bins::fill(0.0, 1.0, 1, &[]);
        }
        let width = nice_width(hi - lo, max_bins.max(1));
        let start = (lo / width).floor() * width;
        let count = (((hi - start) / width).floor() as usize + 1).min(max_bins.max(1) + 1);
        Bins::fill(start, width, count, values)
    }

    /// The count of bin `i`, both labels.
    pub fn total(&self, i: usize) -> u64 {
        self.equivalent[i] + self.inequivalent[i]
    }
}

/// The smallest of 1, 2, 5 x 10^k that covers `span` in `max_bins` bins.
fn nice_width(span: f64, max_bins: usize) -> f64 {
    let raw = (span / max_bins as f64).max(1.0);
    let mut scale = 1.0;
    while scale * 10.0 <= raw {
        scale *= 10.0;
    }
    for m in [1.0, 2.0, 5.0, 10.0] {
        if m * scale >= raw {
            return m * scale;
        }
    }
    10.0 * scale
}

const W: f64 = 420.0;
const H: f64 = 190.0;
const LEFT: f64 = 38.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 34.0;

/// A stacked histogram: equivalent (bottom) and inequivalent counts per bin. `edge` formats a bin
/// edge for the axis; `caption` names the chart for screen readers and tooltips.
pub fn histogram(
    bins: &Bins,
    caption: &str,
    x_label: &str,
    edge: &dyn Fn(f64) -> String,
) -> String {
    let n = bins.equivalent.len();
    let max = (0..n).map(|i| bins.total(i)).max().unwrap_or(0).max(1);
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let bar_w = plot_w / n as f64;
    let y = |count: u64| plot_h * count as f64 / max as f64;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg class=\"chart\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" role=\"img\" \
         aria-label=\"{0}\"><title>{0}</title>",
        escape(caption)
    );
    // Axes and the y scale (0 and the maximum).
    let _ = write!(
        s,
        "<line class=\"axis\" x1=\"{LEFT}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\"/>\
         <line class=\"axis\" x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{0}\"/>\
         <text class=\"tick\" x=\"{2}\" y=\"{3}\" text-anchor=\"end\">{max}</text>\
         <text class=\"tick\" x=\"{2}\" y=\"{0}\" text-anchor=\"end\">0</text>",
        TOP + plot_h,
        W - RIGHT,
        LEFT - 4.0,
        TOP + 8.0
    );
    for i in 0..n {
        let x = LEFT + bar_w * i as f64;
        let lo = bins.start + bins.width * i as f64;
        let hi = lo + bins.width;
        let (eq, ne) = (bins.equivalent[i], bins.inequivalent[i]);
        let tip = format!(
            "{}-{}: {eq} equivalent, {ne} inequivalent",
            edge(lo),
            edge(hi)
        );
        let h_eq = y(eq);
        let h_ne = y(ne);
        let base = TOP + plot_h;
        let _ = write!(
            s,
            "<g><title>{}</title><rect class=\"bar eq\" x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\"/>\
             <rect class=\"bar ne\" x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\"/></g>",
            escape(&tip),
            x + 0.5,
            base - h_eq,
            (bar_w - 1.0).max(0.5),
            h_eq,
            x + 0.5,
            base - h_eq - h_ne,
            (bar_w - 1.0).max(0.5),
            h_ne
        );
    }
    // X ticks: at most 6 labelled edges.
    let step = n.div_ceil(5).max(1);
    let mut i = 0;
    while i <= n {
        let x = LEFT + bar_w * i as f64;
        let _ = write!(
            s,
            "<text class=\"tick\" x=\"{x:.2}\" y=\"{:.2}\" text-anchor=\"middle\">{}</text>",
            TOP + plot_h + 13.0,
            escape(&edge(bins.start + bins.width * i as f64))
        );
        i += step;
    }
    let _ = write!(
        s,
        "<text class=\"label\" x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"middle\">{}</text></svg>",
        LEFT + plot_w / 2.0,
        H - 4.0,
        escape(x_label)
    );
    s
}

/// Horizontal bars, one per category: equivalent and inequivalent shares side by side with counts.
pub fn balance(rows: &[(String, usize, usize)]) -> String {
    let row_h = 26.0;
    let label_w = 70.0;
    let bar_w = 330.0;
    let width = label_w + bar_w + 20.0;
    let height = row_h * rows.len().max(1) as f64 + 6.0;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg class=\"chart balance\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" \
         role=\"img\" aria-label=\"equivalent and inequivalent pairs per category\">\
         <title>equivalent and inequivalent pairs per category</title>"
    );
    for (i, (name, eq, ne)) in rows.iter().enumerate() {
        let y = 3.0 + row_h * i as f64;
        let total = (eq + ne).max(1) as f64;
        let w_eq = bar_w * *eq as f64 / total;
        let w_ne = bar_w * *ne as f64 / total;
        let _ = write!(
            s,
            "<text class=\"tick\" x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"end\">{}</text>\
             <g><title>{}: {eq} equivalent, {ne} inequivalent</title>\
             <rect class=\"bar eq\" x=\"{label_w}\" y=\"{y:.2}\" width=\"{w_eq:.2}\" height=\"{:.2}\"/>\
             <rect class=\"bar ne\" x=\"{:.2}\" y=\"{y:.2}\" width=\"{w_ne:.2}\" height=\"{:.2}\"/></g>\
             <text class=\"inbar\" x=\"{:.2}\" y=\"{:.2}\">{eq}</text>\
             <text class=\"inbar\" x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"end\">{ne}</text>",
            label_w - 6.0,
            y + 15.0,
            escape(name),
            escape(name),
            row_h - 6.0,
            label_w + w_eq,
            row_h - 6.0,
            label_w + 4.0,
            y + 15.0,
            label_w + bar_w - 4.0,
            y + 15.0,
        );
    }
    s.push_str("</svg>");
    s
}

/// One line of a [`trend`] chart: points (x, accuracy, interval low, interval high, pairs) drawn
/// at the middle of their bins.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    /// CSS class of the line (`eq`, `ne`).
    pub class: &'static str,
    pub points: Vec<(f64, f64, f64, f64, usize)>,
}

/// Accuracy (0 to 100%) against a measure in [0, 1]: a line per series through its bins, each
/// point with its 95% interval as a whisker, and the 50% line of chance.
pub fn trend(series: &[Series], caption: &str, x_label: &str) -> String {
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let px = |x: f64| LEFT + plot_w * x.clamp(0.0, 1.0);
    let py = |y: f64| TOP + plot_h * (1.0 - y.clamp(0.0, 1.0));
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg class=\"chart trend\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" role=\"img\" \
         aria-label=\"{0}\"><title>{0}</title>\
         <line class=\"axis\" x1=\"{LEFT}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>\
         <line class=\"axis\" x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{1}\"/>\
         <line class=\"chance\" x1=\"{LEFT}\" y1=\"{3:.2}\" x2=\"{2}\" y2=\"{3:.2}\"/>\
         <text class=\"tick\" x=\"{4}\" y=\"{5}\" text-anchor=\"end\">100%</text>\
         <text class=\"tick\" x=\"{4}\" y=\"{6:.2}\" text-anchor=\"end\">50%</text>\
         <text class=\"tick\" x=\"{4}\" y=\"{1}\" text-anchor=\"end\">0</text>",
        escape(caption),
        TOP + plot_h,
        W - RIGHT,
        py(0.5),
        LEFT - 4.0,
        TOP + 8.0,
        py(0.5) + 3.0,
    );
    for i in 0..=5 {
        let x = i as f64 / 5.0;
        let _ = write!(
            s,
            "<text class=\"tick\" x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"middle\">{x:.1}</text>",
            px(x),
            TOP + plot_h + 13.0
        );
    }
    for (k, line) in series.iter().enumerate() {
        let pts: Vec<String> = line
            .points
            .iter()
            .map(|p| format!("{:.2},{:.2}", px(p.0), py(p.1)))
            .collect();
        let _ = write!(s, "<g class=\"series {}\">", line.class);
        if pts.len() > 1 {
            let _ = write!(s, "<polyline points=\"{}\"/>", pts.join(" "));
        }
        for &(x, acc, low, high, n) in &line.points {
            let _ = write!(
                s,
                "<g><title>{name}: {a:.1}% [{l:.1}, {h:.1}] of {n} pairs</title>\
                 <line class=\"whisker\" x1=\"{cx:.2}\" y1=\"{y1:.2}\" x2=\"{cx:.2}\" y2=\"{y2:.2}\"/>\
                 <circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"3\"/></g>",
                name = escape(&line.name),
                a = acc * 100.0,
                l = low * 100.0,
                h = high * 100.0,
                cx = px(x),
                y1 = py(low),
                y2 = py(high),
                cy = py(acc),
            );
        }
        // The legend, top right.
        let ly = TOP + 10.0 + 13.0 * k as f64;
        let _ = write!(
            s,
            "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"3\"/><text class=\"tick\" x=\"{:.2}\" y=\"{:.2}\">{}</text></g>",
            W - RIGHT - 120.0,
            ly - 3.0,
            W - RIGHT - 112.0,
            ly,
            escape(&line.name)
        );
    }
    let _ = write!(
        s,
        "<text class=\"label\" x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"middle\">{}</text></svg>",
        LEFT + plot_w / 2.0,
        H - 4.0,
        escape(x_label)
    );
    s
}
