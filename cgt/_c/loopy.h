/* Retrograde analysis of a loopy game graph in flat arrays (cgt.loopy.graph.CompactGraph).
 *
 * Included by shortgame.c (one method entry, loopy_settle); the pure-Python twin is
 * cgt.loopy.graph._settle, which gives the same bytes.  State 2*i + p is node i with
 * p = 0 (Left) or 1 (Right) to move; a move of p from node i to node t leads to state
 * 2*t + 1 - p.  A state with no move is lost for the mover (2), one with a move to a
 * lost state is won (1), one whose moves all reach won states is lost; the rest are
 * draws (0).  The predecessor lists are built once as offsets into one array, then
 * the states are settled from a queue, counting each state's moves not yet known to
 * reach a won state.  The tracker (cgt.progress.Tracker) hears the same counts as from
 * the Python twin: its update(count) is called whenever the count reaches its next
 * attribute, which is read again after each call (so a Ctrl-C raised there, or by
 * PyErr_CheckSignals every few million steps, stops the analysis).
 */
#ifndef CGT_LOOPY_H
#define CGT_LOOPY_H

#define LOOPY_CHECK_EVERY (1 << 22)

/* Calls tracker.update(count) (unless count < 0) and reads tracker.next into *next;
 * -1 on an exception. */
static int loopy_report(PyObject *tracker, Py_ssize_t count, Py_ssize_t *next)
{
    if (count >= 0) {
        PyObject *r = PyObject_CallMethod(tracker, "update", "n", count);
        if (!r)
            return -1;
        Py_DECREF(r);
    }
    PyObject *v = PyObject_GetAttrString(tracker, "next");
    if (!v)
        return -1;
    *next = PyLong_AsSsize_t(v);
    Py_DECREF(v);
    if (*next == -1 && PyErr_Occurred())
        return -1;
    return 0;
}

static int loopy_buffer(PyObject *obj, Py_buffer *view, const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view->itemsize != (Py_ssize_t)sizeof(int32_t) || !view->format ||
        (strcmp(view->format, "i") != 0 && strcmp(view->format, "l") != 0)) {
        PyErr_Format(PyExc_TypeError, "loopy_settle: %s must be an array('i') of 32-bit ints",
                     what);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *py_loopy_settle(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *objs[4], *tracker;
    Py_ssize_t next = PY_SSIZE_T_MAX;
    static const char *names[4] = {"left offsets", "left targets", "right offsets",
                                   "right targets"};
    Py_buffer views[4];
    int got = 0;
    PyObject *out = NULL;
    Py_ssize_t *starts = NULL, *fill = NULL;
    int32_t *preds = NULL, *remaining = NULL, *queue = NULL;
    unsigned char *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOOO:loopy_settle", &objs[0], &objs[1], &objs[2], &objs[3],
                          &tracker))
        return NULL;
    for (; got < 4; got++)
        if (loopy_buffer(objs[got], &views[got], names[got]) < 0)
            goto done;
    const int32_t *offs[2] = {views[0].buf, views[2].buf};
    const int32_t *tos[2] = {views[1].buf, views[3].buf};
    Py_ssize_t lens[2] = {views[1].len / 4, views[3].len / 4};
    Py_ssize_t n = views[0].len / 4 - 1;
    if (n < 1 || views[2].len != views[0].len) {
        PyErr_SetString(PyExc_ValueError, "loopy_settle: offset arrays of unequal or short length");
        goto done;
    }
    for (int p = 0; p < 2; p++) {
        if (offs[p][0] != 0 || offs[p][n] != lens[p]) {
            PyErr_SetString(PyExc_ValueError, "loopy_settle: offsets must run from 0 to the moves");
            goto done;
        }
        for (Py_ssize_t i = 0; i < n; i++)
            if (offs[p][i] > offs[p][i + 1]) {
                PyErr_SetString(PyExc_ValueError, "loopy_settle: offsets must not fall");
                goto done;
            }
        for (Py_ssize_t k = 0; k < lens[p]; k++)
            if (tos[p][k] < 0 || tos[p][k] >= n) {
                PyErr_SetString(PyExc_ValueError, "loopy_settle: a move to no node");
                goto done;
            }
    }
    Py_ssize_t states = 2 * n, edges = lens[0] + lens[1];
    starts = PyMem_Calloc((size_t)states + 1, sizeof(Py_ssize_t));
    fill = PyMem_Malloc(((size_t)states + 1) * sizeof(Py_ssize_t));
    preds = PyMem_Malloc(((size_t)edges + 1) * sizeof(int32_t));
    remaining = PyMem_Malloc((size_t)states * sizeof(int32_t));
    queue = PyMem_Malloc((size_t)states * sizeof(int32_t));
    result = PyMem_Calloc((size_t)states, 1);
    if (!starts || !fill || !preds || !remaining || !queue || !result) {
        PyErr_NoMemory();
        goto done;
    }
    for (int p = 0; p < 2; p++)
        for (Py_ssize_t k = 0; k < lens[p]; k++)
            starts[2 * (Py_ssize_t)tos[p][k] + (1 - p) + 1]++;
    for (Py_ssize_t s = 0; s < states; s++)
        starts[s + 1] += starts[s];
    memcpy(fill, starts, ((size_t)states + 1) * sizeof(Py_ssize_t));
    Py_ssize_t tail = 0, head = 0, steps = 0;
    if (loopy_report(tracker, -1, &next) < 0)
        goto done;
    for (int p = 0; p < 2; p++)
        for (Py_ssize_t i = 0; i < n; i++) {
            if (i >= next && loopy_report(tracker, i, &next) < 0)
                goto done;
            int32_t v = (int32_t)(2 * i + p);
            remaining[v] = offs[p][i + 1] - offs[p][i];
            if (!remaining[v]) {
                result[v] = 2;
                queue[tail++] = v;
            }
            for (int32_t k = offs[p][i]; k < offs[p][i + 1]; k++)
                preds[fill[2 * (Py_ssize_t)tos[p][k] + (1 - p)]++] = v;
        }
    while (head < tail) {
        int32_t v = queue[head++];
        if (n + head >= next && loopy_report(tracker, n + head, &next) < 0)
            goto done;
        int lost = result[v] == 2;
        for (Py_ssize_t k = starts[v]; k < starts[v + 1]; k++) {
            int32_t u = preds[k];
            if (result[u])
                continue;
            if (lost || --remaining[u] == 0) {
                result[u] = lost ? 1 : 2;
                queue[tail++] = u;
            }
        }
        steps += starts[v + 1] - starts[v] + 1;
        if (steps >= LOOPY_CHECK_EVERY) {
            steps = 0;
            if (PyErr_CheckSignals() < 0)
                goto done;
        }
    }
    out = PyBytes_FromStringAndSize((const char *)result, states);
done:
    for (int i = 0; i < got; i++)
        PyBuffer_Release(&views[i]);
    PyMem_Free(starts);
    PyMem_Free(fill);
    PyMem_Free(preds);
    PyMem_Free(remaining);
    PyMem_Free(queue);
    PyMem_Free(result);
    return out;
}

#endif /* CGT_LOOPY_H */
