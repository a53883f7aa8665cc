//! The generated C++ that ties one program to the runtime: it includes the kernel text unmodified,
//! defines one trampoline per launch that calls the kernel with the program's buffers in parameter
//! order, and the tables the driver reads (buffer sizes and roles, launches and their grids).

use super::buffers::BufferPlan;
use crate::kernel::Launch;
use std::fmt::Write as _;

/// The launch table for `plan` and `launch`, including the kernel text from `program_file`.
pub fn source(program_file: &str, plan: &BufferPlan, launch: &[Launch], fibers: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "#include \"runtime.h\"");
    let _ = writeln!(s, "#include \"{program_file}\"");
    for (k, (name, params)) in plan.kernels.iter().enumerate() {
        let args: Vec<String> = params.iter().map(|i| format!("b[{i}]")).collect();
        let _ = writeln!(
            s,
            "static void eb_launch_{k}(float **b) {{ {name}({}); }}",
            args.join(", ")
        );
    }
    let list = |v: Vec<String>| v.join(", ");
    let _ = writeln!(
        s,
        "extern \"C\" const int eb_n_buffers = {};",
        plan.buffers.len()
    );
    let _ = writeln!(
        s,
        "extern \"C\" const long long eb_buffer_len[] = {{{}}};",
        list(plan.buffers.iter().map(|b| b.len.to_string()).collect())
    );
    let _ = writeln!(
        s,
        "extern \"C\" const int eb_buffer_role[] = {{{}}};",
        list(
            plan.buffers
                .iter()
                .map(|b| b.role.code().to_string())
                .collect()
        )
    );
    let _ = writeln!(
        s,
        "extern \"C\" const int eb_n_launches = {};",
        plan.kernels.len()
    );
    let dims = |d: &[u64; 3]| format!("{{{}, {}, {}}}", d[0], d[1], d[2]);
    let _ = writeln!(
        s,
        "extern \"C\" const eb_launch_t eb_launches[] = {{{}}};",
        list(
            launch
                .iter()
                .enumerate()
                .map(|(k, l)| format!("{{eb_launch_{k}, {}, {}}}", dims(&l.grid), dims(&l.block)))
                .collect()
        )
    );
    let _ = writeln!(
        s,
        "extern \"C\" const int eb_uses_fibers = {};",
        u8::from(fibers)
    );
    s
}
