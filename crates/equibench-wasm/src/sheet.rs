//! What the category says about itself: the datasheet's text and each pair's rationale, the
//! latter made from the pair's recorded evidence only.

use crate::corpus::STACK_TOP;
use crate::evidence::{self, ProofEvidence, WitnessEvidence, PROOF_KIND, WITNESS_KIND};
use equibench_core::{CategoryDatasheet, Pair};

pub fn datasheet() -> CategoryDatasheet {
    CategoryDatasheet {
        sources: "The C functions of `data/x86/*.c` (shared with the x86-64 category), compiled by clang-19 \
            `--target=wasm32 -ffreestanding -fno-builtin` at -O0, -O1, -O2 and -Os and linked by wasm-ld 19 \
            (`--no-entry --export-all`), and optimised a second time by binaryen's wasm-opt (-O0 code by \
            `-O3` and by `-Oz`, -O1 code by `--flatten --simplify-locals --vacuum`, each function as the \
            category's own module); and random well-typed functions from wasm-smith (integers only, no \
            memory, one result, seeded signatures; a fixed list of 400 draws), each against its wasm-opt \
            `-O1`, `-O3` and flattened versions. Functions are read into an integer subset (i32/i64 \
            arithmetic, locals, globals, linear memory, blocks, branches, `if`, `select`, traps); functions \
            with loops, calls, floats or `memory.size` are skipped and counted.".into(),
        construction: format!("A target is one function in two versions (two clang levels, clang and \
            wasm-opt, or a wasm-smith function and its wasm-opt version) whose code differs. Its equivalent \
            candidate is the two versions as made, kept only when proved; its inequivalent candidate is the same two with one side \
            changed by one of the category's mutation operators (an operator swapped for a near relative, a \
            constant moved by one, a load's extension flipped, a local read swapped for another of its type), \
            at a site whose mutant differs from the other version by as many diff lines as the two versions \
            do (so the size of the diff does not tell the labels apart; the label still comes from the proof \
            or the witness). A target gives pairs only when it gives both labels (a proof and a confirmed \
            witness), so both labels come from the same targets. Which side is program_1 is drawn from the seed. Each program is a stand-alone module printed by \
            wasmprinter without names: one page of memory, the function exported as `f`, the stack pointer \
            global starting at {STACK_TOP} (the top of memory), wasm-smith's own globals at zero."),
        equivalent_evidence: "`smt-proof`: the SMT-LIB2 query (bit-vectors, memory as an array of bytes, a trap \
            flag; globals fixed at their initial values, parameters and the initial memory quantified) that \
            asks for inputs on which one function traps and the other does not, or both return different \
            results, is `unsat` for z3 and for cvc5, each under the category's deterministic resource limit \
            (recorded), the query's sha256 recorded too: the solvers are asked the query built from the two \
            texts as the pair shows them, program_1 first.".into(),
        inequivalent_evidence: "`wasmtime-witness`: z3's model of the same query, turned into parameters and the \
            initial bytes at every address either function loads from, on which the two functions, run in \
            wasmtime, end differently (recorded: the witness, both outcomes and the query's sha256). The semantics the query \
            encodes is cross-validated against wasmtime (every instruction form, thousands of cases). Its subtlety \
            (`disagreement`, issue 41): on how many of 64 fresh calls drawn from a recorded seed (uniformly random \
            parameters, the globals at their initial values, random bytes at every address either function loads \
            from) the two end differently in wasmtime, the witness not among them.".into(),
        audit: "Both programs are read back from their WAT text. An equivalent pair's query is rebuilt from the \
            programs, program_1 first (pairs written before issue 36: in the order whose sha256 the record \
            names, their build's), must have the recorded sha256, and is re-proved by z3 and cvc5 under the \
            category's limits, which the record must name; an inequivalent pair's witness is re-run in wasmtime \
            (in the sandbox) and must give the recorded outcomes, which must differ, and its query's recorded \
            sha256 must be the rebuilt one's; a recorded disagreement is counted again on the same 64 calls (its \
            seed), in the same wasmtime batch, and must be the recorded count (an equivalent pair must record \
            none). The globals' initial values and the solver the evidence names \
            must be the modules' and the category's: nothing in a record is taken on trust.".into(),
        limitations: vec![
            "Loop-free functions only: a bounded unrolling would not be a proof, so functions with loops are skipped.".into(),
            format!("Globals are not quantified: clang's stack pointer starts at {STACK_TOP}, as the module initialises it; \
                results are compared, not the memory or globals left after the call."),
            "One page (64 KiB) of memory; memory.grow, calls, floats and tables are outside the subset.".into(),
            "wasm-smith cannot leave out `loop` alone, so most of its draws (about two in three) are dropped; \
                its functions use no memory.".into(),
        ],
    }
}

/// Why the pair has its label, from its evidence.
pub fn rationale(pair: &Pair) -> Option<String> {
    let ev = &pair.provenance.evidence;
    match ev.kind.as_str() {
        PROOF_KIND => {
            let proof: ProofEvidence = evidence::parse(ev).ok()?;
            let solvers: Vec<&str> = proof.proofs.iter().map(|p| p.solver.as_str()).collect();
            Some(format!(
                "Both functions compute the same thing in different ways (one optimised more, or \
                 differently, than the other). Encoded as bit-vector logic over every parameter \
                 value and every initial memory content, the question \"can one trap while the other \
                 returns, or can their results differ?\" has no solution: {} both answer unsat.",
                solvers.join(" and ")
            ))
        }
        WITNESS_KIND => {
            let w: WitnessEvidence = evidence::parse(ev).ok()?;
            let args: Vec<String> = w.witness.args.iter().map(|a| a.to_string()).collect();
            let memory = if w.witness.memory.is_empty() {
                "memory all zero".to_string()
            } else {
                let parts: Vec<String> = w
                    .witness
                    .memory
                    .iter()
                    .map(|(addr, bytes)| format!("bytes {bytes} at address {addr}"))
                    .collect();
                format!("memory zero except {}", parts.join(", "))
            };
            Some(format!(
                "Called with parameters ({}) and {memory}, program 1 {} while program 2 {}, \
                 as wasmtime shows.",
                args.join(", "),
                w.outcome_1.text(),
                w.outcome_2.text()
            ))
        }
        _ => None,
    }
}
