/* Small integer kernels written for equibench whose optimised bodies are mid-sized (about 6-25
 * instructions): bit permutations, hash mixers, saturating and sign-magnitude arithmetic, byte
 * swaps, Morton steps, rotates, min/max selections. Integer only; no memory, calls or loops.
 * Same format as hackers_delight.c: one line `TYPE NAME(PARAMS) {` at column 0 per function. */
#include <stdint.h>

/* Reverse the 32 bits of x by swapping ever larger fields. */
uint32_t bit_reverse32(uint32_t x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}

/* Reverse the bits inside each byte of x (byte order kept). */
uint32_t reverse_bits_in_bytes(uint32_t x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    return ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
}

/* Swap the odd and even bits of x. */
uint32_t swap_odd_even_bits(uint32_t x) {
    return ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
}

/* The 64-bit finaliser of MurmurHash3 (fmix64). */
uint64_t fmix64(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

/* The 32-bit finaliser of MurmurHash3 (fmix32). */
uint32_t fmix32(uint32_t h) {
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

/* The output mix of SplitMix64 applied to x + golden gamma. */
uint64_t splitmix64_mix(uint64_t x) {
    uint64_t z = x + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Thomas Wang's 32-bit integer hash. */
uint32_t wang_hash32(uint32_t key) {
    key = (key ^ 61u) ^ (key >> 16);
    key = key + (key << 3);
    key = key ^ (key >> 4);
    key = key * 0x27d4eb2du;
    return key ^ (key >> 15);
}

/* The final avalanche of Jenkins' one-at-a-time hash. */
uint32_t oaat_final(uint32_t h) {
    h += h << 3;
    h ^= h >> 11;
    h += h << 15;
    return h;
}

/* One step of Marsaglia's xorshift32 generator. */
uint32_t xorshift32(uint32_t x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

/* One output of xorshift64* (state advanced, then multiplied). */
uint64_t xorshift64star(uint64_t x) {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    return x * 0x2545f4914f6cdd1dull;
}

/* The output permutation of PCG32 (XSH RR) from a 64-bit state. */
uint32_t pcg32_output(uint64_t state) {
    uint32_t xorshifted = (uint32_t)(((state >> 18) ^ state) >> 27);
    uint32_t rot = (uint32_t)(state >> 59);
    return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31));
}

/* boost::hash_combine's mixing of a value into a seed. */
uint32_t hash_combine32(uint32_t seed, uint32_t v) {
    return seed ^ (v + 0x9e3779b9u + (seed << 6) + (seed >> 2));
}

/* FNV-1a over the four bytes of x, least significant first. */
uint32_t fnv1a_word(uint32_t x) {
    uint32_t h = 0x811c9dc5u;
    h = (h ^ (x & 0xff)) * 0x01000193u;
    h = (h ^ ((x >> 8) & 0xff)) * 0x01000193u;
    h = (h ^ ((x >> 16) & 0xff)) * 0x01000193u;
    h = (h ^ (x >> 24)) * 0x01000193u;
    return h;
}

/* Binary to reflected Gray code and back to binary (decode by prefix XOR). */
uint32_t gray_decode32(uint32_t g) {
    g ^= g >> 16;
    g ^= g >> 8;
    g ^= g >> 4;
    g ^= g >> 2;
    g ^= g >> 1;
    return g;
}

/* Gray code of x + 1 given x in binary: encode after an increment. */
uint32_t gray_next(uint32_t x) {
    uint32_t y = x + 1;
    return (y ^ (y >> 1)) ^ (x ^ (x >> 1));
}

/* Unsigned saturating addition. */
uint32_t sat_add_u32(uint32_t x, uint32_t y) {
    uint32_t r = x + y;
    return r | (0u - (uint32_t)(r < x));
}

/* Unsigned saturating subtraction. */
uint32_t sat_sub_u32(uint32_t x, uint32_t y) {
    uint32_t r = x - y;
    return r & (0u - (uint32_t)(r <= x));
}

/* Signed saturating addition without branches. */
int32_t sat_add_i32(int32_t x, int32_t y) {
    uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
    uint32_t res = ux + uy;
    uint32_t limit = (ux >> 31) + 0x7fffffffu;
    uint32_t overflow = ((ux ^ uy) | ~(uy ^ res)) >> 31;
    return (int32_t)(overflow ? res : limit);
}

/* Signed saturating subtraction without branches. */
int32_t sat_sub_i32(int32_t x, int32_t y) {
    uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
    uint32_t res = ux - uy;
    uint32_t limit = (ux >> 31) + 0x7fffffffu;
    uint32_t fine = (~(ux ^ uy) | ~(ux ^ res)) >> 31;
    return (int32_t)(fine ? res : limit);
}

/* Swap the two bytes of each 16-bit half of x. */
uint32_t bswap16x2(uint32_t x) {
    return ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
}

/* Swap the 16-bit halves of each 32-bit half of a 64-bit word. */
uint64_t swap_halfwords64(uint64_t x) {
    return ((x >> 16) & 0x0000ffff0000ffffull) | ((x & 0x0000ffff0000ffffull) << 16);
}

/* Spread the low 16 bits of x to the even bit positions (Morton encoding step). */
uint32_t morton_part1by1(uint32_t x) {
    x &= 0x0000ffffu;
    x = (x | (x << 8)) & 0x00ff00ffu;
    x = (x | (x << 4)) & 0x0f0f0f0fu;
    x = (x | (x << 2)) & 0x33333333u;
    x = (x | (x << 1)) & 0x55555555u;
    return x;
}

/* Gather the even bits of x into the low 16 bits (Morton decoding step). */
uint32_t morton_compact1by1(uint32_t x) {
    x &= 0x55555555u;
    x = (x ^ (x >> 1)) & 0x33333333u;
    x = (x ^ (x >> 2)) & 0x0f0f0f0fu;
    x = (x ^ (x >> 4)) & 0x00ff00ffu;
    x = (x ^ (x >> 8)) & 0x0000ffffu;
    return x;
}

/* Interleave the low bytes of x and y into a 16-bit Morton code. */
uint32_t morton2_u8(uint32_t x, uint32_t y) {
    x &= 0xffu;
    y &= 0xffu;
    x = (x | (x << 4)) & 0x0f0fu;
    x = (x | (x << 2)) & 0x3333u;
    x = (x | (x << 1)) & 0x5555u;
    y = (y | (y << 4)) & 0x0f0fu;
    y = (y | (y << 2)) & 0x3333u;
    y = (y | (y << 1)) & 0x5555u;
    return x | (y << 1);
}

/* Sign-magnitude to two's complement. */
int32_t sign_magnitude_to_twos(uint32_t x) {
    uint32_t sign = 0u - (x >> 31);
    return (int32_t)(((x & 0x7fffffffu) ^ sign) - sign);
}

/* Two's complement to sign-magnitude. */
uint32_t twos_to_sign_magnitude(int32_t x) {
    uint32_t ux = (uint32_t)x;
    uint32_t sign = 0u - (ux >> 31);
    return (((ux ^ sign) - sign) & 0x7fffffffu) | (ux & 0x80000000u);
}

/* Rotate-and-xor diffusion as in the SHA-256 sigma functions. */
uint32_t sha256_sigma0(uint32_t x) {
    return ((x >> 7) | (x << 25)) ^ ((x >> 18) | (x << 14)) ^ (x >> 3);
}

/* SHA-256 Sigma1 of x (three rotations). */
uint32_t sha256_big_sigma1(uint32_t x) {
    return ((x >> 6) | (x << 26)) ^ ((x >> 11) | (x << 21)) ^ ((x >> 25) | (x << 7));
}

/* SHA-256 choice function of three words. */
uint32_t sha256_ch_add(uint32_t e, uint32_t f, uint32_t g, uint32_t h) {
    return h + ((e & f) ^ (~e & g)) + (((e >> 6) | (e << 26)) ^ ((e >> 11) | (e << 21)));
}

/* Median of three signed values. */
int32_t median3(int32_t a, int32_t b, int32_t c) {
    int32_t lo = a < b ? a : b;
    int32_t hi = a < b ? b : a;
    int32_t m = hi < c ? hi : c;
    return lo > m ? lo : m;
}

/* Clamp x into [lo, hi] (lo <= hi). */
int64_t clamp64(int64_t x, int64_t lo, int64_t hi) {
    int64_t y = x < lo ? lo : x;
    return y > hi ? hi : y;
}

/* Maximum of four unsigned values. */
uint32_t max4_u32(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    uint32_t ab = a > b ? a : b;
    uint32_t cd = c > d ? c : d;
    return ab > cd ? ab : cd;
}

/* Absolute difference of two signed values as an unsigned number. */
uint32_t abs_diff_i32(int32_t x, int32_t y) {
    uint32_t d = (uint32_t)x - (uint32_t)y;
    uint32_t e = (uint32_t)y - (uint32_t)x;
    return x > y ? d : e;
}

/* Population count of a 64-bit word. */
uint64_t popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (x * 0x0101010101010101ull) >> 56;
}

/* Parity of a 64-bit word by folding. */
uint32_t parity64(uint64_t x) {
    x ^= x >> 32;
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    return (uint32_t)((0x6996u >> (x & 0xf)) & 1);
}

/* Byte-wise average (rounded down) of four packed bytes. */
uint32_t packed_byte_avg(uint32_t x, uint32_t y) {
    return (x & y) + (((x ^ y) & 0xfefefefeu) >> 1);
}

/* Byte-wise sum of four packed bytes modulo 256 per byte. */
uint32_t packed_byte_add(uint32_t x, uint32_t y) {
    return ((x & 0x7f7f7f7fu) + (y & 0x7f7f7f7fu)) ^ ((x ^ y) & 0x80808080u);
}

/* Nonzero iff some byte of x is zero. */
uint32_t has_zero_byte(uint32_t x) {
    return (x - 0x01010101u) & ~x & 0x80808080u;
}

/* RGB565 to RGB888 with bit replication. */
uint32_t rgb565_to_888(uint32_t c) {
    uint32_t r = (c >> 11) & 0x1f;
    uint32_t g = (c >> 5) & 0x3f;
    uint32_t b = c & 0x1f;
    r = (r << 3) | (r >> 2);
    g = (g << 2) | (g >> 4);
    b = (b << 3) | (b >> 2);
    return (r << 16) | (g << 8) | b;
}

/* Map the bits of an IEEE float to an unsigned key that sorts like the float. */
uint32_t float_bits_sort_key(uint32_t x) {
    uint32_t mask = (0u - (x >> 31)) | 0x80000000u;
    return x ^ mask;
}

/* Sign-extend the low b bits of x (1 <= b <= 32). */
int32_t sign_extend_bits(uint32_t x, uint32_t b) {
    uint32_t m = 1u << ((b - 1) & 31);
    x &= (m << 1) - 1;
    return (int32_t)((x ^ m) - m);
}

/* Zigzag-encode a signed 64-bit value, then decode the sum with another encoded value. */
uint64_t zigzag_round_trip(int64_t x, uint64_t z) {
    uint64_t e = ((uint64_t)x << 1) ^ (uint64_t)(x >> 63);
    uint64_t s = e + z;
    return (s >> 1) ^ (0ull - (s & 1));
}

/* High 64 bits of the unsigned product of two 64-bit values, from 32-bit pieces. */
uint64_t mulhi_u64(uint64_t x, uint64_t y) {
    uint64_t x0 = x & 0xffffffffu, x1 = x >> 32;
    uint64_t y0 = y & 0xffffffffu, y1 = y >> 32;
    uint64_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* Bit-interleaved select: the bits of a where m is set, of b elsewhere, then rotated by 8. */
uint32_t select_rotate(uint32_t a, uint32_t b, uint32_t m) {
    uint32_t s = b ^ ((a ^ b) & m);
    return (s << 8) | (s >> 24);
}

/* Bit length of a 16-bit value (0 for 0): smear the highest 1-bit down, then count. */
uint32_t bit_length16(uint32_t x) {
    x &= 0xffffu;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0f0fu;
    return (x + (x >> 8)) & 0x1fu;
}

/* Number of trailing zeros of a nonzero x by branch-free binary search (Hacker's Delight ntz). */
uint32_t ntz_branchless(uint32_t x) {
    uint32_t n = 1;
    uint32_t t;
    t = ((x & 0xffffu) == 0) << 4; x >>= t; n += t;
    t = ((x & 0xffu) == 0) << 3; x >>= t; n += t;
    t = ((x & 0xfu) == 0) << 2; x >>= t; n += t;
    t = ((x & 0x3u) == 0) << 1; x >>= t; n += t;
    return n - (x & 1);
}
