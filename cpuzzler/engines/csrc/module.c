/*
 * module.c -- the Python bindings of cpuzzler's native engine, the module _dlx:
 *
 *   Solver(lo, hi, secondary, options, kernel="auto", colors=None)
 *       the enumerating search of dlx.c (or bits.c), run in batches of solutions;
 *   memo_count(lo, hi, secondary, options, order, memory_bytes, time_limit, ...)
 *       the memo counter of memo.c, with uniform samples from sample.c;
 *   memo_estimate(lo, hi, secondary, options, order, time_limit, probes, ...)
 *       Knuth's and Purdom's estimates of the memo engine's tree, from sample.c;
 *   frontier_count(lo, hi, secondary, options, order, memory_bytes, time_limit, ...)
 *       the frontier counter of frontier.c;
 *   frontier_open(...), frontier_step(handle, k, records, shards, time_limit, head)
 *       the same, one layer (or one shard of one) at a time, for layers kept on disk;
 *   frontier_run(handle, time_limit, spill_bytes, shards, head, on_layer, spill_at)
 *       a count begun in memory, its layers handed over for the disk once past a line;
 *   frontier_meet_plan(handle, cells), frontier_meet_shapes/_shapes_out/_shapes_in/
 *       _queries/_dot(handle, ...)
 *       meeting in the middle (meet.c) with the layers on disk;
 *   frontier_bit_mode(allow)
 *       whether those may use frontier.c's bit mode (the tests compare both ways);
 *   diagram_build(lo, hi, secondary, options, order, memory_bytes, time_limit)
 *       the decision diagram of all solutions, from diagram.c;
 *   DONE, LIMIT, TIMEOUT, INTERRUPTED, SPILL
 *       the reasons a run returns.
 *
 * Each algorithm's bindings sit beside it, in a file of their own that hands this one a
 * table of its functions: dlx_py.c (the Solver type), memo_py.c, frontier_py.c,
 * meet_py.c and diagram_py.c.  Here is what they share, and the module made of them:
 * the Python objects read into the flat int arrays the searches work on, every value
 * checked (an item out of range, a bound that does not fit an int, an item twice in an
 * option) before a search starts; the searches run without the GIL.
 */
#include "bindings.h"

int read_ints(PyObject *seq, Py_ssize_t n, int *out, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd values", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < INT_MIN || v > INT_MAX) {  /* never truncate: ExactCover clamps bounds */
            PyErr_Format(PyExc_OverflowError, "%s: %ld does not fit the engine", what, v);
            Py_DECREF(fast);
            return -1;
        }
        out[k] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

int read_int_list(PyObject *seq, int **out, Py_ssize_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    *n = PySequence_Fast_GET_SIZE(fast);
    *out = calloc((size_t)*n + 1, sizeof(int));
    if (!*out) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    int rc = read_ints(fast, *n, *out, what);
    Py_DECREF(fast);
    return rc;
}


int read_problem(PyObject *lo_seq, PyObject *hi_seq, PyObject *sec_seq,
                        PyObject *options, PyObject *order_seq, PyObject *colour_seq,
                        Problem *p) {
    memset(p, 0, sizeof *p);
    int *mark = NULL, rc = -1;
    PyObject *fast = NULL;
    Py_ssize_t n, n2, n3, n_order;
    if (read_int_list(lo_seq, &p->lo, &n, "lo") < 0 || read_int_list(hi_seq, &p->hi, &n2, "hi") < 0
        || read_int_list(sec_seq, &p->secondary, &n3, "secondary") < 0
        || read_int_list(order_seq, &p->order, &n_order, "order") < 0)
        goto done;
    if (n2 != n || n3 != n) { PyErr_SetString(PyExc_ValueError, "lo, hi, secondary differ in length"); goto done; }
    p->n_items = (int)n; p->n_order = (int)n_order;
    for (int k = 0; k < p->n_order; k++)
        if (p->order[k] < 0 || p->order[k] >= p->n_items || p->secondary[p->order[k]]) {
            PyErr_SetString(PyExc_ValueError, "order must list primary items"); goto done;
        }
    if (!(fast = PySequence_Fast(options, "options"))) goto done;
    p->n_options = (int)PySequence_Fast_GET_SIZE(fast);
    p->opt_start = calloc((size_t)p->n_options + 2, sizeof(int));
    mark = calloc((size_t)p->n_items + 1, sizeof(int));
    if (!p->opt_start || !mark) { PyErr_NoMemory(); goto done; }
    size_t total_len = 0;
    for (int o = 0; o < p->n_options; o++) {
        Py_ssize_t k = PySequence_Size(PySequence_Fast_GET_ITEM(fast, o));
        if (k < 0) goto done;
        total_len += (size_t)k;
    }
    p->total_len = total_len;
    p->opt_items = calloc(total_len + 1, sizeof(int));
    if (!p->opt_items) { PyErr_NoMemory(); goto done; }
    size_t at = 0;
    for (int o = 0; o < p->n_options; o++) {
        PyObject *opt = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, o), "option");
        if (!opt) goto done;
        p->opt_start[o] = (int)at;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(opt);
        int bad = read_ints(opt, k, p->opt_items + at, "option");
        Py_DECREF(opt);
        if (bad < 0) goto done;
        for (Py_ssize_t t = 0; t < k; t++) {
            int j = p->opt_items[at + t];
            if (j < 0 || j >= p->n_items) {
                PyErr_Format(PyExc_ValueError, "option %d names item %d of %d", o, j, p->n_items);
                goto done;
            }
            if (mark[j] == o + 1) {
                PyErr_Format(PyExc_ValueError, "option %d names item %d twice", o, j);
                goto done;
            }
            mark[j] = o + 1;
        }
        at += (size_t)k;
    }
    p->opt_start[p->n_options] = (int)at;
    if (colour_seq != Py_None) {
        Py_ssize_t n_colours;
        if (read_int_list(colour_seq, &p->colour, &n_colours, "colours") < 0) goto done;
        if ((size_t)n_colours != total_len) {
            PyErr_SetString(PyExc_ValueError, "colours: one per entry of the options");
            goto done;
        }
        for (size_t k = 0; k < total_len; k++)
            if (p->colour[k] < 0 || (p->colour[k] > 0 && !p->secondary[p->opt_items[k]])) {
                PyErr_SetString(PyExc_ValueError, "colours: only secondary items, ids >= 1");
                goto done;
            }
    }
    rc = 0;
done:
    Py_XDECREF(fast);
    free(mark);
    return rc;
}

void problem_free(Problem *p) {
    free(p->lo); free(p->hi); free(p->secondary); free(p->order);
    free(p->opt_start); free(p->opt_items); free(p->colour);
    memset(p, 0, sizeof *p);
}

PyObject *long_of_count(count128 total) {
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(total >> 64));
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)total);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *shifted = high && shift ? PyNumber_Lshift(high, shift) : NULL;
    PyObject *value = shifted && low ? PyNumber_Or(shifted, low) : NULL;
    Py_XDECREF(high); Py_XDECREF(low); Py_XDECREF(shift); Py_XDECREF(shifted);
    return value;
}

static struct PyModuleDef dlx_module = {
    PyModuleDef_HEAD_INIT, "_dlx", "cpuzzler's native exact-cover search.", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dlx(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&dlx_module);
    if (!m) return NULL;
    PyMethodDef *tables[] = {memo_methods, frontier_methods, meet_methods, diagram_methods,
                            cheapest_methods};
    for (size_t t = 0; t < sizeof tables / sizeof *tables; t++)
        if (PyModule_AddFunctions(m, tables[t]) < 0) { Py_DECREF(m); return NULL; }
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType); Py_DECREF(m); return NULL;
    }
    PyModule_AddIntConstant(m, "DONE", R_DONE);
    PyModule_AddIntConstant(m, "LIMIT", R_LIMIT);
    PyModule_AddIntConstant(m, "TIMEOUT", R_TIMEOUT);
    PyModule_AddIntConstant(m, "INTERRUPTED", R_INTERRUPTED);
    PyModule_AddIntConstant(m, "SPILL", R_SPILL);
    return m;
}
