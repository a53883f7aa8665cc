/* One step (or the final fold) of common checksums and non-cryptographic hashes, written for
 * equibench: Adler-32 and Fletcher sums, the Internet checksum fold, djb2/sdbm/FNV/ELF/Jenkins
 * string-hash steps, bitwise CRC steps, MurmurHash3 and SipHash/ChaCha/TEA mixing steps, LCG and
 * xorshift generator steps. Integer only; no branches, memory, calls or loops in the C. Same
 * format as hackers_delight.c. */
#include <stdint.h>

/* One Adler-32 step: a += byte mod 65521. */
uint32_t adler32_a_step(uint32_t a, uint32_t byte) {
    return (a + (byte & 0xff)) % 65521u;
}

/* Fletcher-16's first sum after one byte. */
uint32_t fletcher16_step(uint32_t sum1, uint32_t byte) {
    return ((sum1 & 0xff) + (byte & 0xff)) % 255u;
}

/* Fold a 32-bit Internet checksum accumulator to its 16-bit complement. */
uint32_t inet_checksum_fold(uint32_t s) {
    s = (s & 0xffff) + (s >> 16);
    s = (s & 0xffff) + (s >> 16);
    return ~s & 0xffff;
}

/* Ones'-complement addition of two 16-bit words. */
uint32_t ones_complement_add16(uint32_t a, uint32_t b) {
    uint32_t s = (a & 0xffff) + (b & 0xffff);
    return (s + (s >> 16)) & 0xffff;
}

/* One step of djb2: h * 33 + c. */
uint32_t djb2_step(uint32_t h, uint32_t c) {
    return (h << 5) + h + c;
}

/* One step of djb2's xor variant. */
uint32_t djb2a_step(uint32_t h, uint32_t c) {
    return ((h << 5) + h) ^ (c & 0xff);
}

/* One step of sdbm: c + h * 65599. */
uint32_t sdbm_step(uint32_t h, uint32_t c) {
    return c + (h << 6) + (h << 16) - h;
}

/* One byte of 32-bit FNV-1a. */
uint32_t fnv1a32_byte(uint32_t h, uint32_t byte) {
    return (h ^ (byte & 0xff)) * 16777619u;
}

/* One byte of 32-bit FNV-1 (multiply first). */
uint32_t fnv1_32_byte(uint32_t h, uint32_t byte) {
    return (h * 16777619u) ^ (byte & 0xff);
}

/* One step of Jenkins' one-at-a-time hash. */
uint32_t oaat_step(uint32_t h, uint32_t c) {
    h += c & 0xff;
    h += h << 10;
    h ^= h >> 6;
    return h;
}

/* One step of the ELF (PJW) hash. */
uint32_t elf_hash_step(uint32_t h, uint32_t c) {
    h = (h << 4) + (c & 0xff);
    uint32_t g = h & 0xf0000000u;
    h ^= g >> 24;
    return h & ~g;
}

/* One bit of reflected CRC-32 (polynomial 0xEDB88320). */
uint32_t crc32_bit_step(uint32_t crc) {
    return (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
}

/* One bit of reflected CRC-32C (Castagnoli, 0x82F63B78). */
uint32_t crc32c_bit_step(uint32_t crc) {
    return (crc >> 1) ^ (0x82f63b78u & (0u - (crc & 1)));
}

/* One bit of CRC-16-CCITT (polynomial 0x1021, MSB first). */
uint32_t crc16_ccitt_bit_step(uint32_t crc) {
    crc &= 0xffff;
    return ((crc << 1) ^ (0x1021u & (0u - (crc >> 15)))) & 0xffff;
}

/* One bit of CRC-8 (polynomial 0x07, MSB first). */
uint32_t crc8_bit_step(uint32_t crc) {
    crc &= 0xff;
    return ((crc << 1) ^ (0x07u & (0u - (crc >> 7)))) & 0xff;
}

/* Fold a 64-bit hash to 32 bits. */
uint32_t xor_fold64(uint64_t x) {
    return (uint32_t)(x ^ (x >> 32));
}

/* Fold a 32-bit hash to 16 bits. */
uint32_t xor_fold32(uint32_t x) {
    return (x ^ (x >> 16)) & 0xffff;
}

/* MurmurHash3's scramble of one 32-bit block. */
uint32_t murmur3_scramble(uint32_t k) {
    k *= 0xcc9e2d51u;
    k = (k << 15) | (k >> 17);
    return k * 0x1b873593u;
}

/* MurmurHash3's merge of a scrambled block into the state. */
uint32_t murmur3_merge(uint32_t h, uint32_t k) {
    h ^= k;
    h = (h << 13) | (h >> 19);
    return h * 5 + 0xe6546b64u;
}

/* A linear congruential generator step (the C standard's example constants). */
uint32_t lcg_step(uint32_t x) {
    return x * 1103515245u + 12345u;
}

/* Knuth's MMIX linear congruential step. */
uint64_t mmix_lcg_step(uint64_t x) {
    return x * 6364136223846793005ull + 1442695040888963407ull;
}

/* One step of Marsaglia's xorshift64. */
uint64_t xorshift64_step(uint64_t x) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

/* One step of the 16-bit xorshift (7, 9, 8). */
uint32_t xorshift16_step(uint32_t x) {
    x &= 0xffff;
    x ^= (x << 7) & 0xffff;
    x ^= x >> 9;
    x ^= (x << 8) & 0xffff;
    return x;
}

/* Parity of the low byte, by folding. */
uint32_t parity8(uint32_t x) {
    x &= 0xff;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return x & 1;
}

/* An add-rotate-xor mixing step. */
uint32_t arx_mix(uint32_t a, uint32_t b) {
    a += b;
    a = (a << 7) | (a >> 25);
    return a ^ b;
}

/* Half a SipHash round on (v0, v1): the new v1. */
uint64_t siphash_half_round(uint64_t v0, uint64_t v1) {
    v0 += v1;
    v1 = (v1 << 13) | (v1 >> 51);
    return v1 ^ v0;
}

/* The first quarter of a ChaCha quarter-round: the new d. */
uint32_t chacha_qr_step(uint32_t a, uint32_t b, uint32_t d) {
    a += b;
    d ^= a;
    return (d << 16) | (d >> 16);
}

/* The mixing function of one TEA half-round. */
uint32_t tea_mix(uint32_t v, uint32_t k0, uint32_t k1) {
    return ((v << 4) + k0) ^ (v + 0x9e3779b9u) ^ ((v >> 5) + k1);
}

/* The round function of XTEA (without the key schedule). */
uint32_t xtea_mix(uint32_t v, uint32_t key) {
    return (((v << 4) ^ (v >> 5)) + v) ^ key;
}

/* Luhn's doubled digit: 2d, minus 9 when that exceeds 9. */
uint32_t luhn_double(uint32_t d) {
    d = (d % 10) * 2;
    return d - 9 * (d > 9);
}

/* A BCD byte (two decimal digits) to binary. */
uint32_t bcd_to_binary8(uint32_t b) {
    return ((b >> 4) & 0xf) * 10 + (b & 0xf);
}

/* A binary value below 100 to a BCD byte. */
uint32_t binary_to_bcd8(uint32_t v) {
    v %= 100;
    return ((v / 10) << 4) | (v % 10);
}
