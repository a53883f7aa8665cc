//! Which buffer each kernel parameter is. TVM names a kernel's parameters after the tensors of the
//! operator (`NAME_ptr`, and `NAME_ptr_1` when two tensors of one kernel share a name), so the
//! operator's tensors (from the worker's `tensors` request) give every parameter its buffer and size:
//! inputs by placeholder name, the output by the output tensor's name, workspaces by intermediate
//! names. When the output shares its name with an intermediate (log-softmax's two `compute`
//! tensors), the output is the parameter of that name stored to by the last kernel that stores to
//! one; the others are the intermediate.

use serde::Deserialize;

/// A tensor of the operator: its name and shape.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TensorInfo {
    pub name: String,
    pub shape: Vec<u64>,
}

impl TensorInfo {
    pub fn len(&self) -> u64 {
        self.shape.iter().product()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The operator's tensors, as the worker's `tensors` request gives them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct OperatorTensors {
    pub inputs: Vec<TensorInfo>,
    pub output: TensorInfo,
    pub intermediates: Vec<TensorInfo>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Input,
    Output,
    Workspace,
}

impl Role {
    /// The runtime's code for the role (runtime.h: EB_INPUT, EB_OUTPUT, EB_WORKSPACE).
    pub fn code(self) -> u8 {
        match self {
            Role::Input => 0,
            Role::Output => 1,
            Role::Workspace => 2,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buffer {
    pub name: String,
    pub role: Role,
    /// Elements (float32).
    pub len: u64,
}

/// One kernel definition: its name, parameter names in order, and body text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelSignature {
    pub name: String,
    pub params: Vec<String>,
    pub body: String,
}

/// Every buffer of a program and, per kernel, the buffer index of each parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BufferPlan {
    /// Inputs in the operator's argument order, then the output, then workspaces.
    pub buffers: Vec<Buffer>,
    pub kernels: Vec<(String, Vec<usize>)>,
}

impl BufferPlan {
    pub fn output(&self) -> usize {
        self.buffers
            .iter()
            .position(|b| b.role == Role::Output)
            .expect("a plan always has its output")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("cannot parse the kernel definitions: {0}")]
    Parse(String),
    #[error("kernel parameter {0} matches no tensor of the operator")]
    Unknown(String),
    #[error("kernel parameter {0} could be several tensors of the operator")]
    Ambiguous(String),
    #[error("no kernel parameter is the output {0}")]
    NoOutput(String),
    #[error("kernel parameter {0} is not a float* pointer")]
    NotFloatPointer(String),
}

/// Kernel definitions (`__global__ ... name(params) {`), in text order, with their bodies.
pub fn kernel_signatures(text: &str) -> Result<Vec<KernelSignature>, PlanError> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.contains("__global__") && line.trim_end().ends_with('{') {
            starts.push((offset, line.to_string()));
        }
        offset += line.len();
    }
    let mut out = Vec::new();
    for (k, (start, line)) in starts.iter().enumerate() {
        let open = line
            .rfind(')')
            .and_then(|close| line[..close].rfind('(').map(|o| (o, close)))
            .ok_or_else(|| PlanError::Parse(line.trim().to_string()))?;
        // The parameter list is the last parenthesised group; __launch_bounds__(n) comes earlier.
        let (o, close) = open;
        let name = line[..o]
            .split_whitespace()
            .last()
            .ok_or_else(|| PlanError::Parse(line.trim().to_string()))?
            .to_string();
        let mut params = Vec::new();
        for p in line[o + 1..close].split(',') {
            let p = p.trim();
            if p.is_empty() {
                continue;
            }
            let pname = p
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .rfind(|s| !s.is_empty())
                .unwrap_or("")
                .to_string();
            if !p.starts_with("float*") && !p.starts_with("float *") {
                return Err(PlanError::NotFloatPointer(pname));
            }
            params.push(pname);
        }
        let end = starts.get(k + 1).map_or(text.len(), |(s, _)| *s);
        out.push(KernelSignature {
            name,
            params,
            body: text[start + line.len()..end].to_string(),
        });
    }
    if out.is_empty() {
        return Err(PlanError::Parse("no __global__ kernel definition".into()));
    }
    Ok(out)
}

/// The tensor name a parameter stands for: `X_ptr` or `X_ptr_N` -> `X`.
pub fn tensor_name(param: &str) -> &str {
    let trimmed = match param.rfind("_ptr_") {
        Some(at) if param[at + 5..].chars().all(|c| c.is_ascii_digit()) && at + 5 < param.len() => {
            &param[..at + 4]
        }
        _ => param,
    };
    trimmed.strip_suffix("_ptr").unwrap_or(trimmed)
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Index just past the bracket that closes the one at `open` (`[` or `(`), if any.
fn close_of(b: &[u8], open: usize) -> Option<usize> {
    let (o, c) = match b[open] {
        b'[' => (b'[', b']'),
        _ => (b'(', b')'),
    };
    let mut depth = 0usize;
    for (i, &ch) in b.iter().enumerate().skip(open) {
        if ch == o {
            depth += 1;
        } else if ch == c {
            depth -= 1;
            if depth == 0 {
                return Some(i + 1);
            }
        }
    }
    None
}

/// True when the next non-space character at `i` starts an assignment (`=`, not `==`), or a
/// compound one (`+=`, ...).
fn assignment_at(b: &[u8], mut i: usize) -> bool {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    match b.get(i) {
        Some(b'=') => b.get(i + 1) != Some(&b'='),
        Some(b'+' | b'-' | b'*' | b'/') => b.get(i + 1) == Some(&b'='),
        _ => false,
    }
}

/// Does `body` store through `param`: `param[i] = ...` or `*(T*)(param + i) = ...`?
pub fn stores_to(body: &str, param: &str) -> bool {
    let b = body.as_bytes();
    let mut from = 0;
    while let Some(rel) = body[from..].find(param) {
        let at = from + rel;
        from = at + param.len();
        let end = at + param.len();
        if (at > 0 && is_ident(b[at - 1])) || (end < b.len() && is_ident(b[end])) {
            continue;
        }
        let mut j = end;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j < b.len() && b[j] == b'[' {
            if let Some(after) = close_of(b, j) {
                if assignment_at(b, after) {
                    return true;
                }
            }
            continue;
        }
        // `(param + i)` under a cast and a dereference.
        let mut k = at;
        while k > 0 && b[k - 1].is_ascii_whitespace() {
            k -= 1;
        }
        if k > 0 && b[k - 1] == b'(' {
            if let Some(after) = close_of(b, k - 1) {
                if assignment_at(b, after) {
                    return true;
                }
            }
        }
    }
    false
}

/// The buffers of a program with these kernels, for an operator with these tensors.
pub fn plan(kernels: &[KernelSignature], t: &OperatorTensors) -> Result<BufferPlan, PlanError> {
    let mut buffers: Vec<Buffer> = t
        .inputs
        .iter()
        .map(|i| Buffer {
            name: i.name.clone(),
            role: Role::Input,
            len: i.len(),
        })
        .collect();
    let output = buffers.len();
    buffers.push(Buffer {
        name: t.output.name.clone(),
        role: Role::Output,
        len: t.output.len(),
    });
    let out_name = t.output.name.as_str();
    let same_name = |n: &str| t.intermediates.iter().filter(|i| i.name == n).count();
    // With an intermediate of the output's name, the output is found by write analysis.
    let output_param: Option<(usize, String)> = if same_name(out_name) > 0 {
        let mut found = None;
        for (k, sig) in kernels.iter().enumerate() {
            let stored: Vec<&String> = sig
                .params
                .iter()
                .filter(|p| tensor_name(p) == out_name && stores_to(&sig.body, p))
                .collect();
            match stored.as_slice() {
                [] => {}
                [p] => found = Some((k, (*p).clone())),
                _ => return Err(PlanError::Ambiguous(stored[0].clone())),
            }
        }
        Some(found.ok_or_else(|| PlanError::NoOutput(out_name.to_string()))?)
    } else {
        None
    };
    let mut workspaces: Vec<(String, usize)> = Vec::new();
    let mut out_used = false;
    let mut plan_kernels = Vec::new();
    for (k, sig) in kernels.iter().enumerate() {
        let mut idx = Vec::new();
        for p in &sig.params {
            let name = tensor_name(p);
            let is_input = t.inputs.iter().position(|i| i.name == name);
            let index = if let Some(i) = is_input {
                if name == out_name || same_name(name) > 0 {
                    return Err(PlanError::Ambiguous(p.clone()));
                }
                i
            } else if name == out_name
                && output_param
                    .as_ref()
                    .is_none_or(|(ok, op)| *ok == k && op == p)
            {
                out_used = true;
                output
            } else {
                let candidates: Vec<&TensorInfo> =
                    t.intermediates.iter().filter(|i| i.name == name).collect();
                match candidates.as_slice() {
                    [] => return Err(PlanError::Unknown(p.clone())),
                    [one] => match workspaces.iter().find(|(n, _)| n == name) {
                        Some((_, i)) => *i,
                        None => {
                            buffers.push(Buffer {
                                name: one.name.clone(),
                                role: Role::Workspace,
                                len: one.len(),
                            });
                            workspaces.push((name.to_string(), buffers.len() - 1));
                            buffers.len() - 1
                        }
                    },
                    _ => return Err(PlanError::Ambiguous(p.clone())),
                }
            };
            idx.push(index);
        }
        plan_kernels.push((sig.name.clone(), idx));
    }
    if !out_used {
        return Err(PlanError::NoOutput(out_name.to_string()));
    }
    Ok(BufferPlan {
        buffers,
        kernels: plan_kernels,
    })
}
