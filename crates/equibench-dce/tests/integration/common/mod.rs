//! Helpers shared by the switchboard tests.

use equibench_dce::markers::{self, Edit, Marker};

/// Every edit a switchboard can carry for the program's markers.
pub fn all_edits<'m>(program: &str, marked: &'m [Marker]) -> Vec<(&'m Marker, Edit)> {
    let mut edits = Vec::new();
    for m in marked {
        for edit in [
            Edit::RemoveContents,
            Edit::ConditionMadeTrue,
            Edit::ConditionMadeFalse,
        ] {
            let applies = match edit {
                Edit::RemoveContents => m.has_contents(program),
                e => markers::apply_edit(program, m, e).is_some(),
            };
            if applies {
                edits.push((m, edit));
            }
        }
    }
    edits
}
