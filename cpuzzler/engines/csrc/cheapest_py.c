/*
 * cheapest_py.c -- the binding of the k cheapest solutions (cheapest.c): cheapest().
 */
#include "bindings.h"

/* cheapest(lo, hi, secondary, options, costs, groups, k, unit, time_limit, report=None)
 *   -> (reason, nodes, tax, [(net cost, (options...)), ...])
 * Every primary item 1:1, no colours; costs one whole number per option (|sum| < 2^62,
 * checked by the caller), every solution's cost (net plus tax, and the caller's prices)
 * a multiple of unit; groups: groups of primary items no option holds two of, each ended
 * by -1 (the caller checks that no option holds two); the solutions found, at most k, in
 * no particular order (cost = net cost + tax); report: None or a callable told the
 * progress, report(nodes, solutions kept, least cost kept or None), every half second. */
static PyObject *cheapest_py(PyObject *self, PyObject *args) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *options, *cost_seq, *s_seq, *report = Py_None;
    int k;
    long long unit;
    double time_limit;
    if (!PyArg_ParseTuple(args, "OOOOOOiLd|O", &lo_seq, &hi_seq, &sec_seq, &options, &cost_seq,
                          &s_seq, &k, &unit, &time_limit, &report))
        return NULL;
    if (report != Py_None && !PyCallable_Check(report)) {
        PyErr_SetString(PyExc_TypeError, "report: a callable or None");
        return NULL;
    }
    Problem in;
    CheapOut out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    PyObject *result = NULL, *found = NULL, *empty = PyList_New(0), *fast = NULL;
    long long *costs = NULL;
    int *s_items = NULL;
    Py_ssize_t n_s = 0;
    int depth = 0;
    if (!empty || read_problem(lo_seq, hi_seq, sec_seq, options, empty, Py_None, &in) < 0)
        goto done;
    if (k < 1) { PyErr_SetString(PyExc_ValueError, "k must be >= 1"); goto done; }
    if (unit < 1) { PyErr_SetString(PyExc_ValueError, "unit must be >= 1"); goto done; }
    for (int i = 0; i < in.n_items; i++) {
        if (in.secondary[i]) continue;
        if (in.lo[i] != 1 || in.hi[i] != 1) {
            PyErr_SetString(PyExc_ValueError, "cheapest: primary items are covered once");
            goto done;
        }
        depth++;
    }
    if (read_int_list(s_seq, &s_items, &n_s, "groups") < 0) goto done;
    for (Py_ssize_t t = 0; t < n_s; t++)
        if (s_items[t] < -1 || s_items[t] >= in.n_items
            || (s_items[t] >= 0 && in.secondary[s_items[t]]) || (t == n_s - 1 && s_items[t] != -1)) {
            PyErr_SetString(PyExc_ValueError, "groups: primary items, each group ended by -1");
            goto done;
        }
    if (!(fast = PySequence_Fast(cost_seq, "costs"))) goto done;
    if (PySequence_Fast_GET_SIZE(fast) != in.n_options) {
        PyErr_SetString(PyExc_ValueError, "costs: one per option");
        goto done;
    }
    costs = calloc((size_t)in.n_options + 1, sizeof(long long));
    if (!costs) { PyErr_NoMemory(); goto done; }
    for (int o = 0; o < in.n_options; o++) {
        costs[o] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, o));
        if (costs[o] == -1 && PyErr_Occurred()) goto done;
    }
    double deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    if (cheapest_run(in.n_items, in.n_options, in.secondary, in.opt_start, in.opt_items,
                     costs, s_items, (int)n_s, k, unit, depth + 1, deadline, report, &out) < 0)
        goto done;
    if (!(found = PyList_New(0))) goto done;
    for (int t = 0; t < out.found; t++) {
        PyObject *chosen = PyTuple_New(out.lengths[t]);
        if (!chosen) goto done;
        for (int j = 0; j < out.lengths[t]; j++)
            PyTuple_SET_ITEM(chosen, j, PyLong_FromLong(out.options[(size_t)t * (size_t)(depth + 1) + (size_t)j]));
        PyObject *pair = Py_BuildValue("(LN)", out.costs[t], chosen);
        if (!pair || PyList_Append(found, pair) < 0) { Py_XDECREF(pair); goto done; }
        Py_DECREF(pair);
    }
    result = Py_BuildValue("(iLLO)", out.reason, out.nodes, out.tax, found);
done:
    Py_XDECREF(found); Py_XDECREF(empty); Py_XDECREF(fast);
    problem_free(&in);
    free(costs); free(s_items); free(out.costs); free(out.lengths); free(out.options);
    return result;
}

PyMethodDef cheapest_methods[] = {
    {"cheapest", cheapest_py, METH_VARARGS,
     "cheapest(lo, hi, secondary, options, costs, groups, k, unit, time_limit, report=None) -> "
     "(reason, nodes, tax, [(net cost, options), ...])"},
    {NULL, NULL, 0, NULL},
};
