/* Saturating and overflow-checked integer arithmetic written for equibench, all without branches
 * in the C (comparisons become setcc, masks select the saturated value): unsigned and signed
 * saturating add/sub at 8, 16, 32 and 64 bits, clamps, GCC's __builtin_*_overflow flags, high
 * halves of products, carries out of additions. Same format as hackers_delight.c. */
#include <stdint.h>

/* Unsigned 64-bit addition saturating at the maximum. */
uint64_t sat_add_u64(uint64_t x, uint64_t y) {
    uint64_t s = x + y;
    return s | (0 - (uint64_t)(s < x));
}

/* Unsigned 64-bit subtraction saturating at zero. */
uint64_t sat_sub_u64(uint64_t x, uint64_t y) {
    uint64_t d = x - y;
    return d & (0 - (uint64_t)(d <= x));
}

/* Unsigned 16-bit saturating addition. */
uint32_t sat_add_u16(uint32_t x, uint32_t y) {
    uint32_t s = (x & 0xffff) + (y & 0xffff);
    return (s | (0u - (s >> 16))) & 0xffff;
}

/* Unsigned 8-bit saturating addition. */
uint32_t sat_add_u8(uint32_t x, uint32_t y) {
    uint32_t s = (x & 0xff) + (y & 0xff);
    return (s | (0u - (s >> 8))) & 0xff;
}

/* Unsigned 8-bit saturating subtraction. */
uint32_t sat_sub_u8(uint32_t x, uint32_t y) {
    uint32_t d = (x & 0xff) - (y & 0xff);
    return d & ~(0u - (d >> 31)) & 0xff;
}

/* Signed 64-bit saturating addition. */
int64_t sat_add_i64(int64_t x, int64_t y) {
    uint64_t ux = (uint64_t)x, uy = (uint64_t)y, r = ux + uy;
    uint64_t limit = (ux >> 63) + 0x7fffffffffffffffull;
    uint64_t m = 0 - (((ux ^ r) & (uy ^ r)) >> 63);
    return (int64_t)((r & ~m) | (limit & m));
}

/* Signed 32-bit saturating subtraction. */
int32_t sat_sub_i32_masked(int32_t x, int32_t y) {
    uint32_t ux = (uint32_t)x, uy = (uint32_t)y, r = ux - uy;
    uint32_t limit = (ux >> 31) + 0x7fffffffu;
    uint32_t m = 0u - (((ux ^ uy) & (ux ^ r)) >> 31);
    return (int32_t)((r & ~m) | (limit & m));
}

/* Signed 16-bit saturating addition (in 32-bit registers). */
int32_t sat_add_i16(int32_t x, int32_t y) {
    int32_t s = (int32_t)(int16_t)x + (int32_t)(int16_t)y;
    int32_t hi = -(s > 32767), lo = -(s < -32768);
    s = (s & ~hi) | (32767 & hi);
    return (s & ~lo) | (-32768 & lo);
}

/* Does x + y overflow int32_t? */
int32_t add_overflows_i32(int32_t x, int32_t y) {
    int32_t r;
    return __builtin_add_overflow(x, y, &r);
}

/* Does x - y overflow int64_t? */
int32_t sub_overflows_i64(int64_t x, int64_t y) {
    int64_t r;
    return __builtin_sub_overflow(x, y, &r);
}

/* Does x * y overflow uint32_t? */
uint32_t mul_overflows_u32(uint32_t x, uint32_t y) {
    uint32_t r;
    return __builtin_mul_overflow(x, y, &r);
}

/* Does x + y carry out of 64 bits? */
uint32_t add_carries_u64(uint64_t x, uint64_t y) {
    uint64_t r;
    return __builtin_add_overflow(x, y, &r);
}

/* x + y, or zero when it overflows uint32_t. */
uint32_t checked_add_or_zero(uint32_t x, uint32_t y) {
    uint32_t r;
    uint32_t o = __builtin_add_overflow(x, y, &r);
    return r & (o - 1u);
}

/* Unsigned 16-bit saturating multiplication. */
uint32_t sat_mul_u16(uint32_t x, uint32_t y) {
    uint32_t p = (x & 0xffff) * (y & 0xffff);
    return (p | (0u - ((p >> 16) != 0))) & 0xffff;
}

/* Clamp a signed value to 0..255. */
uint32_t clamp_to_u8(int32_t x) {
    int32_t t = x & ~(x >> 31);
    return (uint32_t)(t | ((255 - t) >> 31)) & 0xff;
}

/* Clamp a signed 64-bit value to the int32_t range. */
int32_t clamp_i64_to_i32(int64_t x) {
    int64_t hi = -(int64_t)(x > 2147483647ll), lo = -(int64_t)(x < -2147483648ll);
    x = (x & ~hi) | (2147483647ll & hi);
    return (int32_t)((x & ~lo) | (-2147483648ll & lo));
}

/* Increment, sticking at the maximum. */
uint32_t sat_inc_u32(uint32_t x) {
    return x + (x != 0xffffffffu);
}

/* Decrement, sticking at zero. */
uint64_t sat_dec_u64(uint64_t x) {
    return x - (x != 0);
}

/* |x| saturating at INT32_MAX (for INT32_MIN). */
int32_t abs_sat_i32(int32_t x) {
    uint32_t m = (uint32_t)(x >> 31);
    uint32_t a = ((uint32_t)x ^ m) - m;
    return (int32_t)(a - (a >> 31));
}

/* -x saturating at INT32_MAX (for INT32_MIN). */
int32_t neg_sat_i32(int32_t x) {
    uint32_t ux = (uint32_t)x;
    return (int32_t)((0u - ux) - (ux == 0x80000000u));
}

/* The rounded average of two signed 32-bit values (computed in 64 bits). */
int32_t avg_round_i32(int32_t a, int32_t b) {
    return (int32_t)(((int64_t)a + b + 1) >> 1);
}

/* The carry out of a + b + carry-in. */
uint32_t carry_out_u32(uint32_t a, uint32_t b, uint32_t c) {
    uint64_t s = (uint64_t)a + b + (c & 1);
    return (uint32_t)(s >> 32);
}

/* The high half of an unsigned 32x32-bit product. */
uint32_t mulhi_u32(uint32_t a, uint32_t b) {
    return (uint32_t)(((uint64_t)a * b) >> 32);
}

/* The high half of a signed 32x32-bit product. */
int32_t mulhi_i32(int32_t a, int32_t b) {
    return (int32_t)(((int64_t)a * b) >> 32);
}

/* The low half of a product plus the carry of its high half (a 32-bit "mulhilo" mix). */
uint32_t mul_fold_u32(uint32_t a, uint32_t b) {
    uint64_t p = (uint64_t)a * b;
    return (uint32_t)p ^ (uint32_t)(p >> 32);
}

/* Signed division by 4 rounding toward zero, from shifts. */
int32_t div4_round_zero(int32_t x) {
    return (x + (int32_t)((uint32_t)(x >> 31) >> 30)) >> 2;
}

/* Unsigned division by 10. */
uint32_t div10_u32(uint32_t x) {
    return x / 10;
}

/* Remainder of a signed division by 8 (the sign of the dividend). */
int32_t rem8_i32(int32_t x) {
    return x % 8;
}

/* x * 10 in 64 bits, saturating at the maximum when it overflows. */
uint64_t sat_mul10_u64(uint64_t x) {
    uint64_t r;
    uint64_t o = __builtin_mul_overflow(x, 10ull, &r);
    return r | (0 - o);
}
