/*
 * cgt._kernel_canonical: cgt's one compiled engine of short games, and the
 * compiled le, add and canonical_form of cgt/canonical.py.
 *
 * Why plain C with the CPython C API (and not Cython, pybind11 or mypyc):
 *   - building it needs nothing beyond a C compiler (no build dependency);
 *   - it reads the slots of the existing Python Game and Dyadic objects
 *     directly, at offsets taken once from their member descriptors, so the
 *     Python objects stay the one representation of a game;
 *   - mypyc cannot compile these modules: they build objects with
 *     object.__new__ and fill in their slots.
 *
 * The engine is the node engine of engine.h (read it first): games as
 * hash-consed integer nodes with 64-bit dyadic numbers, comparison, canonical
 * form, sums, negation, and the conversions of Games to nodes and back.  The
 * compiled solvers (shortgame.c with boards.h and graphs.h) reach it through
 * the capsule _engine_api (engine_api.h); cgt.canonical's le, add and
 * canonical_form, exported here, convert their Games to nodes, ask the engine
 * and convert the answer back.  Before the engine they answer in closed form
 * what is plain arithmetic on x + k.up + *m (both operands such values: their
 * parts may be any size) and hand big nimber and up sums to
 * cgt.canonical._add_big_nus.  What the engine cannot answer (a number beyond
 * 64 bits, a re-entrant call: its Fallback) the Python functions of
 * cgt/canonical.py answer, which stay the reference and the pure mode.
 *
 * Threads: the engine runs with the GIL held; while a call is inside a call
 * back into Python (making the games of its result), another thread waits for
 * it (engine.h's n_enter).  Depth: every recursive step counts its depth in the
 * thread against Python's recursion limit and raises RecursionError beyond it,
 * which cgt/_deep.py turns into a re-run on a big stack with a raised limit,
 * as for the Python engine; on Linux it also checks the thread's remaining C
 * stack, so a high limit on a small stack raises RecursionError instead of
 * crashing.  Long computations check for signals (Ctrl-C) as they go, and the
 * tables only ever hold finished results.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>

#define CGT_TABLE_CALLOC PyMem_Calloc
#define CGT_TABLE_FREE PyMem_Free
#include "table.h"
#include "engine_api.h"

/* the fingerprint of this kernel's sources, given by setup.py (cgt/_sources.py); cgt does
   not use a kernel whose fingerprint differs from that of the sources beside it */
#ifndef CGT_SOURCE_HASH
#define CGT_SOURCE_HASH ""
#endif

#if defined(__linux__) && defined(__GNUC__)
#include <pthread.h>
#define CGT_STACK_CHECK 1
#endif

/* ------------------------------------------------------------------------ */
/* Slots of Game and Dyadic                                                  */
/* ------------------------------------------------------------------------ */
static PyTypeObject *GameType = NULL;
static Py_ssize_t OFF_x, OFF_k, OFF_m, OFF_is_number, OFF_neg, OFF_num, OFF_exp;

#define SLOT(o, off) (*(PyObject **)((char *)(o) + (off)))

static PyObject *ns = NULL;        /* cgt.canonical's namespace (module __dict__) */
static PyObject *WrongType = NULL; /* cgt.errors.WrongType */
static PyObject *py_zero = NULL, *py_one = NULL;

static PyObject *s_make_number, *s_make_nus, *s_ZERO_D, *s_INVERSE_SHORTCUT,
    *s_add_big_nus, *s_FAR_NIMBER, *s_UP_SUM_LIMIT, *s_py_le, *s_py_add, *s_py_canonical_form;

static int
member_offset(PyTypeObject *type, const char *name, Py_ssize_t *out)
{
    PyObject *descr = PyDict_GetItemString(type->tp_dict, name); /* borrowed */
    if (descr == NULL || !Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", type->tp_name, name);
        return -1;
    }
    PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
    if (m->type != T_OBJECT_EX) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not an object slot", type->tp_name, name);
        return -1;
    }
    *out = m->offset;
    return 0;
}

/* A name of cgt.canonical, looked up at each use (monkeypatching works). */
static PyObject *
ns_get(PyObject *name)
{
    PyObject *f = PyDict_GetItemWithError(ns, name); /* borrowed */
    if (f == NULL && !PyErr_Occurred())
        PyErr_Format(PyExc_AttributeError, "cgt.canonical has no %U", name);
    return f;
}

/* A slot that must be set (NULL only on a half-built object). */
static inline PyObject *
slot(PyObject *o, Py_ssize_t off)
{
    PyObject *v = SLOT(o, off);
    if (v == NULL)
        PyErr_SetString(PyExc_AttributeError, "cgt: a game or number with an unset slot");
    return v;
}

/* The value of an int that fits in one machine word, read in place: 1, or 0
   when it does not (then ask PyLong_AsLongLongAndOverflow). */
static inline int
compact_int(PyObject *o, long long *out)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(o) && PyUnstable_Long_IsCompact((PyLongObject *)o)) {
        *out = (long long)PyUnstable_Long_CompactValue((PyLongObject *)o);
        return 1;
    }
#else
    if (PyLong_CheckExact(o)) {
        Py_ssize_t size = Py_SIZE(o);
        if (size >= -1 && size <= 1) { /* at least one digit is always allocated */
            *out = (long long)size * (long long)((PyLongObject *)o)->ob_digit[0];
            return 1;
        }
    }
#endif
    return 0;
}

/* An int as a long long: 0 and *out set, 1 when it overflows, -1 on error. */
static inline int
as_ll(PyObject *o, long long *out)
{
    if (compact_int(o, out))
        return 0;
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = v;
    return overflow ? 1 : 0;
}

/* ------------------------------------------------------------------------ */
/* Depth guard                                                               */
/* ------------------------------------------------------------------------ */
#ifdef CGT_STACK_CHECK
static __thread uintptr_t stack_floor = 0;

static int
stack_floor_init(void)
{
    pthread_attr_t attr;
    void *addr = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) {
        stack_floor = 1; /* unknown: rely on the recursion limit */
        return 0;
    }
    if (pthread_attr_getstack(&attr, &addr, &size) != 0)
        size = 0;
    pthread_attr_destroy(&attr);
    if (size == 0) {
        stack_floor = 1;
        return 0;
    }
    size_t margin = size / 4;
    if (margin > (size_t)(256 * 1024))
        margin = 256 * 1024;
    stack_floor = (uintptr_t)addr + margin;
    return 0;
}
#endif

#if defined(_MSC_VER)
#define CGT_TLS __declspec(thread)
#else
#define CGT_TLS __thread
#endif

/* The lowest address this thread's C stack may reach in the engine (engine.h's
   descend() checks it; 1: unknown, rely on the recursion limit). */
static uintptr_t
stack_floor_here(void)
{
#ifdef CGT_STACK_CHECK
    if (stack_floor == 0)
        stack_floor_init();
    return stack_floor;
#else
    return 1;
#endif
}

/* The work budget of this thread (cgt._budget.work_limit): every step of the
   engine -- each call of enter() below, and each position a solver values --
   spends one.  The node engine (engine.h) spends the same counter, for itself
   and for the compiled solvers (shortgame.c), which reach it through the
   capsule _engine_api. */
typedef cgt_work_state work_state; /* declared in engine_api.h */
static CGT_TLS work_state work = {0, 0, 0};
static PyObject *WorkLimitExceeded = NULL; /* cgt.errors.WorkLimitExceeded */

static work_state *
work_current(void)
{
    return &work;
}

/* Raise WorkLimitExceeded(limit) for this thread's budget (always returns -1). */
static int
work_exceeded(void)
{
    work.left = 0;
    if (WorkLimitExceeded == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "cgt._kernel_canonical: init() was not called");
        return -1;
    }
    PyObject *n = PyLong_FromLongLong(work.limit);
    if (n == NULL)
        return -1;
    PyObject *err = PyObject_CallOneArg(WorkLimitExceeded, n);
    Py_DECREF(n);
    if (err != NULL) {
        PyErr_SetObject(WorkLimitExceeded, err);
        Py_DECREF(err);
    }
    return -1;
}

static int
work_spend(int64_t steps)
{
    if (work.on) {
        if (work.left < steps)
            return work_exceeded();
        work.left -= steps;
    }
    return 0;
}


/* The node engine (engine.h), exported to the compiled solvers as _engine_api. */
#include "engine.h"
/* The search of sums of values on it (cgt.canonical.sum_wins, cgt.play's outcome search). */
#include "sumsearch.h"

/* ------------------------------------------------------------------------ */
/* Dyadic comparison                                                         */
/* ------------------------------------------------------------------------ */
static int
dcmp_slow(PyObject *na, PyObject *ea, PyObject *nb, PyObject *eb)
{
    int res = -2;
    PyObject *lhs = NULL, *rhs = NULL, *d = NULL;
    int gt = PyObject_RichCompareBool(ea, eb, Py_GT);
    if (gt < 0)
        return -2;
    if (gt) {
        d = PyNumber_Subtract(ea, eb);
        if (d == NULL)
            goto done;
        lhs = na;
        Py_INCREF(lhs);
        rhs = PyNumber_Lshift(nb, d);
    }
    else {
        d = PyNumber_Subtract(eb, ea);
        if (d == NULL)
            goto done;
        lhs = PyNumber_Lshift(na, d);
        rhs = nb;
        Py_INCREF(rhs);
    }
    if (lhs == NULL || rhs == NULL)
        goto done;
    int lt = PyObject_RichCompareBool(lhs, rhs, Py_LT);
    if (lt < 0)
        goto done;
    if (lt) {
        res = -1;
        goto done;
    }
    int eq = PyObject_RichCompareBool(lhs, rhs, Py_EQ);
    if (eq < 0)
        goto done;
    res = eq ? 0 : 1;
done:
    Py_XDECREF(lhs);
    Py_XDECREF(rhs);
    Py_XDECREF(d);
    return res;
}

static inline int
fits_shift(long long x, long long d)
{
    if (d >= 62)
        return x == 0;
    long long lim = 1LL << (62 - d);
    return x > -lim && x < lim;
}

/* Three-way compare of two Dyadics: -1, 0, 1, or -2 with an exception set. */
static int
dcmp(PyObject *a, PyObject *b)
{
    if (a == b)
        return 0;
    PyObject *na = slot(a, OFF_num), *ea = slot(a, OFF_exp);
    PyObject *nb = slot(b, OFF_num), *eb = slot(b, OFF_exp);
    if (na == NULL || ea == NULL || nb == NULL || eb == NULL)
        return -2;
    long long xa = 0, xb = 0, pa = 0, pb = 0;
    int o1 = as_ll(na, &xa), o2 = as_ll(nb, &xb), o3 = as_ll(ea, &pa), o4 = as_ll(eb, &pb);
    if (o1 < 0 || o2 < 0 || o3 < 0 || o4 < 0)
        return -2;
    if (!(o1 | o2 | o3 | o4) && pa >= 0 && pb >= 0 && pa < (1LL << 40) && pb < (1LL << 40)) {
        long long d = pa - pb;
        if (d == 0)
            return (xa > xb) - (xa < xb);
        if (d > 0) {
            if (fits_shift(xb, d)) {
                long long s = xb * (1LL << (d >= 62 ? 0 : d));
                return (xa > s) - (xa < s);
            }
        }
        else if (fits_shift(xa, -d)) {
            long long s = xa * (1LL << (-d >= 62 ? 0 : -d));
            return (s > xb) - (s < xb);
        }
    }
    return dcmp_slow(na, ea, nb, eb);
}

/* ------------------------------------------------------------------------ */
/* Closed forms, before the engine: numbers, ups and nimbers                 */
/* ------------------------------------------------------------------------ */
/* Plain arithmetic on x + k.up + *m (x, k, m read from the Game's slots, any size),
   as cgt.canonical.le and add do first; the big-nimber rule of sums stays in Python
   (cgt.canonical._add_big_nus).  Not a second canonical form. */
static inline int
is_number(PyObject *g)
{
    return SLOT(g, OFF_is_number) == Py_True;
}

/* x + k.up + *m >= 0 where x = hx - gx, k = hk - gk, m = hm ^ gm. */
static int
nus_le(PyObject *g, PyObject *h, PyObject *gx, PyObject *hx)
{
    int c = dcmp(gx, hx);
    if (c == -2)
        return -1;
    if (c != 0)
        return c < 0;
    PyObject *gk = slot(g, OFF_k), *hk = slot(h, OFF_k), *gm = slot(g, OFF_m),
             *hm = slot(h, OFF_m);
    if (gk == NULL || hk == NULL || gm == NULL || hm == NULL)
        return -1;
    int ov1, ov2, ov3, ov4;
    long long a = PyLong_AsLongLongAndOverflow(gk, &ov1);
    long long b = PyLong_AsLongLongAndOverflow(hk, &ov2);
    long long p = PyLong_AsLongLongAndOverflow(gm, &ov3);
    long long q = PyLong_AsLongLongAndOverflow(hm, &ov4);
    if (PyErr_Occurred())
        return -1;
    long long k;
    int m_zero, m_one;
    int ksign; /* sign of k, and k >= 2 */
    int k_is_one = 0;
    /* k = b - a, when it does not overflow (a portable check) */
    int k_fits = !(ov1 | ov2) && !(a > 0 && b < LLONG_MIN + a) && !(a < 0 && b > LLONG_MAX + a);
    if (k_fits) {
        k = b - a;
        ksign = (k > 0) - (k < 0);
        k_is_one = k == 1;
    }
    else {
        PyObject *kk = PyNumber_Subtract(hk, gk);
        if (kk == NULL)
            return -1;
        int pos = PyObject_RichCompareBool(kk, py_zero, Py_GT);
        int neg = pos ? 0 : PyObject_RichCompareBool(kk, py_zero, Py_LT);
        int one = pos > 0 ? PyObject_RichCompareBool(kk, py_one, Py_EQ) : 0;
        Py_DECREF(kk);
        if (pos < 0 || neg < 0 || one < 0)
            return -1;
        ksign = pos ? 1 : (neg ? -1 : 0);
        k_is_one = one;
    }
    if (!(ov3 | ov4)) {
        m_zero = p == q;
        m_one = (p ^ q) == 1;
    }
    else {
        PyObject *mm = PyNumber_Xor(hm, gm);
        if (mm == NULL)
            return -1;
        int ov;
        long long v = PyLong_AsLongLongAndOverflow(mm, &ov);
        Py_DECREF(mm);
        if (v == -1 && PyErr_Occurred())
            return -1;
        m_zero = !ov && v == 0;
        m_one = !ov && v == 1;
    }
    if (ksign == 0)
        return m_zero;
    if (ksign < 0)
        return 0;
    if (k_is_one)
        return !m_one;
    return 1;
}

static int
check_game(PyObject *o, const char *what)
{
    if (GameType == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "cgt._kernel_canonical: init() was not called");
        return -1;
    }
    if (!PyObject_TypeCheck(o, GameType)) {
        PyErr_Format(WrongType, "%s takes cgt.Game values, not %.100s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    return 0;
}


static PyObject *
make_nus_sum(PyObject *g, PyObject *h, PyObject *gx, PyObject *hx)
{
    PyObject *x = PyNumber_Add(gx, hx);
    PyObject *k = x ? PyNumber_Add(SLOT(g, OFF_k), SLOT(h, OFF_k)) : NULL;
    PyObject *m = k ? PyNumber_Xor(SLOT(g, OFF_m), SLOT(h, OFF_m)) : NULL;
    PyObject *res = NULL;
    if (m != NULL) {
        PyObject *f = ns_get(s_make_nus);
        if (f != NULL) {
            Py_INCREF(f);
            PyObject *args[3] = {x, k, m};
            res = PyObject_Vectorcall(f, args, 3, NULL);
            Py_DECREF(f);
        }
    }
    Py_XDECREF(x);
    Py_XDECREF(k);
    Py_XDECREF(m);
    return res;
}

/* Is the int at o above the int named `name` in cgt.canonical (|o| when `absolute`)?
   1 or 0, -1 on error. */
static int
above_limit(PyObject *o, PyObject *name, int absolute)
{
    PyObject *limit = ns_get(name);
    if (limit == NULL)
        return -1;
    if (absolute) {
        PyObject *a = PyNumber_Absolute(o);
        if (a == NULL)
            return -1;
        int r = PyObject_RichCompareBool(a, limit, Py_GT);
        Py_DECREF(a);
        return r;
    }
    return PyObject_RichCompareBool(o, limit, Py_GT);
}

/* Big nus values: g + h for a general g and h = x + k.up + *m with m > FAR_NIMBER
   or |k| > UP_SUM_LIMIT goes to cgt.canonical._add_big_nus (a closed form, or
   TooLarge), the one implementation of that rule.  Returns 1 with *out set when
   it answered, 0 when the sum is to be expanded (h is not such a value, or Python
   returned None), -1 on error. */
static int
big_nus_sum(PyObject *g, PyObject *h, PyObject **out)
{
    int big = above_limit(SLOT(h, OFF_m), s_FAR_NIMBER, 0);
    if (big == 0)
        big = above_limit(SLOT(h, OFF_k), s_UP_SUM_LIMIT, 1);
    if (big <= 0)
        return big;
    PyObject *f = ns_get(s_add_big_nus);
    if (f == NULL)
        return -1;
    Py_INCREF(f);
    PyObject *args[2] = {g, h};
    PyObject *r = PyObject_Vectorcall(f, args, 2, NULL);
    Py_DECREF(f);
    if (r == NULL)
        return -1;
    if (r == Py_None) {
        Py_DECREF(r);
        return 0;
    }
    *out = r;
    return 1;
}

/* ------------------------------------------------------------------------ */
/* le, add and canonical_form on the node engine                             */
/* ------------------------------------------------------------------------ */
/* The engine could not answer (Fallback set: a number beyond 64 bits, a re-entrant
   call, too many nodes): cgt.canonical's Python function `name` answers.  Any other
   error passes. */
static PyObject *
python_path(PyObject *name, PyObject *const *args, Py_ssize_t n)
{
    if (!PyErr_ExceptionMatches(Fallback))
        return NULL;
    PyErr_Clear();
    PyObject *f = ns_get(name);
    if (f == NULL)
        return NULL;
    Py_INCREF(f);
    PyObject *r = PyObject_Vectorcall(f, args, n, NULL);
    Py_DECREF(f);
    return r;
}

static PyObject *
e_le(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "le(g, h) takes two games");
        return NULL;
    }
    if (check_game(args[0], "le") < 0 || check_game(args[1], "le") < 0)
        return NULL;
    PyObject *g = args[0], *h = args[1];
    if (g == h)
        Py_RETURN_TRUE;
    PyObject *gx = slot(g, OFF_x), *hx = slot(h, OFF_x);
    if (gx == NULL || hx == NULL)
        return NULL;
    int r = -1;
    if (gx != Py_None && hx != Py_None) { /* closed form: numbers, ups and nimbers */
        r = nus_le(g, h, gx, hx);
        return r < 0 ? NULL : PyBool_FromLong(r);
    }
    if (n_enter() < 0)
        return python_path(s_py_le, args, 2);
    int32_t a = n_of_game(g), b = a < 0 ? -1 : n_of_game(h);
    if (b >= 0)
        r = n_le(a, b);
    n_leave();
    if (r < 0)
        return python_path(s_py_le, args, 2);
    return PyBool_FromLong(r);
}

static PyObject *
e_add(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "add(g, h) takes two games");
        return NULL;
    }
    if (check_game(args[0], "add") < 0 || check_game(args[1], "add") < 0)
        return NULL;
    PyObject *g = args[0], *h = args[1];
    PyObject *gx = slot(g, OFF_x), *hx = slot(h, OFF_x);
    if (gx == NULL || hx == NULL)
        return NULL;
    if (gx != Py_None && hx != Py_None) /* closed form: numbers, ups and nimbers */
        return make_nus_sum(g, h, gx, hx);
    if (h == SLOT(g, OFF_neg)) {
        PyObject *flag = ns_get(s_INVERSE_SHORTCUT);
        if (flag == NULL)
            return NULL;
        int on = PyObject_IsTrue(flag);
        if (on < 0)
            return NULL;
        if (on) {
            PyObject *zero = ns_get(s_ZERO_D);
            PyObject *f = zero ? ns_get(s_make_number) : NULL;
            return f ? PyObject_CallOneArg(f, zero) : NULL;
        }
    }
    PyObject *out = NULL;
    int big = 0;
    if (gx != Py_None && !is_number(g))
        big = big_nus_sum(h, g, &out);
    else if (hx != Py_None && !is_number(h))
        big = big_nus_sum(g, h, &out);
    if (big != 0)
        return big < 0 ? NULL : out;
    if (n_enter() < 0)
        return python_path(s_py_add, args, 2);
    int32_t a = n_of_game(g), b = a < 0 ? -1 : n_of_game(h);
    int32_t s = b < 0 ? -1 : n_add(a, b);
    out = s < 0 ? NULL : n_to_python(s);
    n_leave();
    return out ? out : python_path(s_py_add, args, 2);
}

static PyObject *
e_canonical_form(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "canonical_form(left, right) takes two iterables");
        return NULL;
    }
    if (GameType == NULL)
        return (check_game(Py_None, "canonical_form"), NULL);
    PyObject *seq[2] = {NULL, NULL}, *out = NULL;
    int32_t *ids = NULL;
    for (int s = 0; s < 2; s++) {
        seq[s] = PySequence_Fast(args[s], "canonical_form takes iterables of games");
        if (seq[s] == NULL) {
            if (PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Clear();
                PyErr_Format(WrongType, "canonical_form takes iterables of games, not %.100s",
                             Py_TYPE(args[s])->tp_name);
            }
            goto done;
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq[s]); i++)
            if (check_game(PySequence_Fast_GET_ITEM(seq[s], i), "canonical_form") < 0)
                goto done;
    }
    Py_ssize_t nl = PySequence_Fast_GET_SIZE(seq[0]), nr = PySequence_Fast_GET_SIZE(seq[1]);
    if (nl + nr > INT_MAX / 2) {
        PyErr_SetString(PyExc_MemoryError, "canonical_form: too many options");
        goto done;
    }
    ids = PyMem_Malloc((size_t)(nl + nr + 1) * sizeof(int32_t));
    if (ids == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (n_enter() < 0)
        goto fallback;
    int32_t r = 0;
    for (Py_ssize_t i = 0; i < nl + nr && r >= 0; i++)
        r = ids[i] = n_of_game(i < nl ? PySequence_Fast_GET_ITEM(seq[0], i)
                                      : PySequence_Fast_GET_ITEM(seq[1], i - nl));
    if (r >= 0)
        r = n_canonical_form(ids, (int)nl, ids + nl, (int)nr);
    out = r < 0 ? NULL : n_to_python(r);
    n_leave();
fallback:
    if (out == NULL) {
        PyObject *fast[2] = {seq[0], seq[1]};
        out = python_path(s_py_canonical_form, fast, 2);
    }
done:
    PyMem_Free(ids);
    Py_XDECREF(seq[0]);
    Py_XDECREF(seq[1]);
    return out;
}

/* ------------------------------------------------------------------------ */
/* Who wins a sum of values (sumsearch.h)                                    */
/* ------------------------------------------------------------------------ */
/* sum_wins(values, right, limit) -> (answer, positions): does the player (right: Right,
   else Left) moving first win the sum of the games `values`?  answer True or False, or
   None when `limit` new positions (limit < 0: no bound) were searched without one (the
   next call resumes); positions: the new positions searched.  None instead of the pair
   when the engine cannot answer (its Fallback: a number beyond 64 bits, a re-entrant
   call): the caller searches in Python. */
static PyObject *
k_sum_wins(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *values;
    int right;
    long long limit;
    if (!PyArg_ParseTuple(args, "OpL:sum_wins", &values, &right, &limit))
        return NULL;
    PyObject *seq = PySequence_Fast(values, "sum_wins takes a sequence of games");
    if (seq == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = NULL;
    int32_t *ids = NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        if (check_game(PySequence_Fast_GET_ITEM(seq, i), "sum_wins") < 0)
            goto done;
    if (n > 65535) { /* (beyond the table's keys: Python searches) */
        out = Py_NewRef(Py_None);
        goto done;
    }
    ids = PyMem_Malloc((size_t)(n + 1) * sizeof(int32_t));
    if (ids == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (n_enter() < 0)
        goto fallback;
    int r = 0;
    for (Py_ssize_t i = 0; i < n && r >= 0; i++)
        r = ids[i] = n_of_game(PySequence_Fast_GET_ITEM(seq, i));
    if (r >= 0)
        r = ss_call(ids, (int)n, right, limit);
    long long spent = (long long)ss_spent; /* (read inside the call) */
    n_leave();
    if (r == -1)
        goto fallback;
    out = Py_BuildValue("(OL)", r == SS_SLICE ? Py_None : r ? Py_True : Py_False, spent);
    goto done;
fallback:
    if (PyErr_ExceptionMatches(Fallback)) {
        PyErr_Clear();
        out = Py_NewRef(Py_None);
    }
done:
    PyMem_Free(ids);
    Py_DECREF(seq);
    return out;
}

/* ------------------------------------------------------------------------ */
/* Module                                                                    */
/* ------------------------------------------------------------------------ */
static PyObject *
k_clear(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args))
{
    n_clear();
    Py_RETURN_NONE;
}

/* usage() -> {name: (entries, bytes allocated)} of the node engine's tables */
static PyObject *
k_usage(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args))
{
    cgt_engine_usage u;
    api_usage(&u);
    return Py_BuildValue("{s:(nn),s:(nn),s:(nn),s:(nn)}", "nodes", u.nodes, u.node_bytes,
                         "compare", u.compare, u.compare_bytes, "sum", u.sum, u.sum_bytes,
                         "sum_search", (Py_ssize_t)ss_table.count, (Py_ssize_t)ss_bytes());
}

/* set_limit(bytes, entries=0): the engine's share of the memory budget, as in
   cgt._kernel_shortgame.set_limit */
static PyObject *
k_set_limit(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long total, entries = 0;
    if (!PyArg_ParseTuple(args, "K|K:set_limit", &total, &entries))
        return NULL;
    api_set_limit(total, entries);
    ss_set_limit((size_t)(total / 64) * 4, entries); /* the sum search's 4/64 (engine.h) */
    Py_RETURN_NONE;
}

static PyObject *
k_init(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *game, *dyadic, *namespace, *wrong, *exceeded;
    if (!PyArg_ParseTuple(args, "O!O!O!OO:init", &PyType_Type, &game, &PyType_Type, &dyadic,
                          &PyDict_Type, &namespace, &wrong, &exceeded))
        return NULL;
    PyTypeObject *gt = (PyTypeObject *)game, *dt = (PyTypeObject *)dyadic;
    if (member_offset(gt, "_x", &OFF_x) < 0 || member_offset(gt, "_k", &OFF_k) < 0 ||
        member_offset(gt, "_m", &OFF_m) < 0 ||
        member_offset(gt, "_is_number", &OFF_is_number) < 0 ||
        member_offset(gt, "_neg", &OFF_neg) < 0 || member_offset(dt, "_num", &OFF_num) < 0 ||
        member_offset(dt, "_exp", &OFF_exp) < 0)
        return NULL;
    Py_INCREF(game);
    Py_XSETREF(GameType, gt);
    Py_INCREF(namespace);
    Py_XSETREF(ns, namespace);
    Py_INCREF(wrong);
    Py_XSETREF(WrongType, wrong);
    Py_INCREF(exceeded);
    Py_XSETREF(WorkLimitExceeded, exceeded);
    Py_RETURN_NONE;
}

/* work_set(left, limit): start this thread's budget (left None: no budget). */
static PyObject *
k_work_set(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *left;
    long long limit;
    if (!PyArg_ParseTuple(args, "OL:work_set", &left, &limit))
        return NULL;
    if (left == Py_None) {
        work.on = 0;
        work.left = work.limit = 0;
        Py_RETURN_NONE;
    }
    int overflow;
    long long n = PyLong_AsLongLongAndOverflow(left, &overflow);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (overflow > 0)
        n = INT64_MAX;
    if (n < 0 || overflow < 0) {
        PyErr_SetString(PyExc_ValueError, "work_set: a budget is non-negative");
        return NULL;
    }
    work.on = 1;
    work.left = n;
    work.limit = limit;
    Py_RETURN_NONE;
}

/* work_get() -> (left or None, limit) */
static PyObject *
k_work_get(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args))
{
    if (!work.on)
        return Py_BuildValue("(OL)", Py_None, (long long)0);
    return Py_BuildValue("(LL)", (long long)work.left, (long long)work.limit);
}

/* work_spend(steps=1): spend steps of this thread's budget, if it has one. */
static PyObject *
k_work_spend(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    long long steps = 1;
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "work_spend(steps=1) takes at most one argument");
        return NULL;
    }
    if (nargs == 1) {
        steps = PyLong_AsLongLong(args[0]);
        if (steps == -1 && PyErr_Occurred())
            return NULL;
    }
    if (work_spend(steps) < 0)
        return NULL;
    Py_RETURN_NONE;
}


/* The engine's functions, exported under cgt.canonical's names with the
   Python functions' docstrings (so documentation and doctests see one API). */
static PyMethodDef exported[] = {
    {"le", (PyCFunction)(void (*)(void))e_le, METH_FASTCALL, NULL},
    {"add", (PyCFunction)(void (*)(void))e_add, METH_FASTCALL, NULL},
    {"canonical_form", (PyCFunction)(void (*)(void))e_canonical_form, METH_FASTCALL, NULL},
};

static PyObject *
k_export(PyObject *Py_UNUSED(self), PyObject *args)
{
    const char *name, *signature, *doc;
    PyObject *module_name;
    if (!PyArg_ParseTuple(args, "sssU:export", &name, &signature, &doc, &module_name))
        return NULL;
    for (size_t i = 0; i < sizeof(exported) / sizeof(exported[0]); i++) {
        PyMethodDef *def = &exported[i];
        if (strcmp(def->ml_name, name) != 0)
            continue;
        if (def->ml_doc == NULL) { /* set once; kept for the life of the process */
            size_t n = strlen(name) + strlen(signature) + strlen(doc) + 8;
            char *text = PyMem_RawMalloc(n);
            if (text == NULL)
                return PyErr_NoMemory();
            snprintf(text, n, "%s%s\n--\n\n%s", name, signature, doc);
            def->ml_doc = text;
        }
        return PyCFunction_NewEx(def, NULL, module_name);
    }
    PyErr_Format(PyExc_ValueError, "the kernel has no function %s", name);
    return NULL;
}

static PyMethodDef methods[] = {
    {"init", (PyCFunction)k_init, METH_VARARGS,
     "init(Game, Dyadic, namespace, WrongType, WorkLimitExceeded): bind the kernel."},
    {"export", (PyCFunction)k_export, METH_VARARGS,
     "export(name, signature, doc, module_name): the function name, documented as doc."},
    {"le", (PyCFunction)(void (*)(void))e_le, METH_FASTCALL, "le(g, h): g <= h (cached)."},
    {"add", (PyCFunction)(void (*)(void))e_add, METH_FASTCALL, "add(g, h): g + h (cached)."},
    {"canonical_form", (PyCFunction)(void (*)(void))e_canonical_form, METH_FASTCALL,
     "canonical_form(left, right): the canonical game {left | right}."},
    {"clear", k_clear, METH_NOARGS,
     "clear(): forget the node engine's nodes and memos, and the compiled solvers' tables with "
     "them (now, or when the running call ends)."},
    {"work_set", k_work_set, METH_VARARGS,
     "work_set(left, limit): start this thread's work budget (left None: none)."},
    {"work_get", k_work_get, METH_NOARGS, "work_get(): (steps left or None, limit)."},
    {"work_spend", (PyCFunction)(void (*)(void))k_work_spend, METH_FASTCALL,
     "work_spend(steps=1): spend this thread's work budget; WorkLimitExceeded if spent."},
    {"usage", k_usage, METH_NOARGS,
     "usage(): {name: (entries, bytes)} of the node engine's nodes, comparisons and sums."},
    {"set_limit", k_set_limit, METH_VARARGS,
     "set_limit(bytes, entries=0): bound the node engine's tables to its share of bytes, and "
     "each memo to `entries` entries (0: no such bound)."},
    {"setup_engine", k_setup_engine, METH_VARARGS,
     "setup_engine(number, form, Game, Dyadic, KeyedRef, serial, forms, numbers, nus, "
     "forms_remove, numbers_remove, nus_remove, lock): how the node engine makes the games of "
     "its nodes: the Python constructors of numbers (num, exp) and of canonical forms (left "
     "tuple, right tuple, index of the left stop's option, index of the right stop's option), "
     "and cgt.canonical's intern tables, serial counter and lock."},
    {"clear_engine", k_clear, METH_NOARGS, "clear_engine(): the same as clear()."},
    {"sum_wins", k_sum_wins, METH_VARARGS,
     "sum_wins(values, right, limit) -> (answer, positions) or None: does the player moving "
     "first (right: Right, else Left) win the sum of the games values?  answer None: limit new "
     "positions searched (limit < 0: no bound), call again to resume; None: the engine cannot "
     "answer (search in Python)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "cgt._kernel_canonical",
    "Compiled comparison, canonical form and sums for cgt.canonical.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__kernel_canonical(void)
{
    s_make_number = PyUnicode_InternFromString("make_number");
    s_make_nus = PyUnicode_InternFromString("make_nus");
    s_ZERO_D = PyUnicode_InternFromString("_ZERO_D");
    s_INVERSE_SHORTCUT = PyUnicode_InternFromString("INVERSE_SHORTCUT");
    s_add_big_nus = PyUnicode_InternFromString("_add_big_nus");
    s_FAR_NIMBER = PyUnicode_InternFromString("FAR_NIMBER");
    s_UP_SUM_LIMIT = PyUnicode_InternFromString("UP_SUM_LIMIT");
    s_py_le = PyUnicode_InternFromString("_py_le");
    s_py_add = PyUnicode_InternFromString("_py_add");
    s_py_canonical_form = PyUnicode_InternFromString("_py_canonical_form");
    if (!s_py_le || !s_py_add || !s_py_canonical_form)
        return NULL;
    if (!s_make_number || !s_make_nus || !s_ZERO_D || !s_INVERSE_SHORTCUT || !s_add_big_nus ||
        !s_FAR_NIMBER || !s_UP_SUM_LIMIT)
        return NULL;
    py_zero = PyLong_FromLong(0);
    py_one = PyLong_FromLong(1);
    if (!py_zero || !py_one)
        return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (m == NULL)
        return NULL;
    if (PyModule_AddStringConstant(m, "SOURCE_HASH", CGT_SOURCE_HASH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (engine_init(m) < 0 || ss_init() < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
