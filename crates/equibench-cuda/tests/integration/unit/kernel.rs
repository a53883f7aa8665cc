use equibench_cuda::kernel::*;

fn kernel(lines: usize) -> String {
    let mut s = String::from("// Host side: float32 row-major buffers, then the kernel launches in order.\n//   float A[4][64];  // output\n//   main_kernel<<<dim3(4, 1, 1), dim3(64, 1, 1)>>>(A);\n");
    s.push_str("extern \"C\" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ A_ptr);\n");
    s.push_str("extern \"C\" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ A_ptr) {\n");
    for i in 0..lines.saturating_sub(6) {
        s.push_str(&format!("  A_ptr[{i}] = 0x0p+0f/*0.000000e+00*/;\n"));
    }
    s.push_str("}\n");
    s
}

fn launch(threads: u64) -> Launch {
    Launch {
        grid: [4, 1, 1],
        block: [threads, 1, 1],
    }
}

#[test]
fn finds_definitions_with_their_launch_bounds() {
    let defs = kernel_defs(&kernel(50));
    assert_eq!(
        defs,
        vec![KernelDef {
            name: "main_kernel".into(),
            launch_bounds: Some(64)
        }]
    );
}

#[test]
fn size_preamble_and_launches_are_checked() {
    assert!(check(&kernel(50), &[launch(64)]).is_ok());
    assert_eq!(
        check(&kernel(20), &[launch(64)]),
        Err(KernelError::OutOfRange(20))
    );
    assert_eq!(
        check(&kernel(2000), &[launch(64)]),
        Err(KernelError::OutOfRange(2000))
    );
    let with_preamble = format!("#ifdef __CUDACC_RTC__\n#endif\n{}", kernel(50));
    assert_eq!(
        check(&with_preamble, &[launch(64)]),
        Err(KernelError::Preamble)
    );
    assert_eq!(check(&kernel(50), &[launch(32)]), Err(KernelError::Header));
    let unbounded = kernel(50).replace("dim3(64, 1, 1)", "dim3(32, 1, 1)");
    assert!(matches!(
        check(&unbounded, &[launch(32)]),
        Err(KernelError::LaunchBounds { .. })
    ));
    assert!(matches!(
        check(&kernel(50), &[]),
        Err(KernelError::LaunchCount { .. })
    ));
}

#[test]
fn math_functions_leave_out_what_a_schedule_chooses() {
    let text = "extern \"C\" __global__ void __launch_bounds__(64) main_kernel_1(float* a) {\n\
        __syncthreads();\n  float v = __shfl_down_sync(mask, x, 16, 32);\n\
        a[0] = max(expf(a[1]), 0.0f) + tanhf (a[2]);\n  if (v < 1) { uint4 u = make_uint4(1, 2, 3, 4); }\n}\n";
    let found: Vec<String> = math_functions(text).into_iter().collect();
    assert_eq!(found, ["expf", "max", "tanhf"]);
}

#[test]
fn normal_form_ignores_comments_and_layout_only() {
    assert_eq!(
        normalise("a = 0x0p+0f/*0.0*/;\n  b  =\tc; // x\n"),
        "a = 0x0p+0f; b = c;"
    );
    assert_ne!(normalise("a = b;"), normalise("a = c;"));
}
