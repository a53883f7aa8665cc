use equibench_core::Tools;
use equibench_cuda::clang_check::*;

fn checker() -> ClangCheck {
    let tools = Tools::new();
    ClangCheck {
        clang: tools
            .get(&equibench_cuda::tools::CLANG)
            .unwrap()
            .path
            .clone(),
        shim_dir: equibench_cuda::paths::repo_tools_dir(None).join("cuda_shim"),
    }
}

#[test]
fn accepts_tvm_style_kernels_and_rejects_broken_ones() {
    let c = checker();
    let dir = tempfile::tempdir().unwrap();
    // The constructs TVM emits: shared arrays with alignas, vector loads, warp shuffles, math.
    let good = r#"extern "C" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr);
extern "C" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr) {
  __shared__ alignas(64) float A_shared_ptr[256];
  alignas(64) float local_ptr[4];
  *(float4*)(A_shared_ptr + (((int)threadIdx.x) * 4)) = *(float4*)(A_ptr + (((int)blockIdx.x) * 256));
  __syncthreads();
  uint mask = __activemask();
  local_ptr[0] = __shfl_down_sync(mask, A_shared_ptr[threadIdx.x], 16, 32);
  B_ptr[threadIdx.x] = max(expf(local_ptr[0]), 0x0p+0f/*0.000000e+00*/);
}
"#;
    c.check(good, dir.path(), "good").unwrap();
    let bad = good.replace("float4*", "float5*");
    let err = c.check(&bad, dir.path(), "bad").unwrap_err();
    assert!(err.to_string().contains("float5"), "{err}");
}
