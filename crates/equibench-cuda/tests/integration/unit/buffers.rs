use equibench_cuda::exec::buffers::*;

const LOG_SOFTMAX: &str = r#"extern "C" __global__ void __launch_bounds__(8) main_kernel(float* __restrict__ T_softmax_maxelem_ptr, float* __restrict__ data_ptr);
extern "C" __global__ void __launch_bounds__(8) main_kernel(float* __restrict__ T_softmax_maxelem_ptr, float* __restrict__ data_ptr) {
  T_softmax_maxelem_ptr[((int)threadIdx.x)] = -0x1.fffffep+127f;
}
extern "C" __global__ void __launch_bounds__(8) main_kernel_1(float* __restrict__ T_softmax_maxelem_ptr, float* __restrict__ compute_ptr, float* __restrict__ data_ptr) {
  compute_ptr[((int)threadIdx.x)] = 0x0p+0f;
}
extern "C" __global__ void __launch_bounds__(128) main_kernel_2(float* __restrict__ T_softmax_maxelem_ptr, float* __restrict__ compute_ptr, float* __restrict__ compute_ptr_1, float* __restrict__ data_ptr) {
  compute_ptr[(((int)blockIdx.x) * 128)] = (data_ptr[0] - logf(compute_ptr_1[(((int)blockIdx.x) >> 1)]));
}
"#;

fn t(name: &str, shape: &[u64]) -> TensorInfo {
    TensorInfo {
        name: name.into(),
        shape: shape.to_vec(),
    }
}

#[test]
fn names_and_stores_are_read_from_the_text() {
    assert_eq!(tensor_name("compute_ptr_1"), "compute");
    assert_eq!(tensor_name("T_softmax_maxelem_ptr"), "T_softmax_maxelem");
    assert!(stores_to(" x_ptr[(a[1] + 2)] = 3;", "x_ptr"));
    assert!(!stores_to(" y = x_ptr[(a[1] + 2)] == 3;", "x_ptr"));
    assert!(stores_to(" *(float4*)(x_ptr + (i * 4)) = v;", "x_ptr"));
    assert!(!stores_to(" v = *(float4*)(x_ptr + (i * 4));", "x_ptr"));
    assert!(!stores_to(" xx_ptr[0] = 1;", "x_ptr"));
    assert!(stores_to(" x_ptr[0] += 1;", "x_ptr"));
}

#[test]
fn a_shared_output_name_is_resolved_by_the_last_store() {
    let sigs = kernel_signatures(LOG_SOFTMAX).unwrap();
    assert_eq!(sigs.len(), 3);
    assert_eq!(sigs[2].params.len(), 4);
    let tensors = OperatorTensors {
        inputs: vec![t("data", &[8, 256])],
        output: t("compute", &[8, 256]),
        intermediates: vec![t("T_softmax_maxelem", &[8]), t("compute", &[8])],
    };
    let p = plan(&sigs, &tensors).unwrap();
    let names: Vec<(&str, Role, u64)> = p
        .buffers
        .iter()
        .map(|b| (b.name.as_str(), b.role, b.len))
        .collect();
    assert_eq!(
        names,
        vec![
            ("data", Role::Input, 2048),
            ("compute", Role::Output, 2048),
            ("T_softmax_maxelem", Role::Workspace, 8),
            ("compute", Role::Workspace, 8),
        ]
    );
    // main_kernel_1's compute_ptr is the workspace; main_kernel_2's compute_ptr the output.
    assert_eq!(p.kernels[1].1, vec![2, 3, 0]);
    assert_eq!(p.kernels[2].1, vec![2, 1, 3, 0]);
}

#[test]
fn unknown_parameters_are_an_error() {
    let sigs = kernel_signatures(LOG_SOFTMAX).unwrap();
    let tensors = OperatorTensors {
        inputs: vec![t("data", &[8, 256])],
        output: t("compute", &[8, 256]),
        intermediates: vec![t("compute", &[8])],
    };
    assert_eq!(
        plan(&sigs, &tensors),
        Err(PlanError::Unknown("T_softmax_maxelem_ptr".into()))
    );
}
