/* runtime.cpp: the scheduler and driver that run TVM's CUDA kernels on the CPU (see runtime.h).
 *
 * Scheduler. Each CUDA thread of a block is a fiber with its own 64 KiB stack (a guard page below);
 * blocks run one after another on the one OS thread. Fibers run in a fixed order (forward or reverse
 * thread index), each until it finishes, reaches `__syncthreads`, or reaches a warp primitive. When
 * none can run, pending warp primitives complete first, as collectives over the lanes of the warp
 * that arrived (a shuffle from a lane that did not arrive or does not exist returns the caller's own
 * value; `__activemask` is the arrived lanes); only then is the block barrier released. Kernels
 * without barriers or warp primitives run each thread as a plain call. The stack switch is a few
 * lines of x86-64 assembly that keep the callee-saved general registers.
 *
 * Driver. stdin: u32 sets, u32 orders (1: forward; 2: forward then reverse), then for each set the
 * input buffers' float32 values in buffer order. For every set and order, outputs and workspaces are
 * filled with NaN, inputs copied fresh, every launch run, and the output buffers written to stdout.
 * Exit status 3 means an unsupported construct (named on stderr), 4 malformed input. */
#define EB_RUNTIME_IMPL
#include "runtime.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

extern "C" {
eb_dim3 eb_threadIdx, eb_blockIdx, eb_blockDim, eb_gridDim;
void eb_switch(void **save_sp, void *to_sp);
}

/* Save the callee-saved registers on the current stack, store the stack pointer in *save_sp, continue
 * on to_sp (a stack saved the same way, or a fresh one). MXCSR and the x87 control word are not
 * switched: they are callee-saved, but no kernel can change them (runtime.h declares no <fenv.h>
 * and inline assembly never reaches the compiler), so every fiber runs under the driver's. Saving
 * and restoring them (stmxcsr/ldmxcsr, fnstcw/fldcw) was nine tenths of a switch's cost. */
__asm__(
    ".text\n"
    ".globl eb_switch\n"
    ".type eb_switch,@function\n"
    "eb_switch:\n"
    "  pushq %rbp\n"
    "  pushq %rbx\n"
    "  pushq %r12\n"
    "  pushq %r13\n"
    "  pushq %r14\n"
    "  pushq %r15\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  popq %r15\n"
    "  popq %r14\n"
    "  popq %r13\n"
    "  popq %r12\n"
    "  popq %rbx\n"
    "  popq %rbp\n"
    "  ret\n"
    ".size eb_switch, .-eb_switch\n");

namespace {

const size_t STACK_BYTES = 64 * 1024;
const size_t PAGE = 4096;
const int MAX_BLOCK_THREADS = 1024;

enum State { RUNNABLE, AT_BARRIER, AT_WARP_OP, DONE };
enum WarpOp { OP_SHFL, OP_ACTIVEMASK, OP_SYNCWARP };

struct Fiber {
  void *sp;
  State state;
  eb_dim3 tid;
  /* A pending warp primitive: what, its operands, and (once complete) its result. */
  WarpOp op;
  int kind, arg, width;
  unsigned long long value, result;
};

Fiber fibers[MAX_BLOCK_THREADS];
char *stacks = nullptr;
int stacks_for = 0;
void *scheduler_sp = nullptr;
int current = -1;
int block_threads = 0;
bool fiber_mode = false;
const eb_launch_t *launch = nullptr;
float **buffers = nullptr;

[[noreturn]] void die(int code, const char *what, const char *detail) {
  fprintf(stderr, "%s: %s\n", what, detail);
  fflush(stderr);
  _exit(code);
}

void ensure_stacks(int n) {
  if (stacks_for >= n) return;
  if (stacks) munmap(stacks, (size_t)stacks_for * STACK_BYTES);
  size_t bytes = (size_t)n * STACK_BYTES;
  void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (m == MAP_FAILED) die(5, "out of memory", "fiber stacks");
  stacks = (char *)m;
  stacks_for = n;
  /* A guard page at the bottom of every stack: an overflow faults instead of corrupting a
   * neighbour. */
  for (int i = 0; i < n; i++) mprotect(stacks + (size_t)i * STACK_BYTES, PAGE, PROT_NONE);
}

void thread_entry();

/* A fresh stack for fiber i whose first switch "returns" into thread_entry. The stack's top is
 * moved down by a per-fiber multiple of 64 bytes: stacks lie 64 KiB apart, so their tops would all
 * fall into the same few sets of every cache and evict each other on every switch. */
void *fresh_stack(int i) {
  uintptr_t top = (uintptr_t)(stacks + (size_t)(i + 1) * STACK_BYTES);
  top -= (uintptr_t)(i % 256) * 64;
  top &= ~(uintptr_t)15;
  uint64_t *frame = (uint64_t *)(top - 64);
  /* [0..5] r15 r14 r13 r12 rbx rbp, [6] return address (at a 16-byte aligned slot, so
   * thread_entry starts with the stack aligned as after a call), [7] a null return address for
   * thread_entry, which never returns. */
  for (int r = 0; r < 6; r++) frame[r] = 0;
  frame[6] = (uint64_t)(uintptr_t)&thread_entry;
  frame[7] = 0;
  return frame;
}

/* The round in progress: fibers run in round order (forward or reverse thread index), each until it
 * stops; a stopping fiber hands over to the next runnable fiber of the round itself, and only the
 * last one returns to the scheduler. Going through the scheduler between every two fibers cost two
 * switches (and two mispredicted returns) per fiber instead of one. A fiber cannot make another
 * runnable (only the scheduler releases waiting fibers), so the order is the same either way. */
int round_pos = -1;
bool round_reverse = false;
int fibers_done = 0;

int fiber_at(int k) { return round_reverse ? block_threads - 1 - k : k; }

/* The round position of the next runnable fiber after position k, or -1. */
int next_runnable(int k) {
  for (k = k + 1; k < block_threads; k++)
    if (fibers[fiber_at(k)].state == RUNNABLE) return k;
  return -1;
}

/* Stop the running fiber (saving its stack in *save) and continue the round. */
void continue_round(void **save) {
  int k = next_runnable(round_pos);
  if (k < 0) {
    current = -1;
    eb_switch(save, scheduler_sp);
    return;
  }
  round_pos = k;
  current = fiber_at(k);
  eb_threadIdx = fibers[current].tid;
  eb_switch(save, fibers[current].sp);
}

void thread_entry() {
  launch->call(buffers);
  fibers[current].state = DONE;
  fibers_done++;
  continue_round(&fibers[current].sp);
  __builtin_trap();
}

/* Leave the running fiber, which has recorded why it stopped; it resumes once released. */
void yield_to_scheduler() {
  if (!fiber_mode) die(3, "unsupported", "a barrier or warp primitive in a kernel run without fibers");
  continue_round(&fibers[current].sp);
}

/* One round: every runnable fiber, in round order, until it stops. */
void run_round() {
  int k = next_runnable(-1);
  if (k < 0) return;
  round_pos = k;
  current = fiber_at(k);
  eb_threadIdx = fibers[current].tid;
  eb_switch(&scheduler_sp, fibers[current].sp);
  current = -1;
}

/* Complete the pending warp primitives of warp w: lanes [first, last) of the block. Lanes waiting
 * at the same primitive as the lowest waiting lane take part; the rest wait for the next round. */
void complete_warp(int first, int last) {
  int lead = -1;
  for (int i = first; i < last; i++)
    if (fibers[i].state == AT_WARP_OP) { lead = i; break; }
  if (lead < 0) return;
  const Fiber &L = fibers[lead];
  bool in[32] = {false};
  unsigned mask = 0;
  for (int i = first; i < last; i++) {
    const Fiber &f = fibers[i];
    if (f.state == AT_WARP_OP && f.op == L.op && (f.op != OP_SHFL || (f.kind == L.kind && f.width == L.width))) {
      in[i - first] = true;
      mask |= 1u << (i - first);
    }
  }
  for (int i = first; i < last; i++) {
    int lane = i - first;
    if (!in[lane]) continue;
    Fiber &f = fibers[i];
    if (f.op == OP_SHFL) {
      int width = f.width;
      if (width <= 0 || width > 32 || (width & (width - 1)))
        die(3, "unsupported", "a shuffle width that is not a power of two up to 32");
      int base = lane / width * width;
      int src;
      switch (f.kind) {
        case 0: src = base + (((f.arg % width) + width) % width); break;
        case 1: src = lane - f.arg; if (src < base) src = lane; break;
        case 2: src = lane + f.arg; if (src >= base + width) src = lane; break;
        default: src = lane ^ f.arg; if (src < base || src >= base + width) src = lane; break;
      }
      /* A lane that does not exist or did not arrive: the caller's own value. */
      bool ok = src >= 0 && src < 32 && first + src < last && in[src];
      f.result = ok ? fibers[first + src].value : f.value;
    } else if (f.op == OP_ACTIVEMASK) {
      f.result = mask;
    }
  }
  for (int i = first; i < last; i++)
    if (in[i - first]) fibers[i].state = RUNNABLE;
}

void run_block_with_fibers(bool reverse) {
  int n = block_threads;
  for (int i = 0; i < n; i++) {
    fibers[i].state = RUNNABLE;
    fibers[i].sp = fresh_stack(i);
  }
  round_reverse = reverse;
  fibers_done = 0;
  while (fibers_done < n) {
    run_round();
    if (fibers_done == n) break;
    bool warp_pending = false;
    for (int i = 0; i < n; i++)
      if (fibers[i].state == AT_WARP_OP) { warp_pending = true; break; }
    if (warp_pending) {
      for (int first = 0; first < n; first += 32) complete_warp(first, first + 32 < n ? first + 32 : n);
    } else {
      /* Every live thread is at the barrier (threads that exited no longer count). */
      for (int i = 0; i < n; i++)
        if (fibers[i].state == AT_BARRIER) fibers[i].state = RUNNABLE;
    }
  }
}

void run_block_plain(bool reverse) {
  int n = block_threads;
  for (int k = 0; k < n; k++) {
    int i = reverse ? n - 1 - k : k;
    eb_threadIdx = fibers[i].tid;
    current = i;
    launch->call(buffers);
  }
  current = -1;
}

void run_launch(const eb_launch_t &l, bool reverse) {
  launch = &l;
  eb_gridDim = {l.grid[0], l.grid[1], l.grid[2]};
  eb_blockDim = {l.block[0], l.block[1], l.block[2]};
  long long threads = (long long)l.block[0] * l.block[1] * l.block[2];
  if (threads < 1 || threads > MAX_BLOCK_THREADS) die(3, "unsupported", "a block of more than 1024 threads");
  block_threads = (int)threads;
  int t = 0;
  for (unsigned z = 0; z < l.block[2]; z++)
    for (unsigned y = 0; y < l.block[1]; y++)
      for (unsigned x = 0; x < l.block[0]; x++) fibers[t++].tid = {x, y, z};
  if (fiber_mode) ensure_stacks(block_threads);
  long long blocks = (long long)l.grid[0] * l.grid[1] * l.grid[2];
  for (long long k = 0; k < blocks; k++) {
    long long b = reverse ? blocks - 1 - k : k;
    eb_blockIdx = {(unsigned)(b % l.grid[0]), (unsigned)(b / l.grid[0] % l.grid[1]),
                   (unsigned)(b / ((long long)l.grid[0] * l.grid[1]))};
    if (fiber_mode)
      run_block_with_fibers(reverse);
    else
      run_block_plain(reverse);
  }
}

bool read_all(void *to, size_t bytes) {
  char *p = (char *)to;
  while (bytes) {
    ssize_t r = read(0, p, bytes);
    if (r <= 0) return false;
    p += r;
    bytes -= (size_t)r;
  }
  return true;
}

void write_all(const void *from, size_t bytes) {
  const char *p = (const char *)from;
  while (bytes) {
    ssize_t w = write(1, p, bytes);
    if (w <= 0) die(4, "io", "cannot write the outputs");
    p += w;
    bytes -= (size_t)w;
  }
}

}  // namespace

extern "C" void eb_unsupported(const char *what) { die(3, "unsupported", what); }

extern "C" void eb_syncthreads(void) {
  fibers[current].state = AT_BARRIER;
  yield_to_scheduler();
}

static unsigned long long warp_op(WarpOp op, int kind, unsigned long long value, int arg, int width) {
  Fiber &f = fibers[current];
  f.state = AT_WARP_OP;
  f.op = op;
  f.kind = kind;
  f.value = value;
  f.arg = arg;
  f.width = width;
  yield_to_scheduler();
  return fibers[current].result;
}

extern "C" void eb_syncwarp(void) { warp_op(OP_SYNCWARP, 0, 0, 0, 32); }

extern "C" unsigned eb_activemask(void) { return (unsigned)warp_op(OP_ACTIVEMASK, 0, 0, 0, 32); }

extern "C" unsigned long long eb_shfl(int kind, unsigned long long bits, int arg, int width) {
  return warp_op(OP_SHFL, kind, bits, arg, width);
}

extern "C" void eb_ptx(const char *text) {
  /* TVM's software pipeline emits cp.async commit/wait around copies that it writes as ordinary
   * loads and stores: on one OS thread those copies are already complete. */
  if (strstr(text, "cp.async.commit_group") || strstr(text, "cp.async.wait_group") ||
      strstr(text, "cp.async.wait_all")) {
    if (!strstr(text, "cp.async.ca") && !strstr(text, "cp.async.cg")) return;
  }
  die(3, "unsupported inline PTX", text);
}

int main() {
  fiber_mode = eb_uses_fibers != 0;
  uint32_t header[2];
  if (!read_all(header, sizeof header)) die(4, "input", "no header");
  uint32_t sets = header[0], orders = header[1];
  if (orders < 1 || orders > 2) die(4, "input", "orders must be 1 or 2");
  int n = eb_n_buffers;
  float **bufs = (float **)calloc((size_t)n, sizeof(float *));
  float **saved_inputs = (float **)calloc((size_t)n, sizeof(float *));
  for (int i = 0; i < n; i++) {
    size_t bytes = ((size_t)eb_buffer_len[i] * sizeof(float) + 63) / 64 * 64;
    bufs[i] = (float *)aligned_alloc(64, bytes ? bytes : 64);
    if (!bufs[i]) die(5, "out of memory", "buffers");
    if (eb_buffer_role[i] == EB_INPUT) {
      saved_inputs[i] = (float *)aligned_alloc(64, bytes ? bytes : 64);
      if (!saved_inputs[i]) die(5, "out of memory", "buffers");
    }
  }
  buffers = bufs;
  for (uint32_t s = 0; s < sets; s++) {
    for (int i = 0; i < n; i++)
      if (eb_buffer_role[i] == EB_INPUT &&
          !read_all(saved_inputs[i], (size_t)eb_buffer_len[i] * sizeof(float)))
        die(4, "input", "short input set");
    for (uint32_t o = 0; o < orders; o++) {
      for (int i = 0; i < n; i++) {
        size_t len = (size_t)eb_buffer_len[i];
        if (eb_buffer_role[i] == EB_INPUT)
          memcpy(bufs[i], saved_inputs[i], len * sizeof(float));
        else
          for (size_t j = 0; j < len; j++) bufs[i][j] = NAN;
      }
      for (int k = 0; k < eb_n_launches; k++) run_launch(eb_launches[k], o == 1);
      for (int i = 0; i < n; i++)
        if (eb_buffer_role[i] == EB_OUTPUT) write_all(bufs[i], (size_t)eb_buffer_len[i] * sizeof(float));
    }
  }
  return 0;
}
