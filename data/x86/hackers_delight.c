/* The 25 Hacker's Delight programs of the STOKE benchmarks (Gulwani et al., PLDI 2011, p01..p25),
 * written for equibench from their definitions. Integer only; no memory, calls or loops.
 * Format read by equibench-x86: every function is one line `TYPE NAME(PARAMS) {` at column 0,
 * with TYPE and parameter types among int32_t, uint32_t, int64_t, uint64_t. */
#include <stdint.h>

/* Turn off the rightmost 1-bit. */
uint32_t p01(uint32_t x) {
    return x & (x - 1);
}

/* Test whether x is of the form 2^n - 1 (zero result iff so). */
uint32_t p02(uint32_t x) {
    return x & (x + 1);
}

/* Isolate the rightmost 1-bit. */
uint32_t p03(uint32_t x) {
    return x & (0u - x);
}

/* Mask of the rightmost 1-bit and the trailing 0s. */
uint32_t p04(uint32_t x) {
    return x ^ (x - 1);
}

/* Right-propagate the rightmost 1-bit. */
uint32_t p05(uint32_t x) {
    return x | (x - 1);
}

/* Turn on the rightmost 0-bit. */
uint32_t p06(uint32_t x) {
    return x | (x + 1);
}

/* Isolate the rightmost 0-bit. */
uint32_t p07(uint32_t x) {
    return ~x & (x + 1);
}

/* Mask of the trailing 0s. */
uint32_t p08(uint32_t x) {
    return (x - 1) & ~x;
}

/* Absolute value, branch-free with the sign mask. */
int32_t p09(int32_t x) {
    int32_t sign = x >> 31;
    return (x ^ sign) - sign;
}

/* Is nlz(x) == nlz(y)? */
int32_t p10(uint32_t x, uint32_t y) {
    return (x & y) >= (x ^ y);
}

/* Is nlz(x) < nlz(y)? */
int32_t p11(uint32_t x, uint32_t y) {
    return (x & ~y) > y;
}

/* Is nlz(x) <= nlz(y)? */
int32_t p12(uint32_t x, uint32_t y) {
    return (y & ~x) <= x;
}

/* The sign function: -1, 0 or 1. */
int32_t p13(int32_t x) {
    return (x >> 31) | (int32_t)((0u - (uint32_t)x) >> 31);
}

/* Floor of the average of two unsigned values without overflow. */
uint32_t p14(uint32_t x, uint32_t y) {
    return (x & y) + ((x ^ y) >> 1);
}

/* Ceiling of the average of two unsigned values without overflow. */
uint32_t p15(uint32_t x, uint32_t y) {
    return (x | y) - ((x ^ y) >> 1);
}

/* Maximum of two unsigned values through a comparison mask. */
uint32_t p16(uint32_t x, uint32_t y) {
    uint32_t take_x = 0u - (uint32_t)(x >= y);
    return ((x ^ y) & take_x) ^ y;
}

/* Turn off the rightmost contiguous run of 1-bits. */
uint32_t p17(uint32_t x) {
    return ((x | (x - 1)) + 1) & x;
}

/* Is x a power of 2? */
int32_t p18(uint32_t x) {
    return ((x & (x - 1)) == 0) & (x != 0);
}

/* Exchange two bit fields of x: the bits selected by m and those k places above them. */
uint32_t p19(uint32_t x, uint32_t m, uint32_t k) {
    uint32_t t = ((x >> (k & 31)) ^ x) & m;
    return x ^ t ^ (t << (k & 31));
}

/* Next higher unsigned number with the same number of 1-bits (x must be nonzero). */
uint32_t p20(uint32_t x) {
    uint32_t smallest = x & (0u - x);
    uint32_t ripple = x + smallest;
    uint32_t ones = ((x ^ ripple) >> 2) / smallest;
    return ripple | ones;
}

/* Cycle through three values a -> b -> c -> a (x is one of them). */
int32_t p21(int32_t x, int32_t a, int32_t b, int32_t c) {
    int32_t is_c = -(int32_t)(x == c);
    int32_t is_a = -(int32_t)(x == a);
    return ((is_c & (a ^ c)) ^ (is_a & (b ^ c))) ^ c;
}

/* Parity of x (1 if an odd number of bits is set). */
uint32_t p22(uint32_t x) {
    x ^= x >> 1;
    x ^= x >> 2;
    x = (x & 0x11111111u) * 0x11111111u;
    return (x >> 28) & 1;
}

/* Population count. */
uint32_t p23(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    x = x + (x >> 8);
    x = x + (x >> 16);
    return x & 0x3f;
}

/* Round up to the next power of 2. */
uint32_t p24(uint32_t x) {
    x = x - 1;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}

/* High half of the signed 64-bit product of x and y, from 16-bit pieces. */
int32_t p25(int32_t x, int32_t y) {
    uint32_t x0 = (uint32_t)x & 0xffffu;
    int32_t x1 = x >> 16;
    uint32_t y0 = (uint32_t)y & 0xffffu;
    int32_t y1 = y >> 16;
    uint32_t w0 = x0 * y0;
    int32_t t = (int32_t)(x1 * (int32_t)y0) + (int32_t)(w0 >> 16);
    int32_t w1 = t & 0xffff;
    int32_t w2 = t >> 16;
    w1 = (int32_t)(x0 * (uint32_t)y1) + w1;
    return x1 * y1 + w2 + (w1 >> 16);
}
