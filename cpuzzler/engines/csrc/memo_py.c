/*
 * memo_py.c -- the bindings of the memo counter (memo.c) and of its samples and
 * estimates (sample.c): memo_count() and memo_estimate(), with the problem read and
 * checked by module.c's read_problem.
 */
#include "bindings.h"

/* memo_count(lo, hi, secondary, options, order, memory_bytes, time_limit, samples, seed,
 *            choice, colours=None)
 *   -> (count, reason, (nodes, hits, misses, stored, peak_bytes, dropped, evictions),
 *       draws: `samples` solutions drawn uniformly, each a sorted tuple of options)
 * lo/hi/secondary per item (bounds already cut to what the options can reach), options
 * as lists of item indices, order the primary items in sweep order, choice 0 (SWEEP) or 1
 * (FEWEST), colours None or the colour of every entry of the options, one flat list. */
static PyObject *memo_count(PyObject *self, PyObject *args) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *options, *order_seq, *colour_seq = Py_None;
    double memory_bytes, time_limit;
    Py_ssize_t samples = 0;
    unsigned long long seed = 0;
    int choice = SWEEP;
    if (!PyArg_ParseTuple(args, "OOOOOdd|nKiO", &lo_seq, &hi_seq, &sec_seq, &options,
                          &order_seq, &memory_bytes, &time_limit, &samples, &seed, &choice,
                          &colour_seq))
        return NULL;
    if (choice != SWEEP && choice != FEWEST) {
        PyErr_SetString(PyExc_ValueError, "choice must be 0 (sweep) or 1 (fewest)");
        return NULL;
    }
    int *chosen = NULL, *secondary = NULL;
    PyObject *draws = NULL, *result = NULL;
    Memo m;
    memset(&m, 0, sizeof m);
    m.choice = choice;
    Problem in;
    int rc = read_problem(lo_seq, hi_seq, sec_seq, options, order_seq, colour_seq, &in);
    m.lo = in.lo; m.hi = in.hi; m.order = in.order; secondary = in.secondary;
    m.opt_start = in.opt_start; m.opt_items = in.opt_items;
    m.n_items = in.n_items; m.n_order = in.n_order; m.n_options = in.n_options;
    m.colour = in.colour;
    if (rc < 0) goto done;
    if (memo_prepare(&m, secondary, memory_bytes) < 0) { PyErr_NoMemory(); goto done; }
    m.deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    count128 total = 0;
    m.tstate = PyEval_SaveThread();
    if (time_limit == 0) m.stop = R_TIMEOUT;
    else total = memo_search(&m, 0, 0);
    PyEval_RestoreThread(m.tstate);
    draws = PyList_New(0);
    if (!draws) goto done;
    if (samples > 0 && total > 0 && !m.stop) {
        chosen = calloc((size_t)m.n_options + 1, sizeof(int));
        if (!chosen) { PyErr_NoMemory(); goto done; }
        sample_seed(seed);
        for (Py_ssize_t d = 0; d < samples && !m.stop && !m.no_memory; d++) {
            memo_restart(&m);
            m.tstate = PyEval_SaveThread();
            int n_chosen = memo_draw(&m, 0, 0, chosen, 0);
            PyEval_RestoreThread(m.tstate);
            if (n_chosen < 0) break;
            qsort(chosen, (size_t)n_chosen, sizeof(int), cmp_int);
            PyObject *draw = PyTuple_New(n_chosen);
            if (!draw) goto done;
            for (int t = 0; t < n_chosen; t++) PyTuple_SET_ITEM(draw, t, PyLong_FromLong(chosen[t]));
            if (PyList_Append(draws, draw) < 0) { Py_DECREF(draw); goto done; }
            Py_DECREF(draw);
        }
    }
    if (m.no_memory) { PyErr_NoMemory(); goto done; }
    if (m.stop == MEMO_TOO_DEEP) {
        PyErr_Format(PyExc_RecursionError, "the memo engine's search would go deeper than %d "
                     "levels; count this problem with the dlx engine", MEMO_MAX_DEPTH);
        goto done;
    }
    if (m.overflow) {
        PyErr_SetString(PyExc_OverflowError, "the count passes 2**128");
        goto done;
    }
    PyObject *value = long_of_count(total);
    if (!value) goto done;
    int reason = m.stop > 0 ? m.stop : R_DONE;
    result = Py_BuildValue("(Ni(LLLnnLL)O)", value, reason, m.nodes, m.hits, m.misses,
                           (Py_ssize_t)m.stored, (Py_ssize_t)(m.peak_slots * m.slot_bytes),
                           m.dropped, m.evictions, draws);
done:
    Py_XDECREF(draws);
    free(chosen);
    free(secondary);
    memo_free(&m);
    return result;
}

/* memo_estimate(lo, hi, secondary, options, order, time_limit, probes, seed, choice, breadth,
 *               colours=None)
 *   -> (reason, probes done, probes that met a solution,
 *       (sum of the solution estimates, sum of their squares, the same for nodes))
 * The arguments as for memo_count; see sample.c for the probes. */
static PyObject *memo_estimate(PyObject *self, PyObject *args) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *options, *order_seq, *colour_seq = Py_None;
    double time_limit;
    Py_ssize_t probes;
    unsigned long long seed;
    int choice, breadth;
    if (!PyArg_ParseTuple(args, "OOOOOdnKii|O", &lo_seq, &hi_seq, &sec_seq, &options,
                          &order_seq, &time_limit, &probes, &seed, &choice, &breadth,
                          &colour_seq))
        return NULL;
    if ((choice != SWEEP && choice != FEWEST) || breadth < 1) {
        PyErr_SetString(PyExc_ValueError, "choice must be 0 or 1, breadth at least 1");
        return NULL;
    }
    PyObject *result = NULL;
    Memo m;
    memset(&m, 0, sizeof m);
    m.choice = choice;
    Problem in;
    int rc = read_problem(lo_seq, hi_seq, sec_seq, options, order_seq, colour_seq, &in);
    m.lo = in.lo; m.hi = in.hi; m.order = in.order;
    m.opt_start = in.opt_start; m.opt_items = in.opt_items;
    m.n_items = in.n_items; m.n_order = in.n_order; m.n_options = in.n_options;
    m.colour = in.colour;
    if (rc < 0) goto done;
    if (memo_prepare(&m, in.secondary, 1 << 16) < 0) { PyErr_NoMemory(); goto done; }
    m.deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    double sums[4] = {0, 0, 0, 0};
    Py_ssize_t done_probes = 0, successes = 0;
    sample_seed(seed);
    m.tstate = PyEval_SaveThread();
    for (; done_probes < probes && !m.stop; done_probes++) {
        Estimate e = {0, 0};
        memo_probe(&m, 0, 0, 1.0, breadth, &e);
        if (m.stop) break;
        successes += e.solutions > 0;
        sums[0] += e.solutions; sums[1] += e.solutions * e.solutions;
        sums[2] += e.nodes; sums[3] += e.nodes * e.nodes;
    }
    PyEval_RestoreThread(m.tstate);
    if (m.no_memory) { PyErr_NoMemory(); goto done; }
    int reason = m.stop > 0 ? m.stop : R_DONE;
    result = Py_BuildValue("(inn(dddd))", reason, done_probes, successes, sums[0], sums[1],
                           sums[2], sums[3]);
done:
    free(in.secondary);
    memo_free(&m);
    return result;
}

PyMethodDef memo_methods[] = {
    {"memo_count", memo_count, METH_VARARGS,
     "memo_count(lo, hi, secondary, options, order, memory_bytes, time_limit, samples=0, "
     "seed=0, choice=0) -> (count, reason, (nodes, hits, misses, stored, peak_bytes, "
     "dropped, evictions), draws)"},
    {"memo_estimate", memo_estimate, METH_VARARGS,
     "memo_estimate(lo, hi, secondary, options, order, time_limit, probes, seed, choice, "
     "breadth, colours=None) -> (reason, probes, successes, (sum, sum of squares of the "
     "solution estimates, the same for nodes))"},
    {NULL, NULL, 0, NULL},
};
