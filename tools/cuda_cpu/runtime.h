/* runtime.h: the CUDA that TVM emits, given meaning on the CPU.
 *
 * A program's kernels are compiled, unmodified, as host C++ (clang++-19) after this header, together
 * with a small generated launch table, and linked with runtime.cpp (the fiber scheduler and the
 * driver). Every CUDA thread of a block is a user-level fiber; blocks run one after another on one OS
 * thread, so `__shared__` (made `static`) is exactly per-block shared memory of its kernel.
 *
 * The first part is the interface between the generated launch table and the runtime (plain C++, also
 * read by runtime.cpp); the second part, for kernel text only, defines CUDA's keywords, built-in
 * variables, vector types, math and warp primitives. It includes no system header: the kernel text
 * must not see glibc's declarations (they clash with CUDA's `__expf` and friends), and parsing stays
 * fast. */
#ifndef EQUIBENCH_CUDA_CPU_RUNTIME_H
#define EQUIBENCH_CUDA_CPU_RUNTIME_H

/* ---- Interface between the launch table and the runtime ---------------------------------------- */

/* What a buffer of the program is for: the driver reads inputs, NaN-fills outputs and workspaces
 * before every run, and writes outputs. */
enum { EB_INPUT = 0, EB_OUTPUT = 1, EB_WORKSPACE = 2 };

/* One kernel launch: a trampoline that calls the kernel with the program's buffers, and its grid. */
struct eb_launch_t {
  void (*call)(float **buffers);
  unsigned grid[3];
  unsigned block[3];
};

struct eb_dim3 {
  unsigned x, y, z;
};

extern "C" {
/* Written by the launch table (generated per program). */
extern const int eb_n_buffers;
extern const long long eb_buffer_len[];
extern const int eb_buffer_role[];
extern const int eb_n_launches;
extern const eb_launch_t eb_launches[];
/* 1 when the kernels use barriers or warp primitives (threads then run as fibers). */
extern const int eb_uses_fibers;

/* The running thread's coordinates, stored by the scheduler before every switch to a fiber. Calls
 * into the runtime are opaque to the kernel's translation unit, so the kernel reloads them after
 * every barrier or warp operation. */
extern eb_dim3 eb_threadIdx, eb_blockIdx, eb_blockDim, eb_gridDim;

void eb_syncthreads(void);
void eb_syncwarp(void);
unsigned eb_activemask(void);
/* A warp shuffle of 64 bits of payload; kind: 0 idx, 1 up, 2 down, 3 xor. */
unsigned long long eb_shfl(int kind, unsigned long long bits, int arg, int width);
/* An inline PTX statement, as its stringised operands: a no-op when its CPU meaning is nothing
 * (cp.async commit/wait), else the run stops as unsupported. */
void eb_ptx(const char *text);
/* Stop the run: the program uses something this runtime cannot give meaning to. */
void eb_unsupported(const char *what) __attribute__((noreturn));
}

/* ---- The CUDA language, for kernel text -------------------------------------------------------- */
#ifndef EB_RUNTIME_IMPL

typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
typedef unsigned long size_t;
#define uint unsigned int
#define uchar unsigned char
#define ushort unsigned short

#define __global__
#define __device__
#define __host__
#define __constant__ static
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
/* One OS thread runs a kernel's blocks one after another: a function-local static is per-block
 * shared memory of that kernel. */
#define __shared__ static
/* `static alignas(64) float x[n]` is rejected by clang (a C++11 attribute after a specifier); the GNU
 * attribute means the same. */
#define alignas(n) __attribute__((aligned(n)))

#define threadIdx eb_threadIdx
#define blockIdx eb_blockIdx
#define blockDim eb_blockDim
#define gridDim eb_gridDim
#define warpSize 32

/* Vector types (CUDA's vector_types.h) and their make_ functions. */
#define EB_VEC1(T, N, A) \
  struct __attribute__((aligned(A))) N##1 { T x; }; \
  inline N##1 make_##N##1(T x) { N##1 v = {x}; return v; }
#define EB_VEC2(T, N, A) \
  struct __attribute__((aligned(A))) N##2 { T x, y; }; \
  inline N##2 make_##N##2(T x, T y) { N##2 v = {x, y}; return v; }
#define EB_VEC3(T, N, A) \
  struct __attribute__((aligned(A))) N##3 { T x, y, z; }; \
  inline N##3 make_##N##3(T x, T y, T z) { N##3 v = {x, y, z}; return v; }
#define EB_VEC4(T, N, A) \
  struct __attribute__((aligned(A))) N##4 { T x, y, z, w; }; \
  inline N##4 make_##N##4(T x, T y, T z, T w) { N##4 v = {x, y, z, w}; return v; }
EB_VEC1(float, float, 4) EB_VEC2(float, float, 8) EB_VEC3(float, float, 4) EB_VEC4(float, float, 16)
EB_VEC1(int, int, 4) EB_VEC2(int, int, 8) EB_VEC3(int, int, 4) EB_VEC4(int, int, 16)
EB_VEC1(unsigned int, uint, 4) EB_VEC2(unsigned int, uint, 8) EB_VEC3(unsigned int, uint, 4)
EB_VEC4(unsigned int, uint, 16)
EB_VEC1(double, double, 8) EB_VEC2(double, double, 16) EB_VEC3(double, double, 8)
EB_VEC4(double, double, 16)
EB_VEC1(long long, longlong, 8) EB_VEC2(long long, longlong, 16) EB_VEC3(long long, longlong, 8)
EB_VEC4(long long, longlong, 16)
EB_VEC1(char, char, 1) EB_VEC2(char, char, 2) EB_VEC3(char, char, 1) EB_VEC4(char, char, 4)
EB_VEC1(unsigned char, uchar, 1) EB_VEC2(unsigned char, uchar, 2) EB_VEC3(unsigned char, uchar, 1)
EB_VEC4(unsigned char, uchar, 4)
EB_VEC1(short, short, 2) EB_VEC2(short, short, 4) EB_VEC3(short, short, 2) EB_VEC4(short, short, 8)
#undef EB_VEC1
#undef EB_VEC2
#undef EB_VEC3
#undef EB_VEC4

/* libm, declared here rather than through <math.h> (see the top of this file). */
extern "C" {
float expf(float);
float exp2f(float);
float logf(float);
float log2f(float);
float log10f(float);
float log1pf(float);
float powf(float, float);
float sqrtf(float);
float tanhf(float);
float sinf(float);
float cosf(float);
float tanf(float);
float erff(float);
float fabsf(float);
float floorf(float);
float ceilf(float);
float roundf(float);
float truncf(float);
float fmaxf(float, float);
float fminf(float, float);
float fmodf(float, float);
float fmaf(float, float, float);
double exp(double);
double log(double);
double sqrt(double);
double tanh(double);
double fabs(double);
double pow(double, double);
}
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline float __expf(float x) { return expf(x); }
inline float __logf(float x) { return logf(x); }
inline float __fdividef(float a, float b) { return a / b; }
inline int __float_as_int(float x) { int i; __builtin_memcpy(&i, &x, 4); return i; }
inline float __int_as_float(int i) { float x; __builtin_memcpy(&x, &i, 4); return x; }
template <class T> inline T __ldg(const T *p) { return *p; }

/* CUDA's overloaded min/max (float ones are fminf/fmaxf). */
inline int max(int a, int b) { return a > b ? a : b; }
inline int min(int a, int b) { return a < b ? a : b; }
inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline float max(float a, float b) { return fmaxf(a, b); }
inline float min(float a, float b) { return fminf(a, b); }
inline double max(double a, double b) { return a > b || b != b ? a : b; }
inline double min(double a, double b) { return a < b || b != b ? a : b; }

/* Barriers and warp primitives: collectives over the lanes that arrived (runtime.cpp). */
inline void __syncthreads(void) { eb_syncthreads(); }
inline void __syncwarp(unsigned = 0xffffffffu) { eb_syncwarp(); }
inline unsigned __activemask(void) { return eb_activemask(); }
template <class T> inline T eb_shfl_as(int kind, T v, int arg, int width) {
  static_assert(sizeof(T) <= 8, "a shuffled value has at most 64 bits");
  unsigned long long bits = 0;
  __builtin_memcpy(&bits, &v, sizeof(T));
  bits = eb_shfl(kind, bits, arg, width);
  T out;
  __builtin_memcpy(&out, &bits, sizeof(T));
  return out;
}
template <class T> inline T __shfl_sync(unsigned, T v, int src, int width = 32) {
  return eb_shfl_as(0, v, src, width);
}
template <class T> inline T __shfl_up_sync(unsigned, T v, unsigned delta, int width = 32) {
  return eb_shfl_as(1, v, (int)delta, width);
}
template <class T> inline T __shfl_down_sync(unsigned, T v, unsigned delta, int width = 32) {
  return eb_shfl_as(2, v, (int)delta, width);
}
template <class T> inline T __shfl_xor_sync(unsigned, T v, int lane_mask, int width = 32) {
  return eb_shfl_as(3, v, lane_mask, width);
}

/* Constructs with no CPU meaning here: using one stops the run as unsupported. */
#define atomicAdd(...) (eb_unsupported("atomicAdd"), 0)
#define atomicMax(...) (eb_unsupported("atomicMax"), 0)
#define atomicMin(...) (eb_unsupported("atomicMin"), 0)
#define atomicCAS(...) (eb_unsupported("atomicCAS"), 0)
#define atomicExch(...) (eb_unsupported("atomicExch"), 0)

/* Inline PTX: `asm volatile("..." : ...);` becomes a call of eb_ptx with the statement's text.
 * `volatile` is redefined only as a function-like macro, so `(volatile float*)p` is untouched. */
#define asm
#define __asm__
#define volatile(...) eb_ptx(#__VA_ARGS__)
#define __volatile__(...) eb_ptx(#__VA_ARGS__)

#endif /* EB_RUNTIME_IMPL */
#endif /* EQUIBENCH_CUDA_CPU_RUNTIME_H */
