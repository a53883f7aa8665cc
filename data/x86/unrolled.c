/* Small fixed-size loops written for equibench: at -O0 they are loops (so not targets), at -O2
 * and -O3 the compilers unroll them into straight-line code, which is. Bit counts and sums over
 * the bytes or nibbles of a word, bit reversal of a byte, Horner evaluation, repeated multiply,
 * Fibonacci steps, CRC bit loops. Integer only. Same format as hackers_delight.c. */
#include <stdint.h>

/* Set bits of the low byte, counted one at a time. */
uint32_t popcount8_loop(uint32_t x) {
    uint32_t c = 0;
    for (int i = 0; i < 8; i++)
        c += (x >> i) & 1;
    return c;
}

/* Parity of the low byte, one bit at a time. */
uint32_t parity8_loop(uint32_t x) {
    uint32_t p = 0;
    for (int i = 0; i < 8; i++)
        p ^= (x >> i) & 1;
    return p;
}

/* Sum of the four bytes. */
uint32_t byte_sum_loop(uint32_t x) {
    uint32_t s = 0;
    for (int i = 0; i < 4; i++)
        s += (x >> (8 * i)) & 0xff;
    return s;
}

/* Sum of the eight bytes of a 64-bit word. */
uint64_t byte_sum64_loop(uint64_t x) {
    uint64_t s = 0;
    for (int i = 0; i < 8; i++)
        s += (x >> (8 * i)) & 0xff;
    return s;
}

/* Sum of the eight nibbles. */
uint32_t nibble_sum_loop(uint32_t x) {
    uint32_t s = 0;
    for (int i = 0; i < 8; i++)
        s += (x >> (4 * i)) & 0xf;
    return s;
}

/* Largest of the four bytes. */
uint32_t max_byte_loop(uint32_t x) {
    uint32_t m = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t b = (x >> (8 * i)) & 0xff;
        m = b > m ? b : m;
    }
    return m;
}

/* Number of zero bytes. */
uint32_t zero_bytes_loop(uint32_t x) {
    uint32_t c = 0;
    for (int i = 0; i < 4; i++)
        c += ((x >> (8 * i)) & 0xff) == 0;
    return c;
}

/* The low byte with its bits reversed. */
uint32_t reverse8_loop(uint32_t x) {
    uint32_t r = 0;
    for (int i = 0; i < 8; i++)
        r |= ((x >> i) & 1) << (7 - i);
    return r;
}

/* The nibbles of the low halfword in reverse order. */
uint32_t reverse_nibbles16_loop(uint32_t x) {
    uint32_t r = 0;
    for (int i = 0; i < 4; i++) {
        r = (r << 4) | (x & 0xf);
        x >>= 4;
    }
    return r;
}

/* x^4 + 2x^3 + 3x^2 + 4x + 5 by Horner's rule. */
uint32_t horner_loop(uint32_t x) {
    uint32_t r = 1;
    for (uint32_t i = 2; i <= 5; i++)
        r = r * x + i;
    return r;
}

/* x to the fifth power by repeated multiplication. */
uint64_t pow5_loop(uint64_t x) {
    uint64_t r = 1;
    for (int i = 0; i < 5; i++)
        r *= x;
    return r;
}

/* x + x/2 + x/4 + x/8. */
uint32_t shift_sum_loop(uint32_t x) {
    uint32_t s = 0;
    for (int i = 0; i < 4; i++)
        s += x >> i;
    return s;
}

/* Six Fibonacci steps from (a, b). */
uint32_t fib_steps_loop(uint32_t a, uint32_t b) {
    for (int i = 0; i < 6; i++) {
        uint32_t t = a + b;
        a = b;
        b = t;
    }
    return b;
}

/* Four bits of reflected CRC-32, one at a time. */
uint32_t crc32_nibble_loop(uint32_t crc) {
    for (int i = 0; i < 4; i++)
        crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
    return crc;
}

/* Four bits of CRC-8 (polynomial 0x07), one at a time. */
uint32_t crc8_nibble_loop(uint32_t crc) {
    crc &= 0xff;
    for (int i = 0; i < 4; i++)
        crc = ((crc << 1) ^ (0x07u & (0u - (crc >> 7)))) & 0xff;
    return crc;
}

/* A rotate-xor checksum over the four bytes. */
uint32_t rotxor_bytes_loop(uint32_t x) {
    uint32_t s = 0;
    for (int i = 0; i < 4; i++)
        s = ((s << 5) | (s >> 27)) ^ ((x >> (8 * i)) & 0xff);
    return s;
}

/* The bits of the low nibbles of x and y interleaved (x in the even bits). */
uint32_t interleave4_loop(uint32_t x, uint32_t y) {
    uint32_t z = 0;
    for (int i = 0; i < 4; i++)
        z |= (((x >> i) & 1) << (2 * i)) | (((y >> i) & 1) << (2 * i + 1));
    return z;
}

/* Three rounds of xorshift32. */
uint32_t xorshift32_x3_loop(uint32_t x) {
    for (int i = 0; i < 3; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
    }
    return x;
}

/* Sum of 1..4 times x, i.e. 10x, by a loop. */
uint64_t weighted_sum_loop(uint64_t x) {
    uint64_t s = 0;
    for (uint64_t i = 1; i <= 4; i++)
        s += i * x;
    return s;
}

/* The number of bytes of x above the threshold t. */
uint32_t bytes_above_loop(uint32_t x, uint32_t t) {
    uint32_t c = 0;
    for (int i = 0; i < 4; i++)
        c += ((x >> (8 * i)) & 0xff) > (t & 0xff);
    return c;
}

/* Two rounds of the djb2 step over the low two bytes. */
uint32_t djb2_two_bytes_loop(uint32_t h, uint32_t x) {
    for (int i = 0; i < 2; i++)
        h = (h << 5) + h + ((x >> (8 * i)) & 0xff);
    return h;
}

/* The Gray-code decode of a byte by repeated shifting. */
uint32_t gray_decode8_loop(uint32_t g) {
    g &= 0xff;
    for (int i = 1; i < 8; i <<= 1)
        g ^= g >> i;
    return g;
}
