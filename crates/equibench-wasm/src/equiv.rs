//! The equivalence query of two functions over the same inputs: satisfiable exactly when some
//! parameters, globals and memory make one trap and not the other, or both return and some result
//! differs (the descriptor's definition). `unsat` is a proof; a model is a candidate witness, to be
//! confirmed by running both functions in wasmtime.

use crate::ir::Func;
use crate::smt::{EncodeError, Encoder, Inputs};

/// The script (ending in `check-sat` and a `get-value` of the parameters and globals) and the
/// shared inputs it declares.
pub fn query(a: &Func, b: &Func) -> Result<(String, Inputs), EncodeError> {
    if a.params != b.params || a.results != b.results {
        return Err(EncodeError::Unsupported("the two signatures differ".into()));
    }
    // Globals are renumbered per function; the two must see the same list for the inputs to be
    // shared (a pair's module will declare the union: next session).
    if a.globals != b.globals {
        return Err(EncodeError::Unsupported(
            "the two functions' globals differ".into(),
        ));
    }
    let mut shared = Encoder::new("in_");
    let inputs = shared.inputs(a);
    let mut ea = Encoder::new("a_");
    let sa = ea.function(a, &inputs)?;
    let mut eb = Encoder::new("b_");
    let sb = eb.function(b, &inputs)?;
    let differ: Vec<String> = sa
        .results
        .iter()
        .zip(&sb.results)
        .map(|(x, y)| format!("(distinct {} {})", x.name, y.name))
        .collect();
    let results_differ = if differ.is_empty() {
        "false".to_string()
    } else {
        format!("(or {})", differ.join(" "))
    };
    let mut script = String::from("(set-logic ALL)\n");
    script.push_str(&shared.script());
    script.push_str(&ea.script());
    script.push_str(&eb.script());
    script.push_str(&format!(
        "(assert (or (distinct {ta} {tb}) (and (not {ta}) {results_differ})))\n(check-sat)\n",
        ta = sa.trap.name,
        tb = sb.trap.name
    ));
    let names: Vec<&str> = inputs
        .params
        .iter()
        .chain(&inputs.globals)
        .map(|t| t.name.as_str())
        .collect();
    if !names.is_empty() {
        script.push_str(&format!("(get-value ({}))\n", names.join(" ")));
    }
    Ok((script, inputs))
}
