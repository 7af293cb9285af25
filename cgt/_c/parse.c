/* The compiled fast path of cgt.parse: brace forms over simple literals.
 *
 * fast_parse(text, literals, forms, literal_fn, form_fn) reads the text as
 * cgt/notation.py's _fast_parse_python does -- the same tokens (a brace, a
 * comma, a run of bars, or a run of anything else), the same states, the same
 * answers -- and returns the game or None (the reference parser decides).
 *
 *   literals    dict: stripped literal text -> Game or None (as _fast_literal keeps it)
 *   forms       dict: (sorted Left serials, sorted Right serials) -> Game
 *   literal_fn  called with the stripped text of a literal the dict lacks
 *   form_fn     called with (left list, right list, key) for a form the dict lacks
 *
 * Both callbacks fill their dicts themselves; this file only reads them.
 *
 * A Game's serial number and its parts x + k.up + *m come from the engine's C
 * API (engine_api.h: game_parts, from the canonical kernel's capsule), as
 * Game.serial and Game.nus_or_none() give them in Python: only the value's own
 * module and its engine read Game's slots.  Without the canonical kernel this
 * module does not load (cgt.kernels: it needs it), and notation's Python fast
 * path reads the text.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>

#include "engine_api.h"

/* the fingerprint of this kernel's sources, given by setup.py (cgt/_sources.py); cgt does
   not use a kernel whose fingerprint differs from that of the sources beside it */
#ifndef CGT_SOURCE_HASH
#define CGT_SOURCE_HASH ""
#endif

#define MAX_IN_EXPRESSION (1LL << 16)

static const cgt_engine_api *E; /* set by PyInit from the canonical kernel's capsule */

typedef struct {
    PyObject *left; /* NULL until the bar is read */
    PyObject *side;
} Frame;

typedef struct {
    long long value;
    PyObject *serial;
} Serial;

static int
cmp_serials(const void *a, const void *b)
{
    long long x = ((const Serial *)a)->value, y = ((const Serial *)b)->value;
    return (x > y) - (x < y);
}

/* tuple(sorted(o.serial for o in options)); NULL on error; Py_None when the
 * engine cannot tell (it has no Game class yet: give up) */
static PyObject *
sorted_serials(PyObject *options)
{
    Py_ssize_t n = PyList_GET_SIZE(options), i, got = 0;
    Serial small[16];
    Serial *ids = n <= 16 ? small : PyMem_Malloc(sizeof(Serial) * (size_t)n);
    PyObject *out = NULL, *serial, *x, *k, *m;
    if (ids == NULL)
        return PyErr_NoMemory();
    for (i = 0; i < n; i++) {
        int r = E->game_parts(PyList_GET_ITEM(options, i), &serial, &x, &k, &m);
        if (r <= 0) {
            if (r == 0)
                out = Py_NewRef(Py_None);
            goto done;
        }
        ids[got].serial = Py_NewRef(serial);
        got++;
        ids[i].value = PyLong_AsLongLong(serial);
        if (ids[i].value == -1 && PyErr_Occurred())
            goto done;
    }
    if (n > 1)
        qsort(ids, (size_t)n, sizeof(Serial), cmp_serials);
    out = PyTuple_New(n);
    if (out == NULL)
        goto done;
    for (i = 0; i < n; i++) {
        PyTuple_SET_ITEM(out, i, ids[i].serial); /* steals the reference */
        ids[i].serial = NULL;
    }
done:
    for (i = 0; i < got; i++)
        Py_XDECREF(ids[i].serial);
    if (ids != small)
        PyMem_Free(ids);
    return out;
}

/* 1 if |v| > 2**16 (or v is not an int), 0 if not, -1 on error */
static int
too_big(PyObject *v)
{
    int overflow = 0;
    long long n = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (n == -1 && PyErr_Occurred())
        return -1;
    return overflow != 0 || n > MAX_IN_EXPRESSION || n < -MAX_IN_EXPRESSION;
}

/* Whether a form may be an option: the reference refuses huge nimbers and up
 * counts there.  1 yes, 0 no (or the engine cannot tell), -1 error. */
static int
usable(PyObject *g)
{
    PyObject *serial, *x, *k, *m;
    int r = E->game_parts(g, &serial, &x, &k, &m);
    if (r <= 0 || x == NULL)
        return r;
    r = too_big(m);
    if (r != 0)
        return r < 0 ? -1 : 0;
    r = too_big(k);
    return r < 0 ? -1 : !r;
}

/* The game of {left | side}: from the memo, else form_fn.  New reference,
 * Py_None (give up) or NULL (error). */
static PyObject *
form(PyObject *left, PyObject *side, PyObject *forms, PyObject *form_fn)
{
    PyObject *l = sorted_serials(left), *r, *key, *g;
    if (l == NULL || l == Py_None)
        return l;
    r = sorted_serials(side);
    if (r == NULL || r == Py_None) {
        Py_DECREF(l);
        return r;
    }
    key = PyTuple_Pack(2, l, r);
    Py_DECREF(l);
    Py_DECREF(r);
    if (key == NULL)
        return NULL;
    g = PyDict_GetItemWithError(forms, key);
    if (g != NULL) {
        Py_INCREF(g);
    }
    else if (!PyErr_Occurred()) {
        g = PyObject_CallFunctionObjArgs(form_fn, left, side, key, NULL);
    }
    Py_DECREF(key);
    return g;
}

/* The game of a literal: from the memo, else literal_fn.  New reference,
 * Py_None (give up) or NULL (error). */
static PyObject *
literal(PyObject *text, Py_ssize_t start, Py_ssize_t end, PyObject *literals,
        PyObject *literal_fn)
{
    PyObject *s = PyUnicode_Substring(text, start, end), *g;
    if (s == NULL)
        return NULL;
    g = PyDict_GetItemWithError(literals, s);
    if (g != NULL) {
        Py_INCREF(g);
        Py_DECREF(s);
        return g;
    }
    if (PyErr_Occurred()) {
        Py_DECREF(s);
        return NULL;
    }
    g = PyObject_CallOneArg(literal_fn, s);
    Py_DECREF(s);
    return g;
}

static PyObject *
fast_parse(PyObject *self, PyObject *args)
{
    PyObject *text, *literals, *forms, *literal_fn, *form_fn;
    PyObject *side = NULL, *left = NULL, *result = NULL, *g;
    Frame *stack = NULL;
    Py_ssize_t depth = 0, capacity = 0, n, i, j;
    int pending = 0, kind;
    const void *data;
    (void)self;

    if (!PyArg_ParseTuple(args, "UO!O!OO:fast_parse", &text, &PyDict_Type, &literals,
                          &PyDict_Type, &forms, &literal_fn, &form_fn))
        return NULL;
    n = PyUnicode_GET_LENGTH(text);
    kind = PyUnicode_KIND(text);
    data = PyUnicode_DATA(text);

#define GIVE_UP goto give_up
#define FAIL goto fail
    for (i = 0; i < n;) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == '{') {
            i++;
            if (pending || result != NULL)
                GIVE_UP;
            if (side != NULL) {
                if (depth == capacity) {
                    Py_ssize_t more = capacity ? 2 * capacity : 16;
                    Frame *grown = PyMem_Realloc(stack, sizeof(Frame) * (size_t)more);
                    if (grown == NULL) {
                        PyErr_NoMemory();
                        FAIL;
                    }
                    stack = grown;
                    capacity = more;
                }
                stack[depth].left = left;
                stack[depth].side = side;
                depth++;
            }
            left = NULL;
            side = PyList_New(0);
            if (side == NULL)
                FAIL;
        }
        else if (c == '}') {
            i++;
            if (side == NULL || left == NULL || (PyList_GET_SIZE(side) && !pending))
                GIVE_UP;
            g = form(left, side, forms, form_fn);
            if (g == NULL)
                FAIL;
            if (g == Py_None) {
                Py_DECREF(g);
                GIVE_UP;
            }
            Py_CLEAR(left);
            Py_CLEAR(side);
            if (depth == 0) {
                result = g;
            }
            else {
                int ok = usable(g);
                if (ok <= 0) {
                    Py_DECREF(g);
                    if (ok < 0)
                        FAIL;
                    GIVE_UP;
                }
                depth--;
                left = stack[depth].left;
                side = stack[depth].side;
                if (PyList_Append(side, g) < 0) {
                    Py_DECREF(g);
                    FAIL;
                }
                Py_DECREF(g);
            }
            pending = 1;
        }
        else if (c == ',') {
            i++;
            if (!pending || side == NULL)
                GIVE_UP;
            pending = 0;
        }
        else if (c == '|') {
            j = i;
            while (i < n && PyUnicode_READ(kind, data, i) == '|')
                i++;
            if (i - j > 1 || left != NULL || side == NULL ||
                (PyList_GET_SIZE(side) && !pending))
                GIVE_UP;
            left = side;
            side = PyList_New(0);
            if (side == NULL)
                FAIL;
            pending = 0;
        }
        else {
            /* a run of anything else: a literal, or only spaces */
            Py_ssize_t start, end;
            j = i;
            while (i < n) {
                c = PyUnicode_READ(kind, data, i);
                if (c == '{' || c == '}' || c == ',' || c == '|')
                    break;
                i++;
            }
            start = j;
            end = i;
            while (start < end && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, start)))
                start++;
            if (start == end)
                continue; /* only spaces */
            while (Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, end - 1)))
                end--;
            if (pending || side == NULL)
                GIVE_UP;
            g = literal(text, start, end, literals, literal_fn);
            if (g == NULL)
                FAIL;
            if (g == Py_None) {
                Py_DECREF(g);
                GIVE_UP;
            }
            if (PyList_Append(side, g) < 0) {
                Py_DECREF(g);
                FAIL;
            }
            Py_DECREF(g);
            pending = 1;
        }
    }
#undef GIVE_UP
#undef FAIL
    if (side != NULL || result == NULL)
        goto give_up;
    PyMem_Free(stack);
    return result;

give_up:
    Py_XDECREF(result);
    result = Py_None;
    Py_INCREF(result);
    goto cleanup;
fail:
    Py_CLEAR(result);
cleanup:
    Py_XDECREF(left);
    Py_XDECREF(side);
    while (depth > 0) {
        depth--;
        Py_XDECREF(stack[depth].left);
        Py_XDECREF(stack[depth].side);
    }
    PyMem_Free(stack);
    return result;
}

static PyMethodDef methods[] = {
    {"fast_parse", fast_parse, METH_VARARGS,
     "fast_parse(text, literals, forms, literal_fn, form_fn) -> Game or None\n\n"
     "A brace form over simple literals, read as cgt.notation._fast_parse_python\n"
     "reads it; None hands the text to the reference parser."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "cgt._kernel_parse",
    "The compiled fast path of cgt.parse (brace forms over simple literals).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__kernel_parse(void)
{
    const cgt_engine_api *api = PyCapsule_Import(CGT_ENGINE_API_CAPSULE, 0);
    if (api == NULL)
        return NULL; /* no canonical kernel: this module is not used */
    if (api->version != CGT_ENGINE_API_VERSION || api->size != (int)sizeof(cgt_engine_api)) {
        PyErr_Format(PyExc_ImportError,
                     "cgt._kernel_canonical's engine API is version %d, this kernel needs %d "
                     "(rebuild both)",
                     api->version, CGT_ENGINE_API_VERSION);
        return NULL;
    }
    E = api;
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddStringConstant(m, "SOURCE_HASH", CGT_SOURCE_HASH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
