//! Who a category is, as the category itself says it: its [`CategoryDescriptor`]. The core keeps no
//! list of categories and matches on none of them; everything it needs to know about one (the
//! spelling in records and on the command line, the harness folder, the language, the verbatim
//! equivalence definition, the context keys and how the prompt shows them) comes from the
//! descriptor that the category's crate returns from [`Category::descriptor`](crate::Category::descriptor).
//!
//! [`CategoryName`] and [`Language`] are open sets: any name that matches [`NAME_PATTERN`] (or
//! [`LANGUAGE_PATTERN`]) can be read from a record. They are interned, so they stay `Copy` and
//! compare as the strings they are: the output order of `pairs.jsonl` is the sorted record spelling.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeSet;
use std::fmt;
use std::sync::Mutex;

/// What a record's `category` must look like (the project's schema says the same).
pub const NAME_PATTERN: &str = "^[A-Za-z0-9][A-Za-z0-9_.+-]{0,31}$";
/// What a record's `language` must look like.
pub const LANGUAGE_PATTERN: &str = "^[A-Za-z0-9][A-Za-z0-9_.+# -]{0,31}$";

/// Strings seen as category or language names, kept for the life of the process so that names are
/// `Copy`. Each distinct name is stored once; a process reads a handful of them.
static INTERNED: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

fn intern(s: &str) -> &'static str {
    let mut set = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(existing) = set.get(s) {
        return existing;
    }
    let leaked: &'static str = Box::leak(s.to_owned().into_boxed_str());
    set.insert(leaked);
    leaked
}

/// Does `s` match `^[A-Za-z0-9][A-Za-z0-9<extra>]{0,31}$`?
fn matches_pattern(s: &str, extra: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    first.is_ascii_alphanumeric()
        && s.len() <= 32
        && chars.all(|c| c.is_ascii_alphanumeric() || extra.contains(c))
}

macro_rules! interned_name {
    ($(#[$doc:meta])* $name:ident, $extra:expr, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(&'static str);

        impl $name {
            /// A name known at compile time (a category's own descriptor).
            pub const fn from_static(s: &'static str) -> Self {
                $name(s)
            }

            /// A name read at run time (a record, a journal); interned.
            pub fn new(s: &str) -> Self {
                $name(intern(s))
            }

            /// The spelling records use.
            pub fn as_str(self) -> &'static str {
                self.0
            }

            /// True when the spelling is one the schema accepts.
            pub fn is_well_formed(self) -> bool {
                matches_pattern(self.0, $extra)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:?}", self.0)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
                let name = $name::new(&s);
                if name.is_well_formed() {
                    Ok(name)
                } else {
                    Err(serde::de::Error::custom(format!(
                        concat!("`{}` is not a well-formed ", $what, " name"),
                        s
                    )))
                }
            }
        }
    };
}

interned_name!(
    /// A category's record spelling (`category` field), e.g. `LOOPS` or `arm-32`. Ordered as strings,
    /// which is the order of every output file.
    CategoryName,
    "_.+-",
    "category"
);

interned_name!(
    /// The language of a pair's programs (`language` field), e.g. `C` or `Python`: an open set.
    Language,
    "_.+# -",
    "language"
);

/// A key of a pair's `context`: what it holds, whether every pair has it, and where the public
/// EquiBench harness layout puts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextField {
    pub key: &'static str,
    /// What the value means (documentation for users of the records).
    pub doc: &'static str,
    /// Every pair of the category carries it, as a string.
    pub required: bool,
    /// The field name in `OUT/<HARNESS>/pairs.json` (e.g. `problem_def_in`), if exported there.
    pub harness_field: Option<&'static str>,
}

/// Everything the core and the CLI know about a category. A category's crate returns it from
/// [`Category::descriptor`](crate::Category::descriptor), usually a `static`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CategoryDescriptor {
    /// The record spelling, e.g. `arm-32` (matches [`NAME_PATTERN`]). Unique in a registry.
    pub name: &'static str,
    /// The short spelling the CLI prints and accepts (case-insensitively), e.g. `arm`.
    pub cli_name: &'static str,
    /// Further spellings the CLI accepts (case-insensitively).
    pub aliases: &'static [&'static str],
    /// The folder of the public EquiBench evaluation harness layout (`OUT/<HARNESS>/pairs.json`).
    pub harness_dir: &'static str,
    /// The programs' language (matches [`LANGUAGE_PATTERN`]).
    pub language: &'static str,
    /// One line for `--help` and listings: where the pairs come from and what backs the labels.
    pub summary: &'static str,
    /// The equivalence definition shown with every pair, verbatim. `{key}` is replaced by the
    /// pair's context value for `key` (for a key of [`Self::context`]; empty if absent).
    pub definition: &'static str,
    /// The context keys pairs of this category carry.
    pub context: &'static [ContextField],
    /// The context key holding a problem statement shown in the prompt before the programs (OJ's
    /// `problem_html`), if pairs carry one.
    pub problem_statement: Option<&'static str>,
    /// The zero-shot prompt, when the category's prompt is not the default layout (see
    /// [`crate::prompts`] for the placeholders).
    pub prompt_template: Option<&'static str>,
    /// Paths a user can point this category at (`build --FLAG PATH`). Declared here so the CLI
    /// offers them without naming the category; categories sharing a flag share its value.
    pub inputs: &'static [InputOption],
}

/// A path option a category reads, e.g. a corpus to use instead of the embedded default. The CLI
/// adds `--FLAG` to `build` (and to `audit` when [`InputOption::audit`]); the category reads the
/// value back with [`crate::Inputs::path`] or [`crate::Inputs::paths`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InputOption {
    /// The long flag without dashes (kebab-case), also the key in [`crate::Inputs`].
    pub flag: &'static str,
    /// How `--help` names the value, e.g. `DIR`.
    pub value_name: &'static str,
    /// One line for `--help`.
    pub help: &'static str,
    /// A comma-separated list of paths rather than one path.
    pub multiple: bool,
    /// Also offered by `audit` (the category needs it to re-check its pairs).
    pub audit: bool,
}

/// Why a descriptor cannot be registered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DescriptorError {
    #[error("category name `{0}` does not match {NAME_PATTERN}")]
    BadName(String),
    #[error("category `{0}`: language `{1}` does not match {LANGUAGE_PATTERN}")]
    BadLanguage(String, String),
    #[error("category `{0}`: {1} is empty")]
    Empty(String, &'static str),
    #[error("category `{0}`: the definition uses `{{{1}}}`, which is not one of its context keys")]
    UnknownPlaceholder(String, String),
    #[error("category `{0}`: the problem statement key `{1}` is not one of its context keys")]
    UnknownStatementKey(String, String),
    #[error("category `{0}`: input flag `{1}` is not kebab-case ([a-z][a-z0-9-]*)")]
    BadInputFlag(String, String),
}

impl CategoryDescriptor {
    /// The record spelling as a name.
    pub fn id(&self) -> CategoryName {
        CategoryName::from_static(self.name)
    }

    pub fn language(&self) -> Language {
        Language::from_static(self.language)
    }

    /// True when `spelling` names this category on the command line: its record spelling, CLI
    /// name, harness folder or an alias, ignoring ASCII case.
    pub fn answers_to(&self, spelling: &str) -> bool {
        let s = spelling.trim();
        [self.name, self.cli_name, self.harness_dir]
            .iter()
            .chain(self.aliases)
            .any(|n| n.eq_ignore_ascii_case(s))
    }

    /// The definition a pair with `context` carries: the template with `{key}` filled in, in one
    /// pass (a value is never itself searched for placeholders).
    pub fn definition_for(&self, context: &serde_json::Map<String, serde_json::Value>) -> String {
        fill(self.definition, |key| {
            self.context
                .iter()
                .any(|f| f.key == key)
                .then(|| context_str(context, key).to_string())
        })
    }

    /// The context keys every pair must carry.
    pub fn required_context(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.context.iter().filter(|f| f.required).map(|f| f.key)
    }

    /// Check what can be checked before a descriptor is used: names, language, placeholders.
    pub fn check(&self) -> Result<(), DescriptorError> {
        let name = self.name.to_string();
        if !self.id().is_well_formed() {
            return Err(DescriptorError::BadName(name));
        }
        if !self.language().is_well_formed() {
            return Err(DescriptorError::BadLanguage(name, self.language.into()));
        }
        for (what, value) in [
            ("cli_name", self.cli_name),
            ("harness_dir", self.harness_dir),
            ("summary", self.summary),
            ("definition", self.definition),
        ] {
            if value.trim().is_empty() {
                return Err(DescriptorError::Empty(name, what));
            }
        }
        for key in placeholders(self.definition) {
            if !self.context.iter().any(|f| f.key == key) {
                return Err(DescriptorError::UnknownPlaceholder(name, key.to_string()));
            }
        }
        if let Some(key) = self.problem_statement {
            if !self.context.iter().any(|f| f.key == key) {
                return Err(DescriptorError::UnknownStatementKey(name, key.into()));
            }
        }
        for input in self.inputs {
            if !is_kebab(input.flag) {
                return Err(DescriptorError::BadInputFlag(name, input.flag.into()));
            }
        }
        Ok(())
    }
}

fn is_kebab(flag: &str) -> bool {
    let mut chars = flag.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// A context string, empty when absent or not a string.
pub fn context_str<'a>(
    context: &'a serde_json::Map<String, serde_json::Value>,
    key: &str,
) -> &'a str {
    context
        .get(key)
        .and_then(serde_json::Value::as_str)
        .unwrap_or("")
}

/// The `{name}` placeholders of a template, in order.
fn placeholders(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) if is_placeholder(&after[..close]) => {
                out.push(&after[..close]);
                rest = &after[close + 1..];
            }
            _ => rest = after,
        }
    }
    out
}

fn is_placeholder(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// Replace each `{name}` of `template` for which `value(name)` is `Some`, in a single left-to-right
/// pass; other braces are kept as they are.
pub fn fill(template: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) if is_placeholder(&after[..close]) => match value(&after[..close]) {
                Some(v) => {
                    out.push_str(&v);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            },
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
