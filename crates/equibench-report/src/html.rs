//! HTML text: escaping, the page skeleton every page shares, and small formatting helpers.
//!
//! Everything that reaches a page from a record (programs, ids, evidence, problem statements) goes
//! through [`escape`]: programs are full of `<`, `>` and `&`, and a problem statement is HTML that
//! must never run inside the report.

use serde_json::Value;

/// Text safe inside an element or a double- or single-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // A NUL or other control character would make the page invalid; show it visibly.
            c if c.is_control() && c != '\n' && c != '\t' && c != '\r' => {
                out.push_str(&format!("\\u{{{:04x}}}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// JSON pretty-printed with keys sorted at every level (so pages do not depend on map order),
/// escaped for HTML.
pub fn json_block(value: &Value) -> String {
    let canonical = equibench_core::pair::canonicalize(value);
    let text = serde_json::to_string_pretty(&canonical).unwrap_or_else(|e| e.to_string());
    format!("<pre class=\"json\">{}</pre>", escape(&text))
}

/// A whole page. `root` is the relative path from the page to the report's root (`""` or
/// `"../../"`), so the report works from `file://` and can be moved as a folder.
pub fn page(title: &str, root: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"equibench report\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"{root}style.css\">\n\
         <script src=\"{root}report.js\" defer></script>\n</head>\n<body>\n{body}\n</body>\n</html>\n",
        escape(title)
    )
}

/// The label of a pair as a badge.
pub fn label_badge(equivalent: bool) -> &'static str {
    if equivalent {
        "<span class=\"badge eq\">equivalent</span>"
    } else {
        "<span class=\"badge ne\">inequivalent</span>"
    }
}

/// A fixed-precision number (the same text on every platform).
pub fn fixed(x: f64, decimals: usize) -> String {
    if x.is_finite() {
        format!("{x:.decimals$}")
    } else {
        "-".to_string()
    }
}
