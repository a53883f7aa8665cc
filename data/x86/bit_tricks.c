/* Small bit tricks written for equibench, most of them a line or two of C, so that their -O0
 * code (every value through a stack slot) fits EquiBench's 8-29 lines: lowest-bit and trailing-run
 * manipulations at 64 bits, branch-free sign, abs, min/max and selection, single-bit set/clear/test,
 * field extraction and insertion, rotates, zig-zag and Gray codes, alignment. Integer only; no
 * branches, memory, calls or loops in the C. Same format as hackers_delight.c: one line
 * `TYPE NAME(PARAMS) {` at column 0 per function. */
#include <stdint.h>

/* Isolate the lowest set bit of a 64-bit word. */
uint64_t lowest_set_bit64(uint64_t x) {
    return x & (0 - x);
}

/* Clear the lowest set bit of a 64-bit word. */
uint64_t clear_lowest_set_bit64(uint64_t x) {
    return x & (x - 1);
}

/* Set the lowest clear bit of a 64-bit word. */
uint64_t set_lowest_clear_bit64(uint64_t x) {
    return x | (x + 1);
}

/* The trailing run of ones of x, as a mask. */
uint32_t trailing_ones_mask(uint32_t x) {
    return x & ~(x + 1);
}

/* Mask of the lowest set bit and every bit below it. */
uint64_t mask_through_lowest_set64(uint64_t x) {
    return x ^ (x - 1);
}

/* Smear the highest set bit of a byte down through the byte. */
uint32_t smear_right8(uint32_t x) {
    x &= 0xff;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    return x;
}

/* 1 when x and y have the same sign. */
uint32_t same_sign32(int32_t x, int32_t y) {
    return ((uint32_t)(x ^ y) >> 31) ^ 1u;
}

/* |x| of a 64-bit integer without a branch (wraps for INT64_MIN). */
int64_t abs64_branchless(int64_t x) {
    uint64_t m = (uint64_t)(x >> 63);
    return (int64_t)(((uint64_t)x ^ m) - m);
}

/* -|x| without a branch (never overflows). */
int32_t nabs32(int32_t x) {
    uint32_t m = (uint32_t)(x >> 31);
    return (int32_t)(m - ((uint32_t)x ^ m));
}

/* Three-way comparison: -1, 0 or 1. */
int32_t compare3_i32(int32_t a, int32_t b) {
    return (a > b) - (a < b);
}

/* Three-way comparison of unsigned 64-bit values. */
int32_t compare3_u64(uint64_t a, uint64_t b) {
    return (a > b) - (a < b);
}

/* Bits of b where mask is set, bits of a elsewhere. */
uint32_t bit_select32(uint32_t a, uint32_t b, uint32_t mask) {
    return (a & ~mask) | (b & mask);
}

/* The same selection with one fewer operation. */
uint64_t bit_select_xor64(uint64_t a, uint64_t b, uint64_t mask) {
    return a ^ ((a ^ b) & mask);
}

/* Rotate a 64-bit word left by a variable count. */
uint64_t rotl64_var(uint64_t x, uint32_t r) {
    r &= 63;
    return (x << r) | (x >> ((64 - r) & 63));
}

/* Rotate a 32-bit word right by a variable count. */
uint32_t rotr32_var(uint32_t x, uint32_t r) {
    r &= 31;
    return (x >> r) | (x << ((32 - r) & 31));
}

/* Rotate the low 16 bits right by 3. */
uint32_t rotr16_by3(uint32_t x) {
    x &= 0xffff;
    return ((x >> 3) | (x << 13)) & 0xffff;
}

/* The byte of x at bit position pos. */
uint32_t extract_byte_at(uint32_t x, uint32_t pos) {
    return (x >> (pos & 31)) & 0xff;
}

/* Replace byte 1 of x by the low byte of b. */
uint32_t insert_byte1(uint32_t x, uint32_t b) {
    return (x & 0xffff00ffu) | ((b & 0xff) << 8);
}

/* Set bit n of x. */
uint32_t bit_set32(uint32_t x, uint32_t n) {
    return x | (1u << (n & 31));
}

/* Clear bit n of x. */
uint32_t bit_clear32(uint32_t x, uint32_t n) {
    return x & ~(1u << (n & 31));
}

/* Flip bit n of a 64-bit word. */
uint64_t bit_toggle64(uint64_t x, uint32_t n) {
    return x ^ (1ull << (n & 63));
}

/* Bit n of x. */
uint32_t bit_test32(uint32_t x, uint32_t n) {
    return (x >> (n & 31)) & 1u;
}

/* 1 when x is a power of two or zero. */
uint32_t is_pow2_or_zero(uint32_t x) {
    return (x & (x - 1)) == 0;
}

/* 1 when x is a power of two (zero is not). */
uint32_t is_pow2_64(uint64_t x) {
    return (x != 0) & ((x & (x - 1)) == 0);
}

/* The n lowest bits set (n taken mod 32). */
uint32_t low_bits_mask(uint32_t n) {
    return (1u << (n & 31)) - 1u;
}

/* The low byte copied into all four bytes. */
uint32_t replicate_low_byte(uint32_t x) {
    return (x & 0xff) * 0x01010101u;
}

/* Swap the two nibbles of the low byte. */
uint32_t nibble_swap8(uint32_t x) {
    x &= 0xff;
    return ((x << 4) | (x >> 4)) & 0xff;
}

/* Swap the two bytes of the low halfword. */
uint32_t byte_swap16(uint32_t x) {
    return ((x & 0xff) << 8) | ((x >> 8) & 0xff);
}

/* Floor of the average of two 64-bit values without overflow. */
uint64_t average_floor_u64(uint64_t x, uint64_t y) {
    return (x & y) + ((x ^ y) >> 1);
}

/* Ceiling of the average of two 64-bit values without overflow. */
uint64_t average_ceil_u64(uint64_t x, uint64_t y) {
    return (x | y) - ((x ^ y) >> 1);
}

/* Zig-zag encoding of a signed 32-bit value. */
uint32_t zigzag_encode32(int32_t x) {
    return ((uint32_t)x << 1) ^ (uint32_t)(x >> 31);
}

/* Zig-zag decoding back to signed. */
int32_t zigzag_decode32(uint32_t z) {
    return (int32_t)((z >> 1) ^ (0u - (z & 1)));
}

/* Gray code of a 64-bit value. */
uint64_t gray_encode64(uint64_t x) {
    return x ^ (x >> 1);
}

/* Round up to a multiple of 16. */
uint64_t align_up16(uint64_t x) {
    return (x + 15) & ~15ull;
}

/* Round down to a multiple of 2^k. */
uint64_t align_down_pow2(uint64_t x, uint32_t k) {
    return x & (~0ull << (k & 63));
}

/* Unsigned minimum without a branch. */
uint32_t min_u32_branchless(uint32_t x, uint32_t y) {
    return y ^ ((x ^ y) & (0u - (x < y)));
}

/* Signed maximum of 64-bit values without a branch. */
int64_t max_i64_branchless(int64_t x, int64_t y) {
    return x ^ ((x ^ y) & (0 - (int64_t)(x < y)));
}

/* Sign-extend the low byte. */
int32_t sign_extend8(uint32_t x) {
    return (int32_t)(int8_t)x;
}

/* Sign-extend the low halfword to 64 bits. */
int64_t sign_extend16_to64(uint64_t x) {
    return (int64_t)(int16_t)x;
}

/* Two 32-bit halves joined into one 64-bit word. */
uint64_t join_halves(uint32_t hi, uint32_t lo) {
    return ((uint64_t)hi << 32) | lo;
}

/* Sum of the four bytes of x. */
uint32_t byte_sum32(uint32_t x) {
    return (x & 0xff) + ((x >> 8) & 0xff) + ((x >> 16) & 0xff) + (x >> 24);
}

/* 1 when x lies in [lo, hi] (one unsigned comparison). */
uint32_t in_range_u32(uint32_t x, uint32_t lo, uint32_t hi) {
    return (x - lo) <= (hi - lo);
}

/* Copy the sign of y onto the magnitude of x. */
int32_t copy_sign32(int32_t x, int32_t y) {
    uint32_t m = (uint32_t)(x >> 31);
    uint32_t a = ((uint32_t)x ^ m) - m;
    uint32_t s = (uint32_t)(y >> 31);
    return (int32_t)((a ^ s) - s);
}

/* Arithmetic shift right by n built from logical shifts. */
int32_t sar_from_shr(int32_t x, uint32_t n) {
    uint32_t u = (uint32_t)x;
    uint32_t t = 0x80000000u >> (n & 31);
    return (int32_t)(((u >> (n & 31)) ^ t) - t);
}
