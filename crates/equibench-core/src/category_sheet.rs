//! The part of `DATASHEET.md` a category writes about itself. Kept apart from [`crate::datasheet`]
//! (which reads the registry and a build's output to write the whole sheet) so that the
//! [`Category`](crate::Category) trait can name it without the two modules depending on each
//! other.

/// What a category says about itself in the datasheet. Every field is Markdown; write for a reader
/// who will never open the crate: name the sources and tools, the checks behind each label, and the
/// limits a benchmark user must know about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryDatasheet {
    /// Where program_1 comes from: generators, corpora, catalogues (and their versions or digests).
    pub sources: String,
    /// How a pair is made from a source program.
    pub construction: String,
    /// What backs an `equivalent` label: the evidence kinds and what each records.
    pub equivalent_evidence: String,
    /// What backs an `inequivalent` label.
    pub inequivalent_evidence: String,
    /// How `equibench audit` re-checks a label from the recorded programs and evidence alone.
    pub audit: String,
    /// What the labels do not guarantee, and where the category departs from EquiBench.
    pub limitations: Vec<String>,
}

impl CategoryDatasheet {
    /// The sections that are empty (a datasheet with a blank section says nothing a reader can use).
    pub fn empty_sections(&self) -> Vec<&'static str> {
        let mut empty = Vec::new();
        for (name, text) in [
            ("sources", &self.sources),
            ("construction", &self.construction),
            ("equivalent evidence", &self.equivalent_evidence),
            ("inequivalent evidence", &self.inequivalent_evidence),
            ("audit", &self.audit),
        ] {
            if text.trim().is_empty() {
                empty.push(name);
            }
        }
        if self.limitations.iter().all(|l| l.trim().is_empty()) {
            empty.push("limitations");
        }
        empty
    }
}
