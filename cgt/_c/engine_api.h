/* engine_api.h: the C API of cgt's node engine (declared once, included by both sides).
 *
 * The node engine (cgt/_c/engine.h), cgt's one compiled canonical form, lives
 * in the canonical kernel (cgt._kernel_canonical), whose le, add and
 * canonical_form run on it, and is exported there as the capsule
 * "cgt._kernel_canonical._engine_api", a pointer to a cgt_engine_api.  The
 * compiled solvers (cgt/_c/shortgame.c with boards.h and graphs.h) and the
 * compiled reader (cgt/_c/parse.c, for a Game's parts) import it in their
 * PyInit and reach the engine only through it; without the canonical kernel
 * (or with one of another version) they are not used.
 *
 * Games are nodes: int32_t ids from 1, hash-consed, so that every value has
 * exactly one node (numbers by their value num / 2**exp, other games by their
 * canonical option lists).  Functions that return a node return it (> 0) or
 * -1 with a Python error set: the engine's Fallback (a number beyond 64 bits,
 * too many nodes, a re-entrant call: the caller's Python path answers),
 * MemoryError, KeyboardInterrupt, WorkLimitExceeded, RecursionError (a game
 * deeper than the recursion limit or the thread's C stack allows).
 *
 * A client calls enter() before any other function and leave() after it
 * (including the conversion of its result to a Game with to_python); nodes
 * stay valid between calls until the engine's tables are reset (clear, a
 * memory limit), and before a reset the engine runs every hook registered with
 * on_reset, so that tables keyed on node ids are emptied with it.
 */
#ifndef CGT_ENGINE_API_H
#define CGT_ENGINE_API_H

#include <Python.h>
#include <stdint.h>

#define CGT_ENGINE_API_VERSION 2
#define CGT_ENGINE_API_CAPSULE "cgt._kernel_canonical._engine_api"

/* The work budget of a thread (cgt.work_limit), kept by the canonical kernel. */
typedef struct {
    int on;        /* a budget is running */
    int64_t left;  /* steps left */
    int64_t limit; /* the budget it started from (for the message) */
} cgt_work_state;

/* The entries and bytes (as allocated) of the engine's tables. */
typedef struct {
    Py_ssize_t nodes, node_bytes;       /* nodes, with their options and intern tables */
    Py_ssize_t options;                 /* options listed in the pool */
    Py_ssize_t compare, compare_bytes;  /* memoised comparisons */
    Py_ssize_t sum, sum_bytes;          /* memoised sums */
} cgt_engine_usage;

typedef struct {
    int version; /* CGT_ENGINE_API_VERSION */
    int size;    /* sizeof(cgt_engine_api) */
    /* the engine's "cannot answer" exception (a subclass of ArithmeticError) */
    PyObject *fallback;

    /* calls */
    int (*enter)(void); /* 0, or -1 with Fallback set (busy: a re-entrant call); waits
                         * while another thread's call is inside Python code */
    void (*leave)(void);

    /* values (inside enter/leave) */
    int32_t (*zero)(void);
    int32_t (*number)(int64_t num, int exp); /* num / 2**exp, any exp >= 0 (normalised here) */
    int32_t (*star)(void);                   /* {0|0} */
    int32_t (*canonical_form)(const int32_t *left, int nl, const int32_t *right, int nr);
    int (*le)(int32_t g, int32_t h); /* 1, 0, or -1 with an error */
    int32_t (*add)(int32_t g, int32_t h);
    int32_t (*negate)(int32_t g);
    PyObject *(*to_python)(int32_t g); /* the Game of a node (a new reference) */
    /* one step of a solver's search: spends one unit of the work budget and looks
     * for signals (Ctrl-C) every few thousand steps; 0, or -1 with an error */
    int (*tick)(void);
    int (*fail)(const char *message); /* set Fallback(message); returns -1 */

    /* tables (outside a call, or deferred to the end of the running call) */
    void (*clear)(void);                      /* forget every node and memo */
    int (*on_reset)(void (*hook)(void));      /* run hook whenever the nodes are forgotten */
    void (*set_limit)(uint64_t bytes, uint64_t entries); /* the engine's share, as in set_limit */
    void (*usage)(cgt_engine_usage *out);
    uint32_t (*slots_within)(size_t bytes, size_t slot); /* a table cap within bytes */

    /* (version 2) A Game's parts, for the compiled reader (parse.c), which may not read
     * Game's slots itself: borrowed references, valid while g lives, to its serial
     * number (an int) and, when g is x + k.up + *m, to x, k and m (all three NULL when
     * it is not).  1; 0 when the engine has no Game class yet (cgt.canonical gives it);
     * -1 with TypeError set when g is not a Game.  Any time, outside enter/leave too. */
    int (*game_parts)(PyObject *g, PyObject **serial, PyObject **x, PyObject **k, PyObject **m);
} cgt_engine_api;

#endif
