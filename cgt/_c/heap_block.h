/* The sparse space in blocks of heaps: the fast path of heap.c's sparse() for octal
 * games whose values stay below 512 and whose rare heaps have stopped (Officers, 0.6).
 *
 * Included by heap.c only (it uses Rule, Rare, parity and lowest_bit from there).
 *
 * Once the last rare heap R is far behind (heap > 2R + max k + 1), every heap that a
 * split of the current one can leave, beside a rare part, is common, and so is the
 * larger part of every split.  Then:
 *
 *   - a value below 512 is held as an 8-bit *code* of its class: the value with the
 *     lowest bit b of the mask left out (that bit follows from the class's parity).
 *     Codes keep the order of the values of a class, and the code of a ^ b is
 *     code(a) ^ code(b), so a rare part of code w and a common part of code c leave
 *     the common value of code w ^ c;
 *   - the common values among the options of BLOCK consecutive heaps are gathered
 *     at once: for a rare heap r far enough (r >= BLOCK - k), the common parts of
 *     the BLOCK heaps are BLOCK consecutive codes, read as words; each marks one bit
 *     of its heap's set of 256 codes (``marks``; one at a time through a row of bytes,
 *     then packed; with AVX2 or AVX-512 as words built by variable shifts);
 *     the near rare heaps, whose common part may lie in the block, are added heap
 *     by heap, with the single-heap options;
 *   - the candidate is the least code not marked; the rare values below it must be
 *     met among all the splits (two common parts or two rare ones).  Their codes
 *     are a bit set of 256; the splits a + (m - a) are scanned in order of a, 64 at
 *     a time with AVX-512 or 32 with AVX2 where the processor has them (byte
 *     lookups in the bit set, the larger parts read from a copy of the codes kept
 *     backwards), else one at a time.  The first chunks take out every code they
 *     meet at once (bits built by variable shifts, no lookup); with AVX2 the last
 *     few codes are then looked for by compares (block_scan_few2).
 *     The scan stops when the set is empty, which is after some thousands of splits
 *     for Officers, against the hundreds of thousands there are (on 300 heaps past
 *     2.6*10**6: 30 chunks of 64 splits a heap for some 60 codes wanted; a chunk
 *     starts with 1 code left in 30 % of them, 2 in 15 %, 3 or 4 in 14 %, 5 to 8 in
 *     13 %, more in 28 %);
 *   - with AVX2 or AVX-512, only a ranked part of the far splits (a rare heap under
 *     a split rule) is marked; the others are checked against each heap's least free
 *     codes with compares over 32 or 64 heaps at once (the candidates, see
 *     block_cand_rank).
 *
 * On a processor with AVX2 and no AVX-512 (AMD Zen 3, 2 cores), Officers to 10**7 took
 * 17.4 CPU seconds with byte marks, every far rare heap marked and one lookup path for
 * the scan; 8.6 with this file (marks 0.2 us a heap, checks 0.06, the first
 * chunks 0.15, the rest of the scan 0.16; some 2,100 splits a heap in all).
 *
 * A heap whose value would be rare or 512 or more is left to the exact general
 * code of heap.c (block_run returns how many heaps it settled, all common), which
 * then also records the new rare heap: the blocks start again only once it is far
 * enough behind.  So the values are the exact mex, like those of the general code.
 */

#include <stdint.h>
#include <string.h>

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define HEAP_BLOCK_X86 1
#endif

#define BLOCK 64       /* heaps settled together */
#define CODES 256      /* codes of a class: values below 512 */
#define CODE_VALUES 512

/* fast-path flags of sparse(): BLOCK_ON uses the blocks, BLOCK_SIMD their AVX2 scan,
   BLOCK_AVX512 their AVX-512 scan (each where the processor has it; else the next
   narrower one allowed) */
#define BLOCK_ON 1
#define BLOCK_SIMD 2
#define BLOCK_AVX512 4
#define BLOCK_CAND 8 /* candidates (see block_cand_run); with SIMD bits, only on AVX-512 */
#define BLOCK_LOW_MARKS 16 /* tests: block_mark_avx512 marks the codes below 64 only */
#define BLOCK_LOW_START 32 /* tests: the scans start at 64, not SCAN_START */

/* the scan of a heap's splits takes a >= SCAN_START first, then those below it (the
   same splits, so the same answer): for Officers the codes still wanted are met after
   fewer splits (a sample of heaps past 5*10**6: about 2,300 from 3072 on, 2,800 from 1;
   the heaps below some thousands, with their small values, are poorer in them).  In
   steps of 64 splits, on 300 heaps from 5*10**6 and from 9*10**6 (and from 1.2 and
   1.9*10**6): 40.2 and 36.1 (37.9, 38.7) from 3072, 30.9 and 33.6 (32.8, 31.8) from
   5120, 32.2 and 33.9 from 6144; from 8192 or more, more than from 3072 again (44.2
   and 53.9 from 8192 and 12288 near 1.9*10**6, against 39.1; and slower to 10**6) */
#ifndef SCAN_START
#define SCAN_START 5120
#endif

#define MARK_LIMIT 192 /* block_mark_avx512 marks the codes below it (a multiple of 64) */
#define CAND 8            /* candidates per heap */
#define CAND_TRAIN 16     /* blocks that rank the far rare heaps */
#ifndef CAND_KEEP
#define CAND_KEEP 2 /* of every 5 far rare heaps, the best CAND_KEEP are marked */
#endif
#define CAND_WINDOW 256   /* blocks between two looks at the fallbacks */

/* what the AVX-512 paths use: byte permutes (VBMI) over 64 bytes, byte masks (BW) */
#define HEAP_AVX512_TARGET "avx512f,avx512bw,avx512vbmi,avx512vbmi2"

typedef struct {
    int bit;                  /* b: the lowest bit of the mask below 512 */
    unsigned mask;            /* the mask's bits below 512 */
    uint16_t common[CODES];   /* the common value (odd parity) of each code */
    uint16_t rare_below[CODES]; /* how many rare values (even parity) lie below it */
    uint8_t (*rows)[CODES];   /* BLOCK rows of bytes: row[i][c] != 0 when code c is met at
                                 h0 + i (the one-at-a-time marking; the ranking's counts) */
    uint64_t (*marks)[CODES / 64]; /* the same as bit sets: bit c of heap h0 + i */
    uint8_t *rare_codes;      /* the codes of the rare heaps' values */
    Py_ssize_t coded;         /* how many rare heaps have their code there */
    Py_ssize_t rare_cap;
    int simd;                 /* the widest scan allowed and present: 0, 1 AVX2, 2 AVX-512 */
    int mark_limit;           /* block_mark_avx512 marks the codes below it: MARK_LIMIT, or
                                 64 with BLOCK_LOW_MARKS (tests: many more heaps past it) */
    Py_ssize_t scan_start;    /* SCAN_START, or 64 with BLOCK_LOW_START (tests: the first
                                 pass and its first chunks reach the small heaps too) */
    uint8_t (*onehot)[32];    /* AVX-512: onehot[c] is the bit set {c} of 256 bits, c <= CODES */
    /* AVX-512 (block_room): the codes backwards, rcg[end - 1 - n] the code of heap n, so
       that the larger parts of 64 splits are one load and no permute; and okbits, bit n
       set when heap n is common, read straight into a mask register */
    uint8_t *rcg;
    uint64_t *okbits;
    Py_ssize_t end;
    /* candidates (block_cand_run): state 0 ranking, 1 in use, -1 off for this call */
    int cand, cand_state;
    Py_ssize_t cand_nrare;         /* the rare heaps ranked */
    Py_ssize_t nfar, nmarked;      /* far splits; how many of them are marked */
    int32_t *far_off;              /* far split t: heap n's larger part is n - far_off[t] */
    uint8_t *far_code;             /* and its rare part's code; the nmarked marked first */
    uint32_t *rank;                /* per far split: how often it alone met a code below */
    long trained, blocks, fallbacks;
} Block;

static inline uint8_t
block_code(const Block *bk, int32_t v)
{
    unsigned low = (1u << bk->bit) - 1;
    return (uint8_t)((((unsigned)v >> (bk->bit + 1)) << bk->bit) | ((unsigned)v & low));
}

/* The widest scan that ``flags`` allow and the processor has: 0 one split at a time,
   1 AVX2, 2 AVX-512. */
static int
block_simd(int flags)
{
#ifdef HEAP_BLOCK_X86
    __builtin_cpu_init();
    if ((flags & BLOCK_AVX512) && __builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi") &&
        __builtin_cpu_supports("avx512vbmi2"))
        return 2;
    if ((flags & BLOCK_SIMD) && __builtin_cpu_supports("avx2"))
        return 1;
#else
    (void)flags;
#endif
    return 0;
}

/* Set up the code tables for ``mask``; 0, or -1 with an exception set. */
static int
block_init(Block *bk, unsigned long mask, int flags)
{
    memset(bk, 0, sizeof(*bk));
    bk->mask = (unsigned)(mask & (CODE_VALUES - 1));
    bk->bit = lowest_bit(bk->mask);
    for (unsigned v = 0; v < CODE_VALUES; v++) {
        if (parity(v & bk->mask))
            bk->common[block_code(bk, (int32_t)v)] = (uint16_t)v;
    }
    /* the rare values below the common value of each code (the codes keep the order,
       so they are the rare values of codes 0, 1, ..., rare_below - 1) */
    for (int c = 0; c < CODES; c++) {
        int count = 0;
        for (unsigned v = 0; v < bk->common[c]; v++)
            count += !parity(v & bk->mask);
        bk->rare_below[c] = (uint16_t)count;
    }
    bk->rows = PyMem_Malloc(sizeof(uint8_t[BLOCK][CODES]));
    bk->marks = PyMem_Malloc(sizeof(uint64_t[BLOCK][CODES / 64]));
    if (bk->rows == NULL || bk->marks == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    bk->simd = block_simd(flags);
    bk->mark_limit = (flags & BLOCK_LOW_MARKS) ? 64 : MARK_LIMIT;
    bk->scan_start = (flags & BLOCK_LOW_START) ? 64 : SCAN_START;
    /* the candidates' checks are compares over 64 heaps: worth it with AVX-512; one heap
       at a time (no SIMD bit) they are slower than the marking, but exact (tests) */
    bk->cand = (flags & BLOCK_CAND) &&
               (bk->simd >= 1 || !(flags & (BLOCK_SIMD | BLOCK_AVX512)));
    if (bk->simd == 2) {
        bk->onehot = PyMem_Calloc(CODES + 1, sizeof(*bk->onehot)); /* row CODES: none */
        if (bk->onehot == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (int c = 0; c < CODES; c++)
            bk->onehot[c][c >> 3] = (uint8_t)(1u << (c & 7));
    }
    return 0;
}

/* The AVX-512 scan's copies of the codes and classes of heaps below ``end``; 0, or -1
   with an exception set. */
static int
block_room(Block *bk, Py_ssize_t end)
{
    if (bk->simd < 1)
        return 0;
    bk->end = end;
    bk->rcg = PyMem_Calloc((size_t)end, 1);
    bk->okbits = PyMem_Calloc((size_t)(end / 64 + 2), sizeof(uint64_t)); /* one word spare */
    if (bk->rcg == NULL || bk->okbits == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Record heap n's code and class (common or not), in every form the scans read. */
static inline void
block_store(Block *bk, uint8_t *cg, uint8_t *ok, Py_ssize_t n, uint8_t code, int common)
{
    cg[n] = code;
    ok[n] = common ? 0xFF : 0;
    if (bk->rcg != NULL) {
        uint64_t bit = (uint64_t)1 << (n & 63);
        bk->rcg[bk->end - 1 - n] = code;
        bk->okbits[n >> 6] = common ? bk->okbits[n >> 6] | bit : bk->okbits[n >> 6] & ~bit;
    }
}

static void
block_free(Block *bk)
{
    PyMem_Free(bk->rcg);
    PyMem_Free(bk->okbits);
    bk->rcg = NULL;
    bk->okbits = NULL;
    PyMem_Free(bk->rows);
    PyMem_Free(bk->marks);
    bk->marks = NULL;
    PyMem_Free(bk->rare_codes);
    PyMem_Free(bk->onehot);
    PyMem_Free(bk->far_off);
    PyMem_Free(bk->far_code);
    PyMem_Free(bk->rank);
    bk->far_off = NULL;
    bk->far_code = NULL;
    bk->rows = NULL;
    bk->rare_codes = NULL;
    bk->onehot = NULL;
    bk->rank = NULL;
}

/* The codes of rare heaps not coded yet; 0, or -1 with an exception set. */
static int
block_code_rares(Block *bk, const Rare *rare, Py_ssize_t nrare)
{
    if (nrare > bk->rare_cap) {
        Py_ssize_t cap = 2 * nrare;
        uint8_t *grown = PyMem_Realloc(bk->rare_codes, (size_t)cap);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        bk->rare_codes = grown;
        bk->rare_cap = cap;
    }
    for (; bk->coded < nrare; bk->coded++)
        bk->rare_codes[bk->coded] = block_code(bk, rare[bk->coded].value);
    return 0;
}

/* Mark the codes w ^ src[i] in rows[i], i < BLOCK. */
static void
block_mark(uint8_t (*rows)[CODES], const uint8_t *src, uint8_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t spread = (uint64_t)w * 0x0101010101010101ULL;
    for (int q = 0; q < BLOCK; q += 8) {
        uint64_t t;
        memcpy(&t, src + q, 8);
        t ^= spread;
        uint8_t *base = rows[q];
        base[0 * CODES + (t & 255)] = 1;
        base[1 * CODES + ((t >> 8) & 255)] = 1;
        base[2 * CODES + ((t >> 16) & 255)] = 1;
        base[3 * CODES + ((t >> 24) & 255)] = 1;
        base[4 * CODES + ((t >> 32) & 255)] = 1;
        base[5 * CODES + ((t >> 40) & 255)] = 1;
        base[6 * CODES + ((t >> 48) & 255)] = 1;
        base[7 * CODES + (t >> 56)] = 1;
    }
#else
    for (int i = 0; i < BLOCK; i++)
        rows[i][src[i] ^ w] = 1;
#endif
}

/* The byte rows (0 or 1) as bit sets. */
static void
block_pack(uint8_t (*rows)[CODES], uint64_t (*marks)[CODES / 64])
{
    for (int l = 0; l < BLOCK; l++)
        for (int q = 0; q < CODES / 64; q++) {
            uint64_t word = 0;
            for (int b = 0; b < 8; b++) {
                uint64_t t;
                memcpy(&t, rows[l] + 64 * q + 8 * b, 8);
                word |= ((t * 0x0102040810204080ULL) >> 56) << (8 * b); /* byte i -> bit i */
            }
            marks[l][q] = word;
        }
}

/* The least code not in the bit set, or CODES. */
static inline int
block_first_free_bits(const uint64_t *mk)
{
    for (int q = 0; q < CODES / 64; q++)
        if (~mk[q])
            return 64 * q + lowest_bit(~mk[q]);
    return CODES;
}

#define MARK_BIT(mk, x) ((mk)[(x) >> 6] |= (uint64_t)1 << ((x) & 63))
#define HAS_BIT(mk, x) (((mk)[(x) >> 6] >> ((x) & 63)) & 1)

/* Splits a + (m - a), lo <= a <= hi, one at a time: clear the codes met from ``want``
   (a bit set of rare codes) where a is common (``ok[a]``: the larger part always is). */
static Py_ssize_t
block_scan(const uint8_t *cg, const uint8_t *ok, Py_ssize_t m, Py_ssize_t lo, Py_ssize_t hi,
           uint8_t *want, int *need)
{
    Py_ssize_t a = lo;
    for (; a <= hi; a++) {
        unsigned x = (unsigned)(cg[a] ^ cg[m - a]);
        if (ok[a] && (want[x >> 3] >> (x & 7)) & 1) {
            want[x >> 3] &= (uint8_t) ~(1u << (x & 7));
            if (--*need == 0)
                return a + 1;
        }
    }
    return a;
}

#ifdef HEAP_BLOCK_X86

#ifndef BULK2
#define BULK2 32 /* AVX2: at most this many chunks of 32 splits whose codes are taken out at once */
#endif
#ifndef BULK_STEP
#define BULK_STEP 8 /* AVX2: those chunks in rounds of this many, until few codes are left */
#endif
#ifndef GROUP2
#define GROUP2 4 /* AVX2: chunks looked up with one copy of the set */
#endif

/* The codes met among the splits a .. a + 32 BULK_STEP - 1 (rm: the larger parts' codes, ok:
   the small parts' classes), as the 32-bit words met[j] of codes 32 j .. 32 j + 31, j <
   nwin (a constant where inlined): bit x - 32 j of word j by a variable shift in 32-bit
   lanes, which gives nothing outside the word (counts of 32 or more, negative ones
   wrapping to large).  A split with a rare small part gets code 255: no bit. */
__attribute__((target("avx2"), always_inline)) static inline void
block_bulk2(const uint8_t *cg, const uint8_t *ok, const uint8_t *rm, Py_ssize_t a,
            uint32_t *met, int nwin)
{
    const __m256i one = _mm256_set1_epi32(1), all = _mm256_set1_epi8(-1);
    __m256i acc[6], off[6];
    for (int j = 0; j < nwin; j++) {
        acc[j] = _mm256_setzero_si256();
        off[j] = _mm256_set1_epi32(32 * j);
    }
    uint8_t xb[32];
    for (int q = 0; q < BULK_STEP; q++, a += 32) {
        __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(cg + a)),
                                     _mm256_loadu_si256((const __m256i *)(rm + a)));
        x = _mm256_or_si256(x,
                            _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)(ok + a)), all));
        _mm256_storeu_si256((__m256i *)xb, x);
#pragma GCC unroll 4
        for (int g = 0; g < 4; g++) {
            __m256i u = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(xb + 8 * g)));
            acc[0] = _mm256_or_si256(acc[0], _mm256_sllv_epi32(one, u));
            for (int j = 1; j < nwin; j++)
                acc[j] = _mm256_or_si256(acc[j], _mm256_sllv_epi32(one, _mm256_sub_epi32(u, off[j])));
        }
    }
    for (int j = 0; j < 8; j++)
        met[j] = 0;
    for (int j = 0; j < nwin; j++) {
        __m128i h = _mm_or_si128(_mm256_castsi256_si128(acc[j]), _mm256_extracti128_si256(acc[j], 1));
        h = _mm_or_si128(h, _mm_shuffle_epi32(h, 0x4E));
        h = _mm_or_si128(h, _mm_shuffle_epi32(h, 0xB1));
        met[j] = (uint32_t)_mm_cvtsi128_si32(h);
    }
}

#define FEW2 3 /* AVX2: at most this many codes left are looked for by compares */

/* block_scan_avx2w's chunks once K <= FEW2 codes ``c`` are left: each split's code
   compared with each of them, GROUP2 chunks a test.  A group that meets codes takes them
   out of ``w``; their compares then repeat a code still wanted.  Returns where it stopped:
   past the group after which at most half of the K codes are left, or at the last whole
   group. */
__attribute__((target("avx2"), always_inline)) static inline Py_ssize_t
block_scan_few2k(const uint8_t *cg, const uint8_t *ok, const uint8_t *rm, Py_ssize_t a,
                 Py_ssize_t hi, uint64_t *w, uint8_t *c, int K)
{
    __m256i v[8];
    int left = K;
    for (int j = 0; j < 8; j++)
        v[j] = _mm256_set1_epi8((char)c[j < K ? j : 0]);
    for (; a + 32 * GROUP2 - 1 <= hi; a += 32 * GROUP2) {
        __m256i hit = _mm256_setzero_si256();
        __m256i xs[GROUP2];
#pragma GCC unroll 8
        for (int q = 0; q < GROUP2; q++) {
            Py_ssize_t b = a + 32 * q;
            __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(cg + b)),
                                         _mm256_loadu_si256((const __m256i *)(rm + b)));
            /* the small part may be rare: only the common ones count (ok) */
            __m256i e = _mm256_cmpeq_epi8(x, v[0]);
#pragma GCC unroll 8
            for (int j = 1; j < K; j++)
                e = _mm256_or_si256(e, _mm256_cmpeq_epi8(x, v[j]));
            hit = _mm256_or_si256(hit, _mm256_and_si256(e, _mm256_loadu_si256((const __m256i *)(ok + b))));
            xs[q] = x;
        }
        if (_mm256_testz_si256(hit, hit))
            continue;
        /* the codes met in the group are taken out; until half of them are gone their
           compares repeat a code still wanted (no harm), then a narrower search */
        int gone = 0;
        for (int j = 0; j < K; j++) {
            int met = 0;
            for (int q = 0; q < GROUP2 && !met; q++)
                met = !_mm256_testz_si256(_mm256_cmpeq_epi8(xs[q], v[j]),
                                          _mm256_loadu_si256((const __m256i *)(ok + a + 32 * q)));
            if (met && ((w[c[j] >> 6] >> (c[j] & 63)) & 1)) {
                w[c[j] >> 6] &= ~((uint64_t)1 << (c[j] & 63));
                left--;
                gone |= 1 << j;
            }
        }
        if (2 * left <= K)
            return a + 32 * GROUP2;
        int keep = 0;
        while (gone >> keep & 1)
            keep++;
        for (int j = 0; j < K; j++)
            if (gone >> j & 1) {
                c[j] = c[keep];
                v[j] = v[keep];
            }
    }
    return a;
}

__attribute__((target("avx2"))) static Py_ssize_t
block_scan_few2(const uint8_t *cg, const uint8_t *ok, const uint8_t *rm, Py_ssize_t a,
                Py_ssize_t hi, uint64_t *w)
{
    uint8_t c[8];
    int n = 0;
    for (int j = 0; j < 4; j++)
        for (uint64_t t = w[j]; t && n < 8; t &= t - 1)
            c[n++] = (uint8_t)(64 * j + lowest_bit(t));
    switch (n) {
    case 1: return block_scan_few2k(cg, ok, rm, a, hi, w, c, 1);
    case 2: return block_scan_few2k(cg, ok, rm, a, hi, w, c, 2);
    case 3: return block_scan_few2k(cg, ok, rm, a, hi, w, c, 3);
    case 4: return block_scan_few2k(cg, ok, rm, a, hi, w, c, 4);
    case 5: return block_scan_few2k(cg, ok, rm, a, hi, w, c, 5);
    case 6: return block_scan_few2k(cg, ok, rm, a, hi, w, c, 6);
    case 7: return block_scan_few2k(cg, ok, rm, a, hi, w, c, 7);
    default: return block_scan_few2k(cg, ok, rm, a, hi, w, c, 8);
    }
}


/* Every split a + (m - a), 1 <= a <= last, of one heap with AVX2, from ``from`` on first
   (see SCAN_START), then from 1: the codes wanted are the words ``want`` (in and out).
   The larger parts are read forwards from the codes kept backwards (rcg).  The first
   BULK2 chunks of 32 splits take out every code they meet at once: each code is a bit of
   a 64-bit word built by variable shifts (1 << (x - 64 j) is nothing outside word j), no
   lookup and no chain through the set, where the first chunks meet most of the codes.
   Then chunks of 32 are looked up in the set (two byte shuffles find the byte of each
   code, a third its bit), GROUP2 chunks against one copy of it (a code met twice in a
   group is taken out twice: no harm).  The rest one split at a time.  Returns how many
   splits it looked at. */
__attribute__((target("avx2"))) static Py_ssize_t
block_scan_avx2w(const Block *bk, const uint8_t *cg, const uint8_t *ok, Py_ssize_t m,
                 Py_ssize_t from, Py_ssize_t last, uint64_t *want)
{
    const uint8_t *rm = bk->rcg + (bk->end - 1 - m); /* rm[a]: the code of m - a */
    const __m256i bits = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 0, 0, 0, 0, 0, 0, 0,
                                          0, 1, 2, 4, 8, 16, 32, 64, (char)128, 0, 0, 0, 0, 0, 0,
                                          0, 0);
    const __m256i low5 = _mm256_set1_epi8(31), low3 = _mm256_set1_epi8(7);
    uint64_t w[4] = {want[0], want[1], want[2], want[3]};
    Py_ssize_t looked = 0;
    for (int pass = 0; pass < 2 && (w[0] | w[1] | w[2] | w[3]); pass++) {
        Py_ssize_t lo = pass ? 1 : from, hi = pass ? from - 1 : last;
        Py_ssize_t a = lo;
        for (int round = 0; !pass && round < BULK2 / BULK_STEP && !w[3] &&
                            a + 32 * BULK_STEP - 1 <= hi;
             round++) {
            if (__builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) +
                    __builtin_popcountll(w[2]) <= FEW2)
                break;
            int top = w[2] ? 128 + 63 - __builtin_clzll(w[2])
                      : w[1] ? 64 + 63 - __builtin_clzll(w[1])
                      : w[0] ? 63 - __builtin_clzll(w[0]) : 0;
            uint32_t met[8];
            switch (top >> 5) {
            case 0: block_bulk2(cg, ok, rm, a, met, 1); break;
            case 1: block_bulk2(cg, ok, rm, a, met, 2); break;
            case 2: block_bulk2(cg, ok, rm, a, met, 3); break;
            case 3: block_bulk2(cg, ok, rm, a, met, 4); break;
            case 4: block_bulk2(cg, ok, rm, a, met, 5); break;
            default: block_bulk2(cg, ok, rm, a, met, 6); break;
            }
            a += 32 * BULK_STEP;
            for (int q = 0; q < 3; q++)
                w[q] &= ~(met[2 * q] | ((uint64_t)met[2 * q + 1] << 32));
        }
        while (a + 32 * GROUP2 - 1 <= hi && (w[0] | w[1] | w[2] | w[3])) {
            int left = __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) +
                       __builtin_popcountll(w[2]) + __builtin_popcountll(w[3]);
            if (left <= FEW2) {
                a = block_scan_few2(cg, ok, rm, a, hi, w);
                continue;
            }
            __m256i table0 =
                _mm256_broadcastsi128_si256(_mm_set_epi64x((long long)w[1], (long long)w[0]));
            __m256i table1 =
                _mm256_broadcastsi128_si256(_mm_set_epi64x((long long)w[3], (long long)w[2]));
            uint32_t found[GROUP2], any = 0;
            __m256i xs[GROUP2];
#pragma GCC unroll 8
            for (int q = 0; q < GROUP2; q++) {
                Py_ssize_t b = a + 32 * q;
                __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(cg + b)),
                                             _mm256_loadu_si256((const __m256i *)(rm + b)));
                __m256i idx = _mm256_and_si256(_mm256_srli_epi16(x, 3), low5);
                __m256i byte = _mm256_blendv_epi8(_mm256_shuffle_epi8(table0, idx),
                                                  _mm256_shuffle_epi8(table1, idx),
                                                  _mm256_slli_epi16(idx, 3));
                __m256i bit = _mm256_shuffle_epi8(bits, _mm256_and_si256(x, low3));
                __m256i met = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), bit);
                met = _mm256_and_si256(met, _mm256_loadu_si256((const __m256i *)(ok + b)));
                found[q] = (uint32_t)_mm256_movemask_epi8(met);
                xs[q] = x;
                any |= found[q];
            }
            a += 32 * GROUP2;
            if (!any)
                continue;
            for (int q = 0; q < GROUP2; q++) {
                uint32_t f = found[q];
                if (!f)
                    continue;
                uint8_t codes[32];
                _mm256_storeu_si256((__m256i *)codes, xs[q]);
                while (f) {
                    unsigned c = codes[lowest_bit(f)];
                    f &= f - 1;
                    w[c >> 6] &= ~((uint64_t)1 << (c & 63));
                }
            }
        }
        for (; a <= hi && (w[0] | w[1] | w[2] | w[3]); a++) {
            unsigned x = (unsigned)(cg[a] ^ rm[a]);
            if (ok[a])
                w[x >> 6] &= ~((uint64_t)1 << (x & 63));
        }
        looked += a - lo;
    }
    memcpy(want, w, sizeof(w));
    return looked;
}

/* Tried for the AVX-512 scan and dropped (issue 33; Officers to 2*10**6 heaps, CPU
   seconds in one run, 1.57-1.60 with this scan before SCAN_BULK and the marks by
   shifts): groups of 4 or 8 chunks looked up
   against the set as it was at the group's start, with no update in between, the
   codes met then taken out group by group.  From the start: 1.63-1.67 (a code met
   many times in a group is taken out as often: the first groups meet some hundred
   codes).  Only once at most 1, 2, 4 or 8 codes are left: 1.61-1.67 (a look at the
   set's size every other chunk costs what the tail saves: with the tail never
   entered, 1.61-1.62).  Splits aimed at the hardest codes (for a code w, only the
   small parts a whose code u makes u ^ w the most frequent code among the larger
   parts) meet w only 2.5 to 5 times as often per split as the scan does (the most
   frequent codes of the common heaps past 1.5*10**6 have 3.7 % and 3.3 % of them,
   and a split meets a given code with 0.5 to 1.2 %): too little to pay for reading
   the parts one at a time (gathers) instead of 64 with two loads.  Once the first
   chunks' codes were taken out at once (SCAN_BULK), a last code searched by a compare
   per chunk, 2, 4 or 8 chunks a test with no chain: 1.25-1.29 against 1.28-1.31, within
   the noise, not kept. */

/* block_scan 64 splits at a time (AVX-512): the larger parts read forwards from the
   codes kept backwards (rcg), the small parts' classes as 64 bits of okbits, the set
   of wanted codes held as 32 bytes in both halves of a register (one permute finds the
   byte of each code, another its bit).  The codes met are packed at the bottom of a
   register (compress) and taken out of the set by AND-NOT with their bit sets
   (``onehot``; row CODES is empty): two of them without a branch, more in a loop
   (mostly the first chunks).  Taking codes out and reading the set again is a chain of
   some 30 cycles, longer than a chunk: after the first SCAN_WARM512 chunks the lookups
   read the set as it was one period of SCAN_GROUP512 chunks earlier (a code met again
   meanwhile is taken out again: no harm), so they need not wait.  The rest one split
   at a time.  The set stays in a register for both passes of a heap (``*set``). */
#ifndef SCAN_BULK
#define SCAN_BULK 4
#endif
#define SCAN_WARM512 4
#define SCAN_GROUP512 2
__attribute__((target(HEAP_AVX512_TARGET), always_inline)) static inline Py_ssize_t
block_scan_range512(const uint8_t *cg, const uint8_t *ok, const uint8_t *rm,
                    const uint64_t *okbits, Py_ssize_t m, Py_ssize_t lo, Py_ssize_t hi,
                    __m256i *set, const uint8_t (*onehot)[32], const __m512i bits, int bulk)
{
    __m256i w = *set;
    Py_ssize_t a = lo;
#if SCAN_BULK
    if (bulk && a + 64 * SCAN_BULK - 1 <= hi &&
        _mm256_testz_si256(w, _mm256_set_epi64x(-1, -1, 0, 0))) {
        /* the first SCAN_BULK chunks, when the codes wanted lie below 128 (for Officers
           always): every code below 128 met there, as bits of two 64-bit words built by
           variable shifts (no lookup, no branch, no chain through the set), taken out
           of the set at once */
        const __m512i one = _mm512_set1_epi64(1), c64 = _mm512_set1_epi64(64);
        __m512i s0 = _mm512_setzero_si512(), s1 = s0, t0 = s0, t1 = s0;
        for (int q = 0; q < SCAN_BULK; q++, a += 64) {
            const uint64_t *ob = okbits + (a >> 6);
            unsigned sh = (unsigned)(a & 63);
            uint64_t common = (ob[0] >> sh) | ((ob[1] << 1) << (63 - sh));
#pragma GCC unroll 8
            for (int g = 0; g < 8; g += 2) {
                __m512i x = _mm512_xor_si512(
                    _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(cg + a + 8 * g))),
                    _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(rm + a + 8 * g))));
                __m512i y = _mm512_xor_si512(
                    _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(cg + a + 8 * g + 8))),
                    _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(rm + a + 8 * g + 8))));
                __mmask8 kx = (__mmask8)(common >> (8 * g)), ky = (__mmask8)(common >> (8 * g + 8));
                s0 = _mm512_mask_or_epi64(s0, kx, s0, _mm512_sllv_epi64(one, x));
                s1 = _mm512_mask_or_epi64(s1, kx, s1,
                                          _mm512_sllv_epi64(one, _mm512_sub_epi64(x, c64)));
                t0 = _mm512_mask_or_epi64(t0, ky, t0, _mm512_sllv_epi64(one, y));
                t1 = _mm512_mask_or_epi64(t1, ky, t1,
                                          _mm512_sllv_epi64(one, _mm512_sub_epi64(y, c64)));
            }
        }
        uint64_t met0 = (uint64_t)_mm512_reduce_or_epi64(_mm512_or_si512(s0, t0));
        uint64_t met1 = (uint64_t)_mm512_reduce_or_epi64(_mm512_or_si512(s1, t1));
        w = _mm256_andnot_si256(_mm256_set_epi64x(0, 0, (long long)met1, (long long)met0), w);
    }
#else
    (void)bulk;
#endif
    __m512i table = _mm512_broadcast_i64x4(w), pending = table;
    for (unsigned q = 0; a + 63 <= hi; q++, a += 64) {
        if (q < SCAN_WARM512) {
            if (_mm256_testz_si256(w, w))
                break;
            table = pending = _mm512_broadcast_i64x4(w);
        }
        else if (!(q % SCAN_GROUP512)) {
            if (_mm256_testz_si256(w, w))
                break;
            table = pending;
            pending = _mm512_broadcast_i64x4(w);
        }
        __m512i x = _mm512_xor_si512(_mm512_loadu_si512(cg + a), _mm512_loadu_si512(rm + a));
        /* bits a..a + 63 of okbits (the shift in two steps: none of 64) */
        unsigned sh = (unsigned)(a & 63);
        const uint64_t *ob = okbits + (a >> 6);
        __mmask64 common = (__mmask64)((ob[0] >> sh) | ((ob[1] << 1) << (63 - sh)));
        __m512i byte = _mm512_permutexvar_epi8(_mm512_srli_epi16(x, 3), table);
        __m512i bit = _mm512_permutexvar_epi8(x, bits);
        __mmask64 met = _mm512_mask_test_epi8_mask(common, byte, bit);
        __m512i packed = _mm512_maskz_compress_epi8(met, x);
        uint64_t eight = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(packed));
        unsigned n = (unsigned)__builtin_popcountll(met);
        /* the first two codes met, or CODES (no code), by arithmetic: no branch */
        unsigned none0 = (unsigned)(n < 1), none1 = (unsigned)(n < 2);
        unsigned c0 = ((unsigned)(eight & 255) & (none0 - 1)) | (none0 << 8);
        unsigned c1 = ((unsigned)((eight >> 8) & 255) & (none1 - 1)) | (none1 << 8);
        w = _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)onehot[c0]), w);
        w = _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)onehot[c1]), w);
        if (n > 2) {
            eight >>= 16;
            for (unsigned i = 2; i < n; i++) {
                if (!(i & 7)) {
                    packed = _mm512_alignr_epi64(packed, packed, 1);
                    eight = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(packed));
                }
                w = _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)onehot[eight & 255]),
                                        w);
                eight >>= 8;
            }
        }
    }
    if (a <= hi && !_mm256_testz_si256(w, w)) { /* the last splits, one at a time */
        uint64_t ws[4];
        _mm256_storeu_si256((__m256i *)ws, w);
        for (; a <= hi; a++) {
            unsigned x = (unsigned)(cg[a] ^ cg[m - a]);
            if (ok[a] && ((ws[x >> 6] >> (x & 63)) & 1)) {
                ws[x >> 6] &= ~((uint64_t)1 << (x & 63));
                if (!(ws[0] | ws[1] | ws[2] | ws[3])) {
                    a++;
                    break;
                }
            }
        }
        w = _mm256_loadu_si256((const __m256i *)ws);
    }
    *set = w;
    return a;
}

/* Every split a + (m - a), 1 <= a <= last, of one heap with AVX-512: from ``from`` to
   ``last`` first, then from 1 (see SCAN_START).  The codes still wanted are the words
   ``want`` (in and out), kept in a register meanwhile: a set written to memory byte by
   byte and read back as 32 bytes waits for the stores.  Returns how many splits it
   looked at. */
__attribute__((target(HEAP_AVX512_TARGET))) static Py_ssize_t
block_scan_avx512(const Block *bk, const uint8_t *cg, const uint8_t *ok, Py_ssize_t m,
                  Py_ssize_t from, Py_ssize_t last, uint64_t *want)
{
    const uint8_t *rm = bk->rcg + (bk->end - 1 - m); /* rm[a + t]: the code of m - a - t */
    const __m512i bits = _mm512_set1_epi64(0x8040201008040201LL); /* byte i: 1 << (i % 8) */
    __m256i w = _mm256_set_epi64x((long long)want[3], (long long)want[2], (long long)want[1],
                                  (long long)want[0]);
    Py_ssize_t looked = 0;
    for (int pass = 0; pass < 2 && !_mm256_testz_si256(w, w); pass++) {
        Py_ssize_t lo = pass ? 1 : from, hi = pass ? from - 1 : last;
        looked += block_scan_range512(cg, ok, rm, bk->okbits, m, lo, hi, &w, bk->onehot, bits,
                                      !pass) -
                  lo;
    }
    want[0] = (uint64_t)_mm256_extract_epi64(w, 0);
    want[1] = (uint64_t)_mm256_extract_epi64(w, 1);
    want[2] = (uint64_t)_mm256_extract_epi64(w, 2);
    want[3] = (uint64_t)_mm256_extract_epi64(w, 3);
    return looked;
}
#endif


/* --- candidates: fewer byte stores for the far rare heaps ---------------------------
 *
 * Marking every far rare heap costs 64 byte stores per rare heap and block (1,583 rare
 * heaps for Officers; with AVX-512, 24 shifts of 512 bits instead, block_mark_avx512:
 * 1.30 CPU seconds for Officers to 2*10**6 heaps against 1.41 with the stores).  The least unmarked code of a heap is its value's code; most
 * of the codes below it are met by one or two rare heaps only, and some rare heaps
 * meet such codes far more often than others.  So:
 *
 *   - the first CAND_TRAIN blocks of a call are marked in full, and also rank the far
 *     rare heaps: how often a rare heap is the only one to meet a code below the least
 *     unmarked one (block_cand_rank);
 *   - then the best CAND_KEEP in 5 are marked, and for each of the 64 heaps the least
 *     CAND codes left unmarked are its candidates (block_candidates); the other far
 *     rare heaps are checked against the candidates with compares over the 64 heaps
 *     at once (block_check_*): a few vector instructions per rare heap, not 64 stores;
 *   - a heap's code is its least candidate neither met by a checked rare heap nor
 *     marked by the near rare heaps and single-heap options (added heap by heap, as
 *     before).  The codes below it that are not candidates are marked, so it is the
 *     least code not met at all: the exact mex.  If every candidate is met, the heap
 *     falls back to marking the checked rare heaps too (exact, like the full marking).
 *
 * The ranking only decides the speed.  If the fallbacks become common (more than four
 * heaps a block over CAND_WINDOW blocks), the call goes back to the full marking; a
 * new rare heap starts the ranking again.
 *
 * What is ranked, marked and checked is a far *split*: a split rule k and a rare heap r
 * with k + r >= BLOCK, so that the larger part n - k - r of each heap n of the block lies
 * before it.  A game with two split rules has two far splits per rare heap, ranked
 * together (0.74, splits removing 1 and 2: 3 * 10**6 heaps in 4.45 CPU s against 7.51
 * when only one rule could use the candidates and two marked in full). */

static int
cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Start ranking the far splits: every split rule's rare heaps r with k + r >= BLOCK, whose
   larger part lies before the block for each of its heaps.  0, or -1 with an exception
   set. */
static int
block_cand_start(Block *bk, const Rule *rules, Py_ssize_t nrules, const Rare *rare,
                 Py_ssize_t nrare)
{
    PyMem_Free(bk->far_off);
    PyMem_Free(bk->far_code);
    PyMem_Free(bk->rank);
    size_t n = 1;
    for (Py_ssize_t j = 0; j < nrules; j++)
        n += (rules[j].digit & 4) ? (size_t)nrare : 0;
    bk->far_off = PyMem_Malloc(n * sizeof(int32_t));
    bk->far_code = PyMem_Malloc(n);
    bk->rank = PyMem_Calloc(n, sizeof(uint32_t));
    if (bk->far_off == NULL || bk->far_code == NULL || bk->rank == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    bk->nfar = 0;
    for (Py_ssize_t j = 0; j < nrules; j++)
        for (Py_ssize_t i = 0; (rules[j].digit & 4) && i < nrare; i++)
            if (rules[j].k + rare[i].heap >= BLOCK) {
                bk->far_off[bk->nfar] = (int32_t)(rules[j].k + rare[i].heap);
                bk->far_code[bk->nfar++] = bk->rare_codes[i];
            }
    bk->cand_state = 0;
    bk->cand_nrare = nrare;
    bk->trained = 0;
    return 0;
}

/* Rank the far splits on the block at h0 (counts in the rows); after CAND_TRAIN blocks
   order them best first.  0, or -1 with an exception set. */
static int
block_cand_rank(Block *bk, const uint8_t *cg, Py_ssize_t h0)
{
    uint8_t(*rows)[CODES] = bk->rows;
    const uint8_t *base = cg + h0;
    memset(rows, 0, sizeof(uint8_t[BLOCK][CODES]));
    for (Py_ssize_t t = 0; t < bk->nfar; t++) {
        const uint8_t *src = base - bk->far_off[t];
        uint8_t w = bk->far_code[t];
        for (int l = 0; l < BLOCK; l++) {
            uint8_t *count = &rows[l][src[l] ^ w];
            *count += *count < 255;
        }
    }
    int mex[BLOCK];
    for (int l = 0; l < BLOCK; l++) {
        int c = 0;
        while (c < CODES && rows[l][c])
            c++;
        mex[l] = c;
    }
    for (Py_ssize_t t = 0; t < bk->nfar; t++) {
        const uint8_t *src = base - bk->far_off[t];
        uint8_t w = bk->far_code[t];
        for (int l = 0; l < BLOCK; l++) {
            int x = src[l] ^ w;
            bk->rank[t] += x < mex[l] && rows[l][x] == 1;
        }
    }
    if (++bk->trained < CAND_TRAIN)
        return 0;
    /* best first (then in order): keys (UINT32_MAX - rank, t) in increasing order */
    size_t n = (size_t)(bk->nfar ? bk->nfar : 1);
    uint64_t *keys = PyMem_Malloc(n * sizeof(uint64_t));
    int32_t *off = PyMem_Malloc(n * sizeof(int32_t));
    uint8_t *code = PyMem_Malloc(n);
    if (keys == NULL || off == NULL || code == NULL) {
        PyMem_Free(keys);
        PyMem_Free(off);
        PyMem_Free(code);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t t = 0; t < bk->nfar; t++)
        keys[t] = ((uint64_t)(UINT32_MAX - bk->rank[t]) << 32) | (uint64_t)t;
    qsort(keys, (size_t)bk->nfar, sizeof(uint64_t), cmp_u64);
    for (Py_ssize_t t = 0; t < bk->nfar; t++) {
        Py_ssize_t u = (Py_ssize_t)(keys[t] & UINT32_MAX);
        off[t] = bk->far_off[u];
        code[t] = bk->far_code[u];
    }
    memcpy(bk->far_off, off, n * sizeof(int32_t));
    memcpy(bk->far_code, code, n);
    PyMem_Free(keys);
    PyMem_Free(off);
    PyMem_Free(code);
    bk->nmarked = (bk->nfar * CAND_KEEP + 4) / 5;
    bk->cand_state = 1;
    bk->blocks = bk->fallbacks = 0;
    return 0;
}

/* The least CAND codes not marked in each row (cand[j][l] for heap l; ncand[l] of them,
   fewer when the row has fewer free codes; the rest repeat code 0, never read). */
static void
block_candidates(uint64_t (*marks)[CODES / 64], uint8_t (*cand)[BLOCK], int *ncand)
{
    for (int l = 0; l < BLOCK; l++) {
        int n = 0;
        for (int q = 0; q < CODES / 64 && n < CAND; q++)
            for (uint64_t free = ~marks[l][q]; free && n < CAND; free &= free - 1)
                cand[n++][l] = (uint8_t)(64 * q + lowest_bit(free));
        ncand[l] = n;
        for (int j = n; j < CAND; j++)
            cand[j][l] = 0;
    }
}

#ifdef HEAP_BLOCK_X86
/* The codes below MARK_LIMIT of the rows of the 64 heaps marked with the codes
   base[l - heaps[t]] ^ codes[t], t < count (the rows' codes from MARK_LIMIT on are left
   unmarked, and all the bytes written: no memset needed): block_mark without a store
   per mark.  A row is built as 64-bit words in vector lanes, 32 heaps (four registers)
   at a time: 1 << (x - 64 j) by a variable shift is the bit of code x in word j, and
   nothing when x lies outside it (a shift by 64 or more, negative counts wrapping to
   large ones, gives 0).  So a code is three shifts and ORs in eight lanes at once, the
   words held in registers, and the rows written once at the end, 64 bytes at a time. */
__attribute__((target(HEAP_AVX512_TARGET))) static void
block_mark_avx512(uint8_t (*rows)[CODES], const uint8_t *base, const int32_t *heaps,
                  const uint8_t *codes, Py_ssize_t count, int limit)
{
    const __m512i one = _mm512_set1_epi64(1), ones8 = _mm512_set1_epi8(1);
    const __m512i c64 = _mm512_set1_epi64(64), c128 = _mm512_set1_epi64(128);
    for (int p = 0; p < BLOCK; p += 32) {
        __m512i acc[4][3];
#pragma GCC unroll 4
        for (int g = 0; g < 4; g++)
            acc[g][0] = acc[g][1] = acc[g][2] = _mm512_setzero_si512();
        for (Py_ssize_t t = 0; t < count; t++) {
            const uint8_t *src = base - heaps[t] + p;
            __m512i w = _mm512_set1_epi64((long long)codes[t]);
#pragma GCC unroll 4
            for (int g = 0; g < 4; g++) {
                __m512i x = _mm512_xor_si512(
                    _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(src + 8 * g))), w);
                acc[g][0] = _mm512_or_si512(acc[g][0], _mm512_sllv_epi64(one, x));
                acc[g][1] = _mm512_or_si512(acc[g][1],
                                            _mm512_sllv_epi64(one, _mm512_sub_epi64(x, c64)));
                acc[g][2] = _mm512_or_si512(acc[g][2],
                                            _mm512_sllv_epi64(one, _mm512_sub_epi64(x, c128)));
            }
        }
        uint64_t words[3][32]; /* words[j][i]: word j of heap p + i (j < MARK_LIMIT / 64) */
#pragma GCC unroll 4
        for (int g = 0; g < 4; g++)
            for (int j = 0; j < 3; j++)
                _mm512_storeu_si512(words[j] + 8 * g, acc[g][j]);
        for (int i = 0; i < 32; i++)
            for (int j = 0; j < 4; j++)
                _mm512_storeu_si512(rows[p + i] + 64 * j,
                                    _mm512_maskz_mov_epi8(j < 3 && 64 * j < limit ? words[j][i] : 0, ones8));
    }
}
#endif

/* hits[j] bit l: a checked far rare heap meets candidate j of heap l (one heap at a time). */
static void
block_check(const Block *bk, const uint8_t *base, uint8_t (*cand)[BLOCK], uint64_t *hits)
{
    for (int j = 0; j < CAND; j++)
        hits[j] = 0;
    for (Py_ssize_t t = bk->nmarked; t < bk->nfar; t++) {
        const uint8_t *src = base - bk->far_off[t];
        uint8_t w = bk->far_code[t];
        for (int l = 0; l < BLOCK; l++) {
            uint8_t x = src[l] ^ w;
            for (int j = 0; j < CAND; j++)
                hits[j] |= (uint64_t)(x == cand[j][l]) << l;
        }
    }
}

#ifdef HEAP_BLOCK_X86
/* block_check over the 64 heaps at once: per candidate a byte minimum of (code ^
   candidate), zero once met. */
__attribute__((target(HEAP_AVX512_TARGET))) static void
block_check_avx512(const Block *bk, const uint8_t *base, uint8_t (*cand)[BLOCK], uint64_t *hits)
{
    /* the loops over the candidates unrolled, so that c and low stay in registers: at
       -O2 GCC 12 kept low in memory, a store and a load per candidate and rare heap,
       and the checks took three times as long (9.6 % of Officers to 10**6, now 3.3 %) */
    __m512i c[CAND], low[CAND];
#pragma GCC unroll 16
    for (int j = 0; j < CAND; j++) {
        c[j] = _mm512_loadu_si512(cand[j]);
        low[j] = _mm512_set1_epi8(-1);
    }
    for (Py_ssize_t t = bk->nmarked; t < bk->nfar; t++) {
        __m512i x = _mm512_xor_si512(_mm512_loadu_si512(base - bk->far_off[t]),
                                     _mm512_set1_epi8((char)bk->far_code[t]));
#pragma GCC unroll 16
        for (int j = 0; j < CAND; j++)
            low[j] = _mm512_min_epu8(low[j], _mm512_xor_si512(x, c[j]));
    }
#pragma GCC unroll 16
    for (int j = 0; j < CAND; j++)
        hits[j] = _mm512_testn_epi8_mask(low[j], low[j]);
}
#endif

#ifdef HEAP_BLOCK_X86
/* block_mark_avx512 with AVX2, into the bit sets: the words of 16 heaps (four registers
   of four 64-bit lanes) a pass.  The same shifts as there, four lanes wide: twice as
   many passes over the rare heaps, which is what AVX2 has. */
__attribute__((target("avx2"))) static void
block_mark_avx2(uint64_t (*marks)[CODES / 64], const uint8_t *base, const int32_t *heaps,
                const uint8_t *codes, Py_ssize_t count, int limit)
{
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i c64 = _mm256_set1_epi64x(64), c128 = _mm256_set1_epi64x(128);
    for (int p = 0; p < BLOCK; p += 16) {
        __m256i acc[4][3];
#pragma GCC unroll 4
        for (int g = 0; g < 4; g++)
            acc[g][0] = acc[g][1] = acc[g][2] = _mm256_setzero_si256();
        for (Py_ssize_t t = 0; t < count; t++) {
            const uint8_t *src = base - heaps[t] + p;
            __m256i w = _mm256_set1_epi64x((long long)codes[t]);
#pragma GCC unroll 4
            for (int g = 0; g < 4; g++) {
                __m256i x = _mm256_xor_si256(
                    _mm256_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(src + 4 * g))), w);
                acc[g][0] = _mm256_or_si256(acc[g][0], _mm256_sllv_epi64(one, x));
                acc[g][1] = _mm256_or_si256(acc[g][1],
                                            _mm256_sllv_epi64(one, _mm256_sub_epi64(x, c64)));
                acc[g][2] = _mm256_or_si256(acc[g][2],
                                            _mm256_sllv_epi64(one, _mm256_sub_epi64(x, c128)));
            }
        }
        uint64_t words[3][16]; /* words[j][i]: word j of heap p + i */
#pragma GCC unroll 4
        for (int g = 0; g < 4; g++)
            for (int j = 0; j < 3; j++)
                _mm256_storeu_si256((__m256i *)(words[j] + 4 * g), acc[g][j]);
        for (int i = 0; i < 16; i++)
            for (int j = 0; j < CODES / 64; j++)
                marks[p + i][j] = j < 3 && 64 * j < limit ? words[j][i] : 0;
    }
}

/* block_check over 32 heaps at once (AVX2), the two halves of the block in turn. */
__attribute__((target("avx2"))) static void
block_check_avx2(const Block *bk, const uint8_t *base, uint8_t (*cand)[BLOCK], uint64_t *hits)
{
    for (int j = 0; j < CAND; j++)
        hits[j] = 0;
    for (int half = 0; half < BLOCK; half += 32) {
        __m256i c[CAND], low[CAND];
#pragma GCC unroll 16
        for (int j = 0; j < CAND; j++) {
            c[j] = _mm256_loadu_si256((const __m256i *)(cand[j] + half));
            low[j] = _mm256_set1_epi8(-1);
        }
        const uint8_t *b = base + half;
        for (Py_ssize_t t = bk->nmarked; t < bk->nfar; t++) {
            __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(b - bk->far_off[t])),
                                         _mm256_set1_epi8((char)bk->far_code[t]));
#pragma GCC unroll 16
            for (int j = 0; j < CAND; j++)
                low[j] = _mm256_min_epu8(low[j], _mm256_xor_si256(x, c[j]));
        }
#pragma GCC unroll 16
        for (int j = 0; j < CAND; j++) {
            uint32_t met = (uint32_t)_mm256_movemask_epi8(
                _mm256_cmpeq_epi8(low[j], _mm256_setzero_si256()));
            hits[j] |= (uint64_t)met << half;
        }
    }
}
#endif

/* Settle heaps h0, h0 + 1, ... (at most BLOCK) of the sparse space; the preconditions
   (see the top of this file) are the caller's.  Returns how many were settled: all got
   common values, written to g, cg (their codes) and ok (0xFF: common); or -1 with an
   exception set (no memory). */
static Py_ssize_t
block_run(Block *bk, int32_t *g, uint8_t *cg, uint8_t *ok, Py_ssize_t h0, const Rule *rules,
          Py_ssize_t nrules, const Rare *rare, Py_ssize_t nrare, long *work)
{
    uint8_t(*rows)[CODES] = bk->rows;
    uint64_t(*marks)[CODES / 64] = bk->marks;
    const uint8_t *rc = bk->rare_codes;
    /* candidates: the far splits of every split rule, ranked */
    int use_cand = 0;
    if (bk->cand && bk->cand_state >= 0) {
        if (bk->far_off == NULL || bk->cand_nrare != nrare)
            if (block_cand_start(bk, rules, nrules, rare, nrare) < 0)
                return -1;
        if (bk->cand_state == 0) {
            if (block_cand_rank(bk, cg, h0) < 0)
                return -1;
        }
        else
            use_cand = 1;
    }
    uint8_t cand[CAND][BLOCK];
    int ncand[BLOCK];
    uint64_t hits[CAND];
    if (use_cand) {
#ifdef HEAP_BLOCK_X86
        if (bk->simd == 2) {
            block_mark_avx512(rows, cg + h0, bk->far_off, bk->far_code, bk->nmarked,
                              bk->mark_limit);
            block_pack(rows, marks);
        }
        else if (bk->simd == 1)
            block_mark_avx2(marks, cg + h0, bk->far_off, bk->far_code, bk->nmarked,
                            bk->mark_limit);
        else
#endif
        {
            memset(rows, 0, sizeof(uint8_t[BLOCK][CODES]));
            for (Py_ssize_t t = 0; t < bk->nmarked; t++)
                block_mark(rows, cg + (h0 - bk->far_off[t]), bk->far_code[t]);
            block_pack(rows, marks);
        }
#ifdef HEAP_BLOCK_X86
        if (bk->simd == 2) {
            block_candidates(marks, cand, ncand);
            block_check_avx512(bk, cg + h0, cand, hits);
        }
        else
#endif
#ifdef HEAP_BLOCK_X86
        if (bk->simd == 1) {
            block_candidates(marks, cand, ncand);
            block_check_avx2(bk, cg + h0, cand, hits);
        }
        else
#endif
        {
            block_candidates(marks, cand, ncand);
            block_check(bk, cg + h0, cand, hits);
        }
        *work += (long)bk->nfar;
        bk->blocks++;
        if (bk->blocks % CAND_WINDOW == 0) {
            if (bk->fallbacks > 4 * CAND_WINDOW)
                bk->cand_state = -1; /* the ranking does not fit: back to the full marking */
            bk->fallbacks = 0;
        }
    }
    else {
        /* the far rare heaps of every split rule, for the whole block */
        memset(rows, 0, sizeof(uint8_t[BLOCK][CODES]));
        for (Py_ssize_t j = 0; j < nrules; j++) {
            if (!(rules[j].digit & 4))
                continue;
            Py_ssize_t k = rules[j].k;
            for (Py_ssize_t i = nrare - 1; i >= 0 && rare[i].heap >= BLOCK - k; i--)
                block_mark(rows, cg + (h0 - k - rare[i].heap), rc[i]);
            *work += (long)nrare;
        }
        block_pack(rows, marks);
    }
    for (Py_ssize_t i = 0; i < BLOCK; i++) {
        Py_ssize_t heap = h0 + i;
        uint64_t *mk = marks[i];
        for (Py_ssize_t j = 0; j < nrules; j++) {
            Py_ssize_t k = rules[j].k, m = heap - k;
            if ((rules[j].digit & 2) && k >= 1)
                MARK_BIT(mk, cg[m]); /* m is past the rare heaps: common */
            if (rules[j].digit & 4)
                for (Py_ssize_t r = 0; r < nrare && rare[r].heap < BLOCK - k; r++)
                    MARK_BIT(mk, rc[r] ^ cg[m - rare[r].heap]);
        }
        int code = -1;
        if (use_cand) {
            /* the least candidate neither marked since nor met by a checked rare heap */
            for (int j = 0; j < ncand[i]; j++)
                if (!HAS_BIT(mk, cand[j][i]) && !((hits[j] >> i) & 1)) {
                    code = cand[j][i];
                    break;
                }
            if (code < 0) { /* all met: mark the checked rare heaps too */
                bk->fallbacks++;
                for (Py_ssize_t t = bk->nmarked; t < bk->nfar; t++)
                    MARK_BIT(mk, bk->far_code[t] ^ cg[heap - bk->far_off[t]]);
            }
#ifdef HEAP_BLOCK_X86
            if (bk->simd >= 1 && (code < 0 ? block_first_free_bits(mk) : code) >= bk->mark_limit) {
                /* block_mark_avx512 left the codes from mark_limit on unmarked: all of the
                   row now (for Officers no value's code reaches 150, below MARK_LIMIT) */
                bk->fallbacks += code >= 0;
                for (Py_ssize_t t = 0; t < bk->nfar; t++)
                    MARK_BIT(mk, bk->far_code[t] ^ cg[heap - bk->far_off[t]]);
                code = -1;
            }
#endif
        }
        if (code < 0)
            code = block_first_free_bits(mk);
        if (code == CODES)
            return i; /* a value of 512 or more */
        int need = bk->rare_below[code];
#ifdef HEAP_BLOCK_X86
        if (bk->simd >= 1) {
            /* the first need codes as four words, kept in a register by the scan */
            uint64_t w4[4];
            for (int q = 0; q < 4; q++) {
                int b = need - 64 * q;
                w4[q] = b >= 64 ? ~(uint64_t)0 : b <= 0 ? 0 : ((uint64_t)1 << b) - 1;
            }
            for (Py_ssize_t j = 0; j < nrules && (w4[0] | w4[1] | w4[2] | w4[3]); j++) {
                if (!(rules[j].digit & 4))
                    continue;
                Py_ssize_t m = heap - rules[j].k;
                Py_ssize_t last = rules[j].distinct ? (m - 1) / 2 : m / 2;
                Py_ssize_t from = last > bk->scan_start ? bk->scan_start : 1;
                *work += (long)(bk->simd == 2 ? block_scan_avx512(bk, cg, ok, m, from, last, w4)
                                              : block_scan_avx2w(bk, cg, ok, m, from, last, w4));
            }
            need = (w4[0] | w4[1] | w4[2] | w4[3]) != 0;
        }
        else
#endif
        {
            uint8_t want[CODES / 8];
            memset(want, 0, sizeof(want));
            memset(want, 0xFF, (size_t)(need >> 3));
            if (need & 7)
                want[need >> 3] = (uint8_t)((1u << (need & 7)) - 1);
            for (Py_ssize_t j = 0; j < nrules && need; j++) {
                if (!(rules[j].digit & 4))
                    continue;
                Py_ssize_t m = heap - rules[j].k;
                Py_ssize_t last = rules[j].distinct ? (m - 1) / 2 : m / 2;
                /* from SCAN_START on first, then the splits below it (see SCAN_START) */
                Py_ssize_t from = last > bk->scan_start ? bk->scan_start : 1;
                for (int pass = 0; pass < 2 && need; pass++) {
                    Py_ssize_t lo = pass ? 1 : from, hi = pass ? from - 1 : last;
                    Py_ssize_t reached = block_scan(cg, ok, m, lo, hi, want, &need);
                    *work += (long)(reached - lo + 1);
                }
            }
        }
        if (need)
            return i; /* a rare value: the general code finds which */
        g[heap] = bk->common[code];
        block_store(bk, cg, ok, heap, (uint8_t)code, 1);
    }
    return BLOCK;
}
