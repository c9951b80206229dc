/*
 * diagram_py.c -- the binding of the decision diagram of all solutions (diagram.c):
 * diagram_build(), its nodes handed back as flat arrays.
 */
#include "bindings.h"

/* diagram_build(lo, hi, secondary, options, order, memory_bytes, time_limit)
 *   -> (reason, no_memory, states, root, options, lows, highs, peak_bytes)
 * The arguments as for memo_count (no colours; bounds up to 65535);
 * the nodes from 2 on as three bytes objects of int32 (node 0 the empty family, 1 the
 * family of the empty set); root -1 when the build stopped. */
static PyObject *diagram_build_py(PyObject *self, PyObject *args) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *options, *order_seq;
    double memory_bytes, time_limit;
    if (!PyArg_ParseTuple(args, "OOOOOdd", &lo_seq, &hi_seq, &sec_seq, &options, &order_seq,
                          &memory_bytes, &time_limit))
        return NULL;
    Problem in;
    PyObject *result = NULL;
    DiagramOut out;
    memset(&out, 0, sizeof out);
    if (read_problem(lo_seq, hi_seq, sec_seq, options, order_seq, Py_None, &in) < 0)
        goto done;
    double deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    int rc = diagram_build(in.n_items, in.n_options, in.lo, in.hi, in.opt_start,
                           in.opt_items, in.order, in.n_order, memory_bytes, deadline, &out);
    if (rc < 0 && out.stop == DIAGRAM_TOO_DEEP) {
        PyErr_Format(PyExc_RecursionError, "the diagram's search would go deeper than %d "
                     "levels", DIAGRAM_MAX_DEPTH);
        goto done;
    }
    if (rc < 0) {
        result = Py_BuildValue("(iiLiOOOd)", out.stop > 0 ? out.stop : R_DONE,
                               out.no_memory, out.states, -1, Py_None, Py_None, Py_None,
                               out.peak_bytes);
        goto done;
    }
    Py_ssize_t n = (Py_ssize_t)(out.n_nodes - 2) * (Py_ssize_t)sizeof(int32_t);
    result = Py_BuildValue("(iiLiy#y#y#d)", R_DONE, 0, out.states, (int)out.root,
                           (const char *)(out.opt + 2), n, (const char *)(out.lo + 2), n,
                           (const char *)(out.hi + 2), n, out.peak_bytes);
done:
    problem_free(&in);
    free(out.opt); free(out.lo); free(out.hi);
    return result;
}

PyMethodDef diagram_methods[] = {
    {"diagram_build", diagram_build_py, METH_VARARGS,
     "diagram_build(lo, hi, secondary, options, order, memory_bytes, time_limit) -> "
     "(reason, no_memory, states, root, options, lows, highs, peak_bytes)"},
    {NULL, NULL, 0, NULL},
};
