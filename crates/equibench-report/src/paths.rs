//! Where each page of a report lives, and the grouping every page list follows: shared by the
//! benchmark's pages ([`crate::pages`]) and the eval pages ([`crate::eval`]), which link to each
//! other.

use equibench_core::{CategoryName, Pair};
use std::collections::BTreeMap;

/// The file name stem of a category's pages (`dce`, `oj_a`, `x86_64`, ...): the record spelling in
/// lower case with anything but letters, digits and `_` made `_`, so any category gets safe names.
pub fn slug(c: CategoryName) -> String {
    c.as_str()
        .chars()
        .map(|ch| {
            if ch.is_ascii_alphanumeric() || ch == '_' {
                ch.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// Where a category's pair page lives, relative to the report root. `number` is 1-based.
pub fn pair_path(c: CategoryName, number: usize) -> String {
    format!("pairs/{}/{number:04}.html", slug(c))
}

pub fn category_path(c: CategoryName) -> String {
    format!("cat-{}.html", slug(c))
}

/// The pairs of each category, in file order.
pub fn by_category(pairs: &[Pair]) -> BTreeMap<CategoryName, Vec<&Pair>> {
    let mut m: BTreeMap<CategoryName, Vec<&Pair>> = BTreeMap::new();
    for p in pairs {
        m.entry(p.category).or_default().push(p);
    }
    m
}
