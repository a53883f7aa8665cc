/* Functions reserved for the few-shot exemplars of `equibench eval` (data/exemplars/): exemplar
 * builds (`equibench build --exemplar-seed`) of the x86-64 and WASM categories draw their targets
 * from this folder only, and benchmark builds never read it (they read the .c files of data/x86/
 * itself), so no exemplar can show a model a program of the benchmark it is asked about. Written
 * for equibench in the style of the corpus beside it: small integer functions without branches,
 * memory, calls or loops in the C. Same format as ../hackers_delight.c: one line
 * `TYPE NAME(PARAMS) {` at column 0 per function. */
#include <stdint.h>

/* Swap the two nibbles of every byte of a word. */
uint32_t swap_nibbles_in_bytes32(uint32_t x) {
    return ((x & 0x0f0f0f0fu) << 4) | ((x >> 4) & 0x0f0f0f0fu);
}

/* One shift-xor mixing step with the shifts 7 and 9. */
uint32_t shift_xor_mix7_9(uint32_t x) {
    x ^= x >> 7;
    x ^= x << 9;
    return x;
}

/* a where s is negative, else b, without a branch. */
uint32_t select_by_sign32(int32_t s, uint32_t a, uint32_t b) {
    uint32_t m = (uint32_t)(s >> 31);
    return (a & m) | (b & ~m);
}

/* The signed midpoint of two 64-bit values, rounded towards minus infinity, without overflow. */
int64_t midpoint_floor_i64(int64_t a, int64_t b) {
    return (a & b) + ((a ^ b) >> 1);
}

/* Rotate left by five, then mix in a key. */
uint32_t rotl5_xor_key(uint32_t x, uint32_t k) {
    return ((x << 5) | (x >> 27)) ^ k;
}

/* Pack three colour channels (low byte of each) into 0x00RRGGBB. */
uint32_t pack_rgb888(uint32_t r, uint32_t g, uint32_t b) {
    return ((r & 0xff) << 16) | ((g & 0xff) << 8) | (b & 0xff);
}

/* Nine times x plus y (one lea on most compilers). */
uint64_t times9_plus(uint64_t x, uint64_t y) {
    return x * 9 + y;
}

/* Three times x minus half of x (arithmetic shift). */
int32_t triple_minus_half(int32_t x) {
    return 3 * x - (x >> 1);
}

/* Double an unsigned word, saturating at the maximum. */
uint32_t sat_double_u32(uint32_t x) {
    return (x << 1) | (0u - (x >> 31));
}

/* Whether x is odd and positive, as 0 or 1. */
uint32_t odd_and_positive(int32_t x) {
    return (uint32_t)(x > 0) & (uint32_t)x;
}

/* Clear every bit of x above bit n (n below 32). */
uint32_t keep_low_bits_upto(uint32_t x, uint32_t n) {
    return x & ((2u << n) - 1);
}

/* The byte-wise maximum of the two low bytes of two words, combined by a mask. */
uint32_t low_byte_max(uint32_t a, uint32_t b) {
    uint32_t x = a & 0xff, y = b & 0xff;
    uint32_t m = 0u - (uint32_t)(x < y);
    return x ^ ((x ^ y) & m);
}
