/* bits.h: small helpers (bits, a vector of node ids) of the compiled engine and solvers. */
#ifndef CGT_BITS_H
#define CGT_BITS_H

#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

static inline int ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

static inline int popcount64(uint64_t x)
{
    int c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

/* x shifted by d >= 0 places up (shl64) or down (shr64), 0 when d >= 64: C
 * leaves a shift by the width of the type or more undefined (x86 shifts by
 * d % 64 instead), and a 1 x 64 board steps by a whole row of 64 cells. */
static inline uint64_t shl64(uint64_t x, int d)
{
    return d < 64 ? x << d : 0;
}

static inline uint64_t shr64(uint64_t x, int d)
{
    return d < 64 ? x >> d : 0;
}

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

/* A growing array of node ids. */
typedef struct {
    int32_t *a;
    int n, cap;
} idvec;

static int idvec_push(idvec *v, int32_t x)
{
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 16;
        int32_t *a = realloc(v->a, (size_t)cap * sizeof(int32_t));
        if (!a) {
            PyErr_NoMemory();
            return -1;
        }
        v->a = a;
        v->cap = cap;
    }
    v->a[v->n++] = x;
    return 0;
}

#endif
