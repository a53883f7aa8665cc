//! The equivalence query of two functions over the same inputs: satisfiable exactly when some
//! parameters, globals and memory make one trap and not the other, or both return and some result
//! differs (the descriptor's definition). `unsat` is a proof; a model is a candidate witness, to be
//! confirmed by running both functions in wasmtime.

use crate::interp::Val;
use crate::ir::Func;
use crate::smt::{lit, EncodeError, Encoder, Inputs, Term};

/// The script (ending in `check-sat` and a `get-value` of the parameters and globals) and the
/// shared inputs it declares.
pub fn query(a: &Func, b: &Func) -> Result<(String, Inputs), EncodeError> {
    let (mut script, inputs, _) = assertions(a, b)?;
    script.push_str("(check-sat)\n");
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

/// Both encodings and the assertion that they differ; the shared inputs; every load's address
/// and width in either function.
type Encoded = (String, Inputs, Vec<(Term, u8)>);

fn assertions(a: &Func, b: &Func) -> Result<Encoded, EncodeError> {
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
        "(assert (or (distinct {ta} {tb}) (and (not {ta}) {results_differ})))\n",
        ta = sa.trap.name,
        tb = sb.trap.name
    ));
    let mut reads = ea.reads;
    reads.extend(eb.reads);
    Ok((script, inputs, reads))
}

/// The category's query: the globals fixed at the module's initial values (the definition
/// quantifies only the parameters and linear memory), and the model asked for every address a
/// load of either function reads and the initial bytes there, so a `sat` answer can be turned
/// into a witness ([`crate::witness`]).
#[derive(Debug, Clone)]
pub struct Query {
    pub script: String,
    /// Names of the parameters, in order.
    pub params: Vec<String>,
    /// Per load: the name of its address and of the initial byte at each of its offsets.
    pub reads: Vec<(String, Vec<String>)>,
}

/// [`query`] with the globals starting at `inits` (one per global of both functions).
pub fn query_fixed(a: &Func, b: &Func, inits: &[Val]) -> Result<Query, EncodeError> {
    if inits.len() != a.globals.len() || inits.iter().zip(&a.globals).any(|(v, &t)| v.ty() != t) {
        return Err(EncodeError::Unsupported(
            "initial values do not fit the globals".into(),
        ));
    }
    let (mut script, inputs, loads) = assertions(a, b)?;
    for (g, v) in inputs.globals.iter().zip(inits) {
        let (bits, raw) = match *v {
            Val::I32(x) => (32, x as u64),
            Val::I64(x) => (64, x),
        };
        script.push_str(&format!("(assert (= {} {}))\n", g.name, lit(raw, bits)));
    }
    // The load addresses of both functions, named so the model gives them by name.
    let mut reads = Vec::new();
    let mut names = inputs
        .params
        .iter()
        .map(|t| t.name.clone())
        .collect::<Vec<_>>();
    for (i, (term, bytes)) in loads.iter().enumerate() {
        let addr = format!("w_r{i}");
        script.push_str(&format!(
            "(define-fun {addr} () (_ BitVec 32) {})\n",
            term.name
        ));
        names.push(addr.clone());
        let mut bs = Vec::new();
        for k in 0..*bytes {
            let b = format!("w_r{i}_{k}");
            script.push_str(&format!(
                "(define-fun {b} () (_ BitVec 8) (select {} (bvadd {addr} {})))\n",
                inputs.memory.name,
                lit(k as u64, 32)
            ));
            names.push(b.clone());
            bs.push(b);
        }
        reads.push((addr, bs));
    }
    script.push_str("(check-sat)\n");
    if !names.is_empty() {
        script.push_str(&format!("(get-value ({}))\n", names.join(" ")));
    }
    Ok(Query {
        script,
        params: inputs.params.iter().map(|t| t.name.clone()).collect(),
        reads,
    })
}

/// A pair's two functions read back from their texts, program_1 first, and the globals'
/// initial values they share.
#[derive(Debug, Clone)]
pub struct ReadPair {
    pub funcs: [Func; 2],
    pub inits: Vec<Val>,
}

/// Read both programs of a pair (WAT modules of the subset sharing one globals list).
pub fn read_pair(program_1: &str, program_2: &str) -> Result<ReadPair, String> {
    let read = |name: &str, text: &str| {
        crate::parse::parse_program(text)
            .map_err(|e| format!("{name} is not a module of the subset: {e}"))
    };
    let (f1, i1) = read("program_1", program_1)?;
    let (f2, i2) = read("program_2", program_2)?;
    if i1 != i2 || f1.globals != f2.globals {
        return Err("the two modules' globals differ".into());
    }
    Ok(ReadPair {
        funcs: [f1, f2],
        inits: i1,
    })
}

impl ReadPair {
    /// The category's query ([`query_fixed`]) with `first` as the query's first function (0:
    /// program_1). A build asks exactly this, built from the texts it emits, and the audit
    /// rebuilds it from the pair, so the two are one byte string (issue 36).
    pub fn query(&self, first: usize) -> Result<Query, String> {
        let [a, b] = [&self.funcs[first], &self.funcs[1 - first]];
        query_fixed(a, b, &self.inits).map_err(|e| e.to_string())
    }
}

/// sha256 (hex) of a query's script, as evidence records it.
pub fn query_sha256(q: &Query) -> String {
    equibench_core::pair::sha256_hex(q.script.as_bytes())
}
