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
 *   frontier_run(handle, time_limit, spill_bytes, shards, head, on_layer)
 *       a count begun in memory, its layers handed over for the disk once past a line;
 *   frontier_meet_plan(handle, cells), frontier_meet_shapes/_queries/_dot(handle, ...)
 *       meeting in the middle (meet.c) with the layers on disk;
 *   frontier_bit_mode(allow)
 *       whether those may use frontier.c's bit mode (the tests compare both ways);
 *   diagram_build(lo, hi, secondary, options, order, memory_bytes, time_limit)
 *       the decision diagram of all solutions, from diagram.c;
 *   DONE, LIMIT, TIMEOUT, INTERRUPTED, SPILL
 *       the reasons a run returns.
 *
 * Here the Python objects are read into the flat int arrays the searches work on; every
 * value is checked (an item out of range, a bound that does not fit an int, an item twice
 * in an option) before a search starts, and the searches run without the GIL.
 */
#include "xc.h"

/* ---- the Solver type: the enumerating search (dlx.c, bits.c) -------------------------- */

static const char *KERNEL_NAMES[] = {"links", "bits"};

static void Solver_dealloc(Solver *s) {
    free(s->top); free(s->ulink); free(s->dlink); free(s->option_of);
    free(s->len); free(s->llink); free(s->rlink); free(s->bound); free(s->need);
    free(s->secondary); free(s->item_at); free(s->choice_at); free(s->hidden_base);
    free(s->single_at); free(s->hidden); free(s->found); free(s->scratch);
    free(s->opt_start); free(s->opt_item); free(s->item_opts); free(s->live);
    free(s->count); free(s->branches_at); free(s->index_at); free(s->color);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int read_ints(PyObject *seq, Py_ssize_t n, int *out, const char *what) {
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

/* color[] from colors (see Solver_init): the nodes of option o follow one another, after
 * the spacer before it.  Only secondary items may be coloured.  Returns -1 on error. */
static int read_colors(Solver *s, PyObject *col_seq) {
    PyObject *all = PySequence_Fast(col_seq, "colors must be a sequence");
    if (!all) return -1;
    if (PySequence_Fast_GET_SIZE(all) != s->n_options) {
        Py_DECREF(all);
        PyErr_SetString(PyExc_ValueError, "colors: one entry per option");
        return -1;
    }
    if (!(s->color = calloc((size_t)s->n_nodes + 1, sizeof(int)))) {
        Py_DECREF(all); PyErr_NoMemory(); return -1;
    }
    int p = s->n_items + 1;  /* the first spacer */
    for (int o = 0; o < s->n_options; o++) {
        int first = p + 1, k = 0;
        while (s->top[first + k] > 0) k++;  /* the option's nodes: first .. first+k-1 */
        p = first + k;
        PyObject *mine = PySequence_Fast_GET_ITEM(all, o);
        if (mine == Py_None) continue;
        if (PySequence_Length(mine) != k) {
            Py_DECREF(all);
            PyErr_Format(PyExc_ValueError, "colors: option %d has %d items", o, k);
            return -1;
        }
        if (read_ints(mine, k, s->color + first, "colors") < 0) { Py_DECREF(all); return -1; }
        for (int t = 0; t < k; t++) {
            if (s->color[first + t] < 0 ||
                (s->color[first + t] > 0 && !s->secondary[s->top[first + t]])) {
                Py_DECREF(all);
                PyErr_Format(PyExc_ValueError, "colors: option %d colours a primary item or "
                             "gives a negative colour", o);
                return -1;
            }
        }
    }
    Py_DECREF(all);
    return 0;
}



/* Solver(lo, hi, secondary, options, kernel="auto", colors=None): per item lo and hi
 * bounds and a secondary flag; options as sequences of item indices (0-based); colors,
 * if given, per option None or a sequence of colour ids (0 none, else > 0) aligned with
 * its items. */
static int Solver_init(Solver *s, PyObject *args, PyObject *kwds) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *opt_seq, *col_seq = Py_None;
    const char *kernel = "auto";
    static char *kwlist[] = {"lo", "hi", "secondary", "options", "kernel", "colors", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|sO", kwlist, &lo_seq, &hi_seq, &sec_seq,
                                     &opt_seq, &kernel, &col_seq))
        return -1;
    if (strcmp(kernel, "auto") && strcmp(kernel, "links") && strcmp(kernel, "bits")) {
        PyErr_Format(PyExc_ValueError, "unknown kernel '%s'; known: auto, bits, links", kernel);
        return -1;
    }
    if (s->top) { PyErr_SetString(PyExc_RuntimeError, "Solver is already initialised"); return -1; }
    Py_ssize_t n = PySequence_Length(lo_seq);
    if (n < 0) return -1;
    if (n > INT_MAX / 4) { PyErr_SetString(PyExc_ValueError, "too many items"); return -1; }
    int N = (int)n;
    s->n_items = N;
    s->check_mask = check_mask_for(N);
    ALLOC(s->len, N + 1); ALLOC(s->llink, N + 1); ALLOC(s->rlink, N + 1);
    ALLOC(s->bound, N + 1); ALLOC(s->need, N + 1); ALLOC(s->secondary, N + 1);
    int *tmp;
    ALLOC(tmp, N);
    if (read_ints(lo_seq, n, tmp, "lo") < 0) { free(tmp); return -1; }
    for (int k = 0; k < N; k++) s->need[k + 1] = tmp[k];
    if (read_ints(hi_seq, n, tmp, "hi") < 0) { free(tmp); return -1; }
    for (int k = 0; k < N; k++) s->bound[k + 1] = tmp[k];
    if (read_ints(sec_seq, n, tmp, "secondary") < 0) { free(tmp); return -1; }
    for (int k = 0; k < N; k++) {
        s->secondary[k + 1] = tmp[k] != 0;
        if (tmp[k]) { s->bound[k + 1] = 1; s->need[k + 1] = 0; }
    }
    free(tmp);

    PyObject *options = PySequence_Fast(opt_seq, "options must be a sequence");
    if (!options) return -1;
    Py_ssize_t n_opt = PySequence_Fast_GET_SIZE(options);
    long long total = 0;
    for (Py_ssize_t o = 0; o < n_opt; o++) {
        Py_ssize_t k = PySequence_Length(PySequence_Fast_GET_ITEM(options, o));
        if (k < 0) { Py_DECREF(options); return -1; }
        total += k;
    }
    if (total + n_opt + N + 2 > INT_MAX / 2) {
        Py_DECREF(options);
        PyErr_SetString(PyExc_ValueError, "problem too large");
        return -1;
    }
    s->n_options = (int)n_opt;
    s->n_nodes = (int)(N + 1 + total + n_opt + 1);
    if (!(s->top = calloc((size_t)s->n_nodes + 1, sizeof(int))) ||
        !(s->ulink = calloc((size_t)s->n_nodes + 1, sizeof(int))) ||
        !(s->dlink = calloc((size_t)s->n_nodes + 1, sizeof(int))) ||
        !(s->option_of = calloc((size_t)s->n_nodes + 1, sizeof(int)))) {
        Py_DECREF(options); PyErr_NoMemory(); return -1;
    }
    for (int k = 1; k <= N; k++) { s->ulink[k] = s->dlink[k] = k; s->option_of[k] = -1; }
    /* the active list: primary items in declaration order */
    int last = 0;
    for (int k = 1; k <= N; k++) {
        if (s->secondary[k]) { s->llink[k] = s->rlink[k] = k; continue; }
        s->rlink[last] = k; s->llink[k] = last; last = k;
    }
    s->rlink[last] = 0; s->llink[0] = last;

    int p = N + 1, spacer = p;  /* first spacer */
    s->top[spacer] = 0; s->option_of[spacer] = -1;
    for (int o = 0; o < n_opt; o++) {
        PyObject *opt = PySequence_Fast(PySequence_Fast_GET_ITEM(options, o), "option");
        if (!opt) { Py_DECREF(options); return -1; }
        Py_ssize_t k = PySequence_Fast_GET_SIZE(opt);
        int first = p + 1;
        for (Py_ssize_t t = 0; t < k; t++) {
            long item = PyLong_AsLong(PySequence_Fast_GET_ITEM(opt, t));
            if (item == -1 && PyErr_Occurred()) { Py_DECREF(opt); Py_DECREF(options); return -1; }
            if (item < 0 || item >= N) {
                Py_DECREF(opt); Py_DECREF(options);
                PyErr_Format(PyExc_ValueError, "option %d names item %ld of %d", o, item, N);
                return -1;
            }
            int i = (int)item + 1;
            p++;
            s->top[p] = i; s->option_of[p] = o;
            int u = s->ulink[i];
            s->ulink[p] = u; s->dlink[p] = i; s->dlink[u] = p; s->ulink[i] = p;
            s->len[i]++;
        }
        Py_DECREF(opt);
        s->dlink[spacer] = p;        /* last node of the option after the spacer */
        p++;
        spacer = p;
        s->top[spacer] = -(o + 1); s->option_of[spacer] = -1;
        s->ulink[spacer] = first;    /* first node of the option before the spacer */
    }
    Py_DECREF(options);
    if (col_seq != Py_None && read_colors(s, col_seq) < 0) return -1;
    s->max_level = N + s->n_options + 1;
    ALLOC(s->item_at, s->max_level); ALLOC(s->choice_at, s->max_level);
    ALLOC(s->hidden_base, s->max_level); ALLOC(s->single_at, s->max_level);
    ALLOC(s->hidden, s->n_options); ALLOC(s->scratch, s->max_level);
    ALLOC(s->branches_at, s->max_level); ALLOC(s->index_at, s->max_level);
    if (bits_setup(s, kernel) < 0) return -1;
    s->state = ST_FRESH;
    return 0;
}

/* run(max_solutions=0, store=True, time_limit=-1.0) -> (solutions or None, reason, found)
 * Continues the search from where the last call stopped. */
static PyObject *Solver_run(Solver *s, PyObject *args, PyObject *kwds) {
    long long max_new = 0;
    int store = 1;
    double time_limit = -1.0;
    static char *kwlist[] = {"max_solutions", "store", "time_limit", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|Lpd", kwlist, &max_new, &store, &time_limit))
        return NULL;
    if (!s->top) { PyErr_SetString(PyExc_RuntimeError, "Solver is not initialised"); return NULL; }
    double deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    long long before = s->solutions;
    int no_memory = 0, reason;
    s->found_len = 0;
    PyThreadState *tstate = PyEval_SaveThread();
    if (time_limit == 0 && s->state != ST_FINISHED)
        reason = R_TIMEOUT;  /* no time at all: do not start */
    else if (s->kernel == KERNEL_BITS)
        reason = bits_search(s, max_new, store, deadline, &tstate, &no_memory);
    else
        reason = dlx_search(s, max_new, store, deadline, &tstate, &no_memory);
    PyEval_RestoreThread(tstate);
    if (no_memory) return PyErr_NoMemory();
    long long found = s->solutions - before;
    if (!store) return Py_BuildValue("(OiL)", Py_None, reason, found);
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (int at = 0; at < s->found_len;) {
        int k = s->found[at++];
        PyObject *tuple = PyTuple_New(k);
        if (!tuple) { Py_DECREF(list); return NULL; }
        for (int t = 0; t < k; t++) PyTuple_SET_ITEM(tuple, t, PyLong_FromLong(s->found[at + t]));
        at += k;
        if (PyList_Append(list, tuple) < 0) { Py_DECREF(tuple); Py_DECREF(list); return NULL; }
        Py_DECREF(tuple);
    }
    return Py_BuildValue("(NiL)", list, reason, found);
}

static PyObject *Solver_stats(Solver *s, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(LLLs)", s->nodes, s->updates, s->solutions, KERNEL_NAMES[s->kernel]);
}

/* progress() -> the share of the search tree done, 0 to 1, estimated as Knuth's DLX
 * programs do: a branch at depth l with d_1 ... d_l branches above and at it stands for
 * 1 / (d_1 ... d_l) of the tree, as if subtrees were alike; the branches done before the
 * current path, plus half the current node's own share. */
static PyObject *Solver_progress(Solver *s, PyObject *Py_UNUSED(ignored)) {
    if (s->state == ST_FINISHED) return PyFloat_FromDouble(1.0);
    if (s->state == ST_FRESH) return PyFloat_FromDouble(0.0);
    double done = 0.0, share = 1.0;
    for (int l = 0; l < s->level; l++) {
        if (s->branches_at[l] <= 0) break;
        share /= s->branches_at[l];
        done += s->index_at[l] * share;
    }
    done += 0.5 * share;
    return PyFloat_FromDouble(done < 1.0 ? done : 1.0);
}

static PyMethodDef Solver_methods[] = {
    {"run", (PyCFunction)(void (*)(void))Solver_run, METH_VARARGS | METH_KEYWORDS,
     "run(max_solutions=0, store=True, time_limit=-1.0) -> (solutions, reason, found)"},
    {"stats", (PyCFunction)Solver_stats, METH_NOARGS, "stats() -> (nodes, updates, solutions, kernel)"},
    {"progress", (PyCFunction)Solver_progress, METH_NOARGS,
     "progress() -> the estimated share of the search tree done (0 to 1)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cpuzzler.engines._dlx.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Dancing-links exact-cover search with bounds and secondary items.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

static int read_int_list(PyObject *seq, int **out, Py_ssize_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    *n = PySequence_Fast_GET_SIZE(fast);
    *out = calloc((size_t)*n + 1, sizeof(int));
    if (!*out) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    int rc = read_ints(fast, *n, *out, what);
    Py_DECREF(fast);
    return rc;
}

/* The problem as memo_count and frontier_count take it, read and checked: lo/hi/secondary
 * per item, options as lists of item indices, order the primary items in sweep order,
 * colours None or the colour of every entry of the options, one flat list. */
typedef struct {
    int n_items, n_options, n_order;
    int *lo, *hi, *secondary, *order, *opt_start, *opt_items, *colour;
    size_t total_len;
} Problem;

/* Fill p (its arrays the caller's to free, also on failure); -1 with a Python error. */
static int read_problem(PyObject *lo_seq, PyObject *hi_seq, PyObject *sec_seq,
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

/* A count as a Python int (NULL with an error set). */
static PyObject *long_of_count(count128 total) {
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(total >> 64));
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)total);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *shifted = high && shift ? PyNumber_Lshift(high, shift) : NULL;
    PyObject *value = shifted && low ? PyNumber_Or(shifted, low) : NULL;
    Py_XDECREF(high); Py_XDECREF(low); Py_XDECREF(shift); Py_XDECREF(shifted);
    return value;
}

/* ---- memo_count(): the memo counter (memo.c) and its sampler (sample.c) --------------- */

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

/* ---- frontier_count(): the frontier counter (frontier.c) ------------------------------ */

/* Per layer processed before layer `upto`: (states, bytes held as it began, seconds). */
static PyObject *layer_rows(const Frontier *f, int upto) {
    PyObject *layers = PyList_New(0);
    for (int k = 0; layers && k < upto; k++) {
        PyObject *row = Py_BuildValue("(LLd)", f->layer_states[k], f->layer_peak[k],
                                      f->layer_seconds[k]);
        if (!row || PyList_Append(layers, row) < 0) { Py_XDECREF(row); Py_CLEAR(layers); }
        else Py_DECREF(row);
    }
    return layers;
}

/* frontier_count(lo, hi, secondary, options, order, memory_bytes, time_limit, colours=None,
 *                on_layer=None, meet_cells=0)
 *   -> (count, reason, no_memory, (states processed, peak bytes, lookups),
 *       layers: per position processed, (states, bytes held as it began, seconds), met)
 * The arguments as for memo_count; on_layer(k, states, bytes, seconds) is called after
 * each layer (a KeyboardInterrupt from it stops the count as Ctrl-C does).  meet_cells:
 * the board's first meet_cells places map onto themselves reversed under a half turn
 * (the caller has checked the options do): met in the middle where it applies (meet.c;
 * `met` says whether it did). */
static PyObject *frontier_count_py(PyObject *self, PyObject *args) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *options, *order_seq, *colour_seq = Py_None;
    PyObject *on_layer = Py_None, *result = NULL, *layers = NULL;
    double memory_bytes, time_limit;
    int meet_cells = 0, met = 0;
    if (!PyArg_ParseTuple(args, "OOOOOdd|OOi", &lo_seq, &hi_seq, &sec_seq, &options, &order_seq,
                          &memory_bytes, &time_limit, &colour_seq, &on_layer, &meet_cells))
        return NULL;
    Frontier f;
    memset(&f, 0, sizeof f);
    Problem in;
    int rc = read_problem(lo_seq, hi_seq, sec_seq, options, order_seq, colour_seq, &in);
    f.colour = in.colour;
    f.on_layer = on_layer == Py_None ? NULL : on_layer;
    f.lo = in.lo; f.hi = in.hi; f.order = in.order;
    f.opt_start = in.opt_start; f.opt_items = in.opt_items;
    f.n_items = in.n_items; f.n_order = in.n_order; f.n_options = in.n_options;
    if (rc < 0) goto done;
    if (frontier_prepare(&f, in.secondary, memory_bytes) < 0) { PyErr_NoMemory(); goto done; }
    int reason = R_TIMEOUT;
    if (time_limit != 0) {
        double deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
        f.tstate = PyEval_SaveThread();
        if (meet_cells > 0) reason = frontier_meet(&f, meet_cells, deadline, &met);
        if (!met) reason = frontier_count(&f, deadline);
        PyEval_RestoreThread(f.tstate);
    }
    if (PyErr_Occurred()) {  /* from on_layer */
        if (!PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) goto done;
        PyErr_Clear();
    }
    if (f.overflow) { PyErr_SetString(PyExc_OverflowError, "the count passes 2**128"); goto done; }
    int shown = f.layers_done < f.n_order ? f.layers_done + 1 : f.n_order;
    if (met && f.layers_done == (meet_cells + 1) / 2) shown = f.layers_done;  /* all run */
    if (!(layers = layer_rows(&f, shown))) goto done;
    PyObject *value = long_of_count(f.total);
    if (!value) goto done;
    result = Py_BuildValue("(Nii(LnL)Oi)", value, reason, f.no_memory, f.states_done,
                           (Py_ssize_t)f.peak_bytes, f.lookups, layers, met);
done:
    Py_XDECREF(layers);
    free(in.secondary);
    frontier_free(&f);
    return result;
}

/* ---- frontier_open() / frontier_step(): the frontier counter one layer at a time ------ */

typedef struct { Frontier f; int *secondary; Meet *meet; } FrontierHandle;

static void frontier_handle_free(PyObject *capsule) {
    FrontierHandle *h = PyCapsule_GetPointer(capsule, "cpuzzler.frontier");
    if (!h) return;
    meet_free(h->meet);
    frontier_free(&h->f);
    free(h->secondary);
    free(h);
}

/* frontier_open(lo, hi, secondary, options, order, memory_bytes, colours=None)
 *   -> (handle, key bytes of each layer's records)
 * The problem prepared for frontier_step; arguments as for frontier_count. */
static PyObject *frontier_open(PyObject *self, PyObject *args) {
    PyObject *lo_seq, *hi_seq, *sec_seq, *options, *order_seq, *colour_seq = Py_None;
    double memory_bytes;
    if (!PyArg_ParseTuple(args, "OOOOOd|O", &lo_seq, &hi_seq, &sec_seq, &options, &order_seq,
                          &memory_bytes, &colour_seq))
        return NULL;
    FrontierHandle *h = calloc(1, sizeof *h);
    if (!h) return PyErr_NoMemory();
    Frontier *f = &h->f;
    Problem in;
    int rc = read_problem(lo_seq, hi_seq, sec_seq, options, order_seq, colour_seq, &in);
    f->colour = in.colour; f->lo = in.lo; f->hi = in.hi; f->order = in.order;
    f->opt_start = in.opt_start; f->opt_items = in.opt_items;
    f->n_items = in.n_items; f->n_order = in.n_order; f->n_options = in.n_options;
    h->secondary = in.secondary;
    PyObject *capsule = NULL, *sizes = NULL;
    if (rc < 0) goto fail;
    if (frontier_prepare(f, in.secondary, memory_bytes) < 0) { PyErr_NoMemory(); goto fail; }
    f->keep_spares = 1;  /* step after step, the tables come back at the same sizes */
    if (!(capsule = PyCapsule_New(h, "cpuzzler.frontier", frontier_handle_free))) goto fail;
    if (!(sizes = PyList_New(f->n_order + 1))) { Py_DECREF(capsule); return NULL; }
    for (int k = 0; k <= f->n_order; k++)
        PyList_SET_ITEM(sizes, k, PyLong_FromLong(f->layers[k].key_bytes));
    return Py_BuildValue("(NN)", capsule, sizes);
fail:
    frontier_free(f);
    free(h->secondary);
    free(h);
    return NULL;
}

/* The states of layer k from slot `from` on and of every layer past k, as (layer, shard,
 * records) with the layers freed, each count in `head` bytes; NULL with an error set. */
static PyObject *harvest(Frontier *f, int k, size_t from, Py_ssize_t shards, int head) {
    PyObject *out = PyList_New(0);
    size_t *counts = calloc((size_t)shards, sizeof(size_t));
    unsigned char heads[2][16];
    if (!out || !counts) { Py_XDECREF(out); free(counts); return PyErr_NoMemory(); }
    for (int j = k; j < f->n_order; j++) {
        Layer *l = &f->layers[j];
        size_t first = j == k ? from : 0;
        if (!l->slots) continue;
        size_t key_bytes = (size_t)l->key_bytes, record = (size_t)head + key_bytes;
        size_t *shard_of = malloc((l->stored + 1) * sizeof(size_t)), met = 0;
        int failed = !shard_of;  /* each state's shard, found once, in the order met */
        memset(counts, 0, (size_t)shards * sizeof(size_t));
        for (size_t s = first; s < l->capacity && !failed; s++) {
            unsigned char *slot = l->slots + s * l->slot_bytes;
            count128 c = slot_count(l, slot);
            if (!c) continue;
            int n = frontier_heads(c, head, heads);
            if (!n) {
                PyErr_SetString(PyExc_OverflowError, "a state's count passes 2**126, the "
                                "most the compact records on disk hold");
                failed = 1;
            }
            shard_of[met] = frontier_shard_of(l, slot + l->head, (size_t)shards);
            counts[shard_of[met++]] += (size_t)n;
        }
        PyObject **parts = calloc((size_t)shards, sizeof(PyObject *));
        size_t *fill = calloc((size_t)shards, sizeof(size_t));
        failed = failed || !parts || !fill;
        for (Py_ssize_t t = 0; t < shards && !failed; t++)
            if (counts[t] && !(parts[t] = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(counts[t] * record))))
                failed = 1;
        met = 0;
        for (size_t s = first; s < l->capacity && !failed; s++) {
            unsigned char *slot = l->slots + s * l->slot_bytes;
            count128 c = slot_count(l, slot);
            if (!c) continue;
            size_t t = shard_of[met++];
            for (int r = 0, n = frontier_heads(c, head, heads); r < n; r++) {
                unsigned char *at = (unsigned char *)PyBytes_AS_STRING(parts[t]) + fill[t]++ * record;
                memcpy(at, heads[r], (size_t)head);
                memcpy(at + head, slot + l->head, key_bytes);
            }
        }
        for (Py_ssize_t t = 0; t < shards && !failed; t++) {
            if (!parts[t]) continue;
            PyObject *row = Py_BuildValue("(inO)", j, t, parts[t]);
            if (!row || PyList_Append(out, row) < 0) failed = 1;
            Py_XDECREF(row);
        }
        if (parts) for (Py_ssize_t t = 0; t < shards; t++) Py_XDECREF(parts[t]);
        free(parts); free(fill); free(shard_of);
        layer_release(f, l);
        if (failed) {
            free(counts); Py_DECREF(out);
            for (int rest = j + 1; rest < f->n_order; rest++) layer_release(f, &f->layers[rest]);
            if (!PyErr_Occurred()) PyErr_NoMemory();
            return NULL;
        }
    }
    free(counts);
    return out;
}

/* frontier_step(handle, k, records, shards, time_limit, head=16)
 *   -> (reason, no_memory, count, states, outputs: [(layer, shard, records)])
 * k == -1: emit the empty state; else merge the records (bytes, [count][key] each, the
 * count in `head` bytes: 16, or 8 for compact records) into layer k and process it.
 * What it emits into later layers comes back split into shards by hash, as records of
 * the same kind.  On a stop or past the memory cap the outputs are dropped (redo the
 * step). */
static PyObject *frontier_step(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int k, head = 16;
    Py_buffer records;
    Py_ssize_t shards;
    double time_limit;
    if (!PyArg_ParseTuple(args, "Oiy*nd|i", &capsule, &k, &records, &shards, &time_limit,
                          &head))
        return NULL;
    FrontierHandle *h = PyCapsule_GetPointer(capsule, "cpuzzler.frontier");
    PyObject *result = NULL;
    if (!h) goto done;
    Frontier *f = &h->f;
    if (k < -1 || k >= f->n_order || shards < 1 || (head != 8 && head != 16)) {
        PyErr_SetString(PyExc_ValueError, "frontier_step: no such layer, no shards, or a "
                        "count of other than 8 or 16 bytes");
        goto done;
    }
    size_t record = (size_t)head + (size_t)(k >= 0 ? f->layers[k].key_bytes : 0);
    if (k >= 0 && (size_t)records.len % record != 0) {
        PyErr_SetString(PyExc_ValueError, "frontier_step: records of the wrong size");
        goto done;
    }
    f->total = 0; f->no_memory = 0; f->overflow = 0;
    long long before = f->states_done;
    int reason = R_DONE;
    double deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    f->tstate = PyEval_SaveThread();
    if (k < 0) frontier_start(f);
    else if (frontier_load(f, k, records.buf, (size_t)records.len / record, head) == 0)
        reason = frontier_layer(f, k, deadline);
    PyEval_RestoreThread(f->tstate);
    if (f->overflow) { PyErr_SetString(PyExc_OverflowError, "the count passes 2**128"); goto done; }
    PyObject *outputs;
    if (reason != R_DONE || f->no_memory) {
        for (int j = 0; j < f->n_order; j++) layer_release(f, &f->layers[j]);
        outputs = PyList_New(0);
    } else {
        outputs = harvest(f, k + 1, 0, shards, head);
    }
    if (!outputs) goto done;
    PyObject *value = long_of_count(f->total);
    if (!value) { Py_DECREF(outputs); goto done; }
    result = Py_BuildValue("(iiNLN)", reason, f->no_memory, value, f->states_done - before,
                           outputs);
done:
    PyBuffer_Release(&records);
    return result;
}

/* frontier_run(handle, time_limit, spill_bytes, shards, head, on_layer=None)
 *   -> (reason, no_memory, count, states, layers, next, outputs)
 * The count of a fresh handle in memory from the start, stopped once its tables pass
 * spill_bytes (SPILL), at the time limit or on Ctrl-C (see frontier.c, Spilling).  On a
 * stop, `outputs` are the layers as they stand, from layer `next` (its states not yet
 * processed) on, as (layer, shard, records) the way frontier_step gives them, and
 * `layers` the layers finished before it; `count` the solutions reached.  Past the cap
 * in the middle of a state (no_memory), nothing to go on from: start again on disk. */
static PyObject *frontier_run(PyObject *self, PyObject *args) {
    PyObject *capsule, *on_layer = Py_None, *result = NULL;
    double time_limit, spill_bytes;
    Py_ssize_t shards;
    int head;
    if (!PyArg_ParseTuple(args, "Oddni|O", &capsule, &time_limit, &spill_bytes, &shards,
                          &head, &on_layer))
        return NULL;
    FrontierHandle *h = PyCapsule_GetPointer(capsule, "cpuzzler.frontier");
    if (!h) return NULL;
    Frontier *f = &h->f;
    if (shards < 1 || (head != 8 && head != 16)) {
        PyErr_SetString(PyExc_ValueError, "frontier_run: no shards, or a count of other "
                        "than 8 or 16 bytes");
        return NULL;
    }
    f->total = 0; f->no_memory = 0; f->overflow = 0; f->layers_done = 0;
    f->spill_bytes = spill_bytes;
    f->on_layer = on_layer == Py_None ? NULL : on_layer;
    int keep = f->keep_spares;
    f->keep_spares = 0;  /* spares would count against the line */
    long long before = f->states_done;
    double deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    f->tstate = PyEval_SaveThread();
    int reason = frontier_count(f, deadline);
    PyEval_RestoreThread(f->tstate);
    f->spill_bytes = -1; f->on_layer = NULL; f->keep_spares = keep;
    PyObject *outputs = NULL, *layers = NULL;
    if (PyErr_Occurred()) {  /* from on_layer */
        if (!PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) goto done;
        PyErr_Clear();
    }
    if (f->overflow) { PyErr_SetString(PyExc_OverflowError, "the count passes 2**128"); goto done; }
    int next = f->n_order;
    if (f->no_memory || reason == R_DONE) {
        if (f->no_memory) next = 0;
        for (int j = 0; j < f->n_order; j++) layer_release(f, &f->layers[j]);
        outputs = PyList_New(0);
    } else {
        next = f->stop_layer;
        outputs = harvest(f, next, f->stop_slot, shards, head);
    }
    if (!outputs || !(layers = layer_rows(f, next))) goto done;
    PyObject *value = long_of_count(f->total);
    if (!value) goto done;
    result = Py_BuildValue("(iiNLOiO)", reason, f->no_memory, value, f->states_done - before,
                           layers, next, outputs);
done:
    Py_XDECREF(outputs); Py_XDECREF(layers);
    return result;
}

/* ---- frontier_meet_*(): meeting in the middle with the layers on disk (meet.c) ------- */

static FrontierHandle *handle_of(PyObject *capsule, int meeting) {
    FrontierHandle *h = PyCapsule_GetPointer(capsule, "cpuzzler.frontier");
    if (h && meeting && !h->meet) {
        PyErr_SetString(PyExc_ValueError, "frontier_meet_plan first");
        return NULL;
    }
    return h;
}

/* Records (bytes of [count][key] of layer k, the count in `head` bytes) loaded into layer
 * k's table; -1 with an error set. */
static int load_records(Frontier *f, int k, Py_buffer *records, int head) {
    size_t record = (size_t)head + (size_t)f->layers[k].key_bytes;
    if ((head != 8 && head != 16) || (size_t)records->len % record != 0) {
        PyErr_SetString(PyExc_ValueError, "records of the wrong size");
        return -1;
    }
    f->no_memory = 0;
    if (frontier_load(f, k, records->buf, (size_t)records->len / record, head) < 0 || f->no_memory) {
        layer_release(f, &f->layers[k]);
        PyErr_SetString(PyExc_MemoryError, "a shard past the frontier engine's memory cap");
        return -1;
    }
    return 0;
}

/* frontier_meet_plan(handle, cells) -> (middle, keep_from, keep_to), or None where the
 * problem is not of the kind (meet.c). */
static PyObject *frontier_meet_plan(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int cells;
    if (!PyArg_ParseTuple(args, "Oi", &capsule, &cells)) return NULL;
    FrontierHandle *h = handle_of(capsule, 0);
    if (!h) return NULL;
    if (!h->meet) {
        h->f.no_memory = 0;
        h->meet = meet_open(&h->f, cells);
        if (h->f.no_memory) return PyErr_NoMemory();
        if (!h->meet) Py_RETURN_NONE;
    }
    int middle, from, to;
    meet_plan(h->meet, &middle, &from, &to);
    return Py_BuildValue("(iii)", middle, from, to);
}

/* frontier_meet_useful(handle, q, records, head) -> the records (of layer q) a lookup may
 * ask for: covering no place past the lookups' (meet.c, On disk). */
static PyObject *frontier_meet_useful(PyObject *self, PyObject *args) {
    PyObject *capsule, *result = NULL;
    int q, head;
    Py_buffer records;
    if (!PyArg_ParseTuple(args, "Oiy*i", &capsule, &q, &records, &head)) return NULL;
    FrontierHandle *h = handle_of(capsule, 1);
    size_t record = h ? (size_t)head + (size_t)h->f.layers[q].key_bytes : 1;
    if (h && (size_t)records.len % record != 0) {
        PyErr_SetString(PyExc_ValueError, "records of the wrong size");
    } else if (h && (result = PyBytes_FromStringAndSize(NULL, records.len))) {
        unsigned char *out = (unsigned char *)PyBytes_AS_STRING(result);
        const unsigned char *in = records.buf;
        size_t kept = 0;
        for (size_t at = 0; at < (size_t)records.len; at += record)
            if (meet_useful(h->meet, q, in + at + head)) {
                memcpy(out + kept, in + at, record);
                kept += record;
            }
        if (_PyBytes_Resize(&result, (Py_ssize_t)kept) < 0) result = NULL;
    }
    PyBuffer_Release(&records);
    return result;
}

/* frontier_meet_shapes(handle, q, records, head): the cells of a shard of kept layer q. */
static PyObject *frontier_meet_shapes(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int q, head;
    Py_buffer records;
    if (!PyArg_ParseTuple(args, "Oiy*i", &capsule, &q, &records, &head)) return NULL;
    FrontierHandle *h = handle_of(capsule, 1);
    PyObject *result = NULL;
    if (h && load_records(&h->f, q, &records, head) == 0) {
        int rc = meet_add_shapes(h->meet, q);
        layer_release(&h->f, &h->f.layers[q]);
        if (rc < 0) PyErr_NoMemory();
        else result = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&records);
    return result;
}

/* The lookups of a shard of the middle, by (kept layer, shard of the key there). */
typedef struct {
    Frontier *f;
    int from, head;         /* the records' count: 8 bytes (compact) or 16 */
    Py_ssize_t shards;
    unsigned char **parts;
    size_t *used, *room;
    int failed;
} Queries;

static void queue_lookup(void *context, int q, const Bits *t, count128 c) {
    Queries *a = context;
    Frontier *f = a->f;
    unsigned char *key = f->key;
    if (a->failed || !frontier_key_bits(f, q, t, key)) return;
    const Layer *l = &f->layers[q];
    size_t key_bytes = (size_t)l->key_bytes;
    size_t part = (size_t)(q - a->from) * (size_t)a->shards +
                  frontier_shard_of(l, key, (size_t)a->shards);
    unsigned char heads[2][16];
    int n = frontier_heads(c, a->head, heads);  /* 0: past 2**126 in compact records */
    if (n == 0) { a->failed = 2; return; }
    size_t record = (size_t)a->head + key_bytes;
    if (a->used[part] + 2 * record > a->room[part]) {
        size_t room = a->room[part] ? 2 * a->room[part] : 4096;
        unsigned char *grown = realloc(a->parts[part], room);
        if (!grown) { a->failed = 1; return; }
        a->parts[part] = grown; a->room[part] = room;
    }
    for (int r = 0; r < n; r++) {
        memcpy(a->parts[part] + a->used[part], heads[r], (size_t)a->head);
        memcpy(a->parts[part] + a->used[part] + a->head, key, key_bytes);
        a->used[part] += record;
    }
    f->lookups++;
}

/* frontier_meet_queries(handle, j, records, shards, head) -> [(q, shard, queries)]
 * The states of a shard of layer j (at the middle or past it), each joined: its lookups
 * as records [count][key of layer q] (the count in `head` bytes, as the layers'), split
 * by the shard of the key in layer q. */
static PyObject *frontier_meet_queries(PyObject *self, PyObject *args) {
    PyObject *capsule, *out = NULL;
    int j, head;
    Py_ssize_t shards;
    Py_buffer records;
    if (!PyArg_ParseTuple(args, "Oiy*ni", &capsule, &j, &records, &shards, &head)) return NULL;
    FrontierHandle *h = handle_of(capsule, 1);
    if (!h || shards < 1 || load_records(&h->f, j, &records, head) < 0) {
        if (h && shards < 1) PyErr_SetString(PyExc_ValueError, "no shards");
        PyBuffer_Release(&records);
        return NULL;
    }
    Frontier *f = &h->f;
    int middle, from, to;
    meet_plan(h->meet, &middle, &from, &to);
    size_t parts = (size_t)(to - from + 1) * (size_t)shards;
    Queries a = {f, from, head, shards, calloc(parts, sizeof(unsigned char *)),
                 calloc(parts, sizeof(size_t)), calloc(parts, sizeof(size_t)), 0};
    a.failed = !a.parts || !a.used || !a.room;
    Layer *l = &f->layers[j];
    for (size_t s = 0; l->slots && s < l->capacity && !a.failed; s++) {
        const unsigned char *slot = l->slots + s * l->slot_bytes;
        count128 c = slot_count(l, slot);
        if (!c) continue;
        Bits state;
        frontier_state_bits(f, j, slot + l->head, &state);
        if (meet_join(h->meet, &state, c, queue_lookup, &a) < 0) a.failed = 1;
    }
    layer_release(f, l);
    if (!a.failed && (out = PyList_New(0)))
        for (size_t k = 0; k < parts && out; k++) {
            if (!a.used[k]) continue;
            PyObject *row = Py_BuildValue("(iny#)", from + (int)(k / (size_t)shards),
                                          (Py_ssize_t)(k % (size_t)shards), a.parts[k],
                                          (Py_ssize_t)a.used[k]);
            if (!row || PyList_Append(out, row) < 0) Py_CLEAR(out);
            Py_XDECREF(row);
        }
    if (a.failed == 2) PyErr_SetString(PyExc_OverflowError, "a state's count passes 2**126, "
                                       "the most the compact records on disk hold");
    else if (a.failed) PyErr_NoMemory();
    for (size_t k = 0; a.parts && k < parts; k++) free(a.parts[k]);
    free(a.parts); free(a.used); free(a.room);
    PyBuffer_Release(&records);
    return out;
}

/* frontier_meet_dot(handle, q, records, head, queries) -> the sum over the queries of
 * their count times layer q's count of their key (records: a shard of kept layer q; the
 * queries' counts in `head` bytes too). */
static PyObject *frontier_meet_dot(PyObject *self, PyObject *args) {
    PyObject *capsule, *result = NULL;
    int q, head;
    Py_buffer records, queries;
    if (!PyArg_ParseTuple(args, "Oiy*iy*", &capsule, &q, &records, &head, &queries)) return NULL;
    FrontierHandle *h = handle_of(capsule, 1);
    if (h && load_records(&h->f, q, &records, head) == 0) {
        Frontier *f = &h->f;
        size_t query = (size_t)head + (size_t)f->layers[q].key_bytes;
        count128 sum = 0;
        int overflow = (size_t)queries.len % query != 0;
        for (size_t at = 0; !overflow && at < (size_t)queries.len; at += query) {
            const unsigned char *row = (const unsigned char *)queries.buf + at;
            count128 c = frontier_head_count(row, head), product;
            if (__builtin_mul_overflow(c, frontier_lookup_key(f, q, row + head), &product) ||
                sum + product < sum)
                overflow = 1;
            sum += product;
        }
        layer_release(f, &f->layers[q]);
        if (overflow) PyErr_SetString(PyExc_OverflowError, "the count passes 2**128, or "
                                      "queries of the wrong size");
        else result = long_of_count(sum);
    }
    PyBuffer_Release(&records);
    PyBuffer_Release(&queries);
    return result;
}

/* frontier_bit_mode(allow) -> the old setting: whether frontier_open and frontier_count
 * may use bit mode (frontier.c); the tests compare the two ways. */
static PyObject *frontier_bit_mode(PyObject *self, PyObject *args) {
    int allow;
    if (!PyArg_ParseTuple(args, "p", &allow)) return NULL;
    return PyBool_FromLong(frontier_allow_bit_mode(allow));
}

/* ---- diagram_build(): the decision diagram of all solutions (diagram.c) --------------- */

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
    free(in.lo); free(in.hi); free(in.secondary); free(in.order);
    free(in.opt_start); free(in.opt_items); free(in.colour);
    free(out.opt); free(out.lo); free(out.hi);
    return result;
}

static PyMethodDef module_functions[] = {
    {"diagram_build", diagram_build_py, METH_VARARGS,
     "diagram_build(lo, hi, secondary, options, order, memory_bytes, time_limit) -> "
     "(reason, no_memory, states, root, options, lows, highs, peak_bytes)"},
    {"memo_count", memo_count, METH_VARARGS,
     "memo_count(lo, hi, secondary, options, order, memory_bytes, time_limit, samples=0, "
     "seed=0, choice=0) -> (count, reason, (nodes, hits, misses, stored, peak_bytes, "
     "dropped, evictions), draws)"},
    {"memo_estimate", memo_estimate, METH_VARARGS,
     "memo_estimate(lo, hi, secondary, options, order, time_limit, probes, seed, choice, "
     "breadth, colours=None) -> (reason, probes, successes, (sum, sum of squares of the "
     "solution estimates, the same for nodes))"},
    {"frontier_count", frontier_count_py, METH_VARARGS,
     "frontier_count(lo, hi, secondary, options, order, memory_bytes, time_limit, "
     "colours=None, on_layer=None, meet_cells=0) -> "
     "(count, reason, no_memory, (states, peak_bytes, lookups), layers, met)"},
    {"frontier_run", frontier_run, METH_VARARGS,
     "frontier_run(handle, time_limit, spill_bytes, shards, head, on_layer=None) -> "
     "(reason, no_memory, count, states, layers, next, [(layer, shard, records)])"},
    {"frontier_meet_plan", frontier_meet_plan, METH_VARARGS,
     "frontier_meet_plan(handle, cells) -> (middle, keep_from, keep_to) or None"},
    {"frontier_meet_useful", frontier_meet_useful, METH_VARARGS,
     "frontier_meet_useful(handle, q, records, head) -> the records a lookup may ask for"},
    {"frontier_meet_shapes", frontier_meet_shapes, METH_VARARGS,
     "frontier_meet_shapes(handle, q, records, head) -> None"},
    {"frontier_meet_queries", frontier_meet_queries, METH_VARARGS,
     "frontier_meet_queries(handle, j, records, shards, head) -> [(q, shard, queries)]"},
    {"frontier_meet_dot", frontier_meet_dot, METH_VARARGS,
     "frontier_meet_dot(handle, q, records, head, queries) -> count"},
    {"frontier_bit_mode", frontier_bit_mode, METH_VARARGS,
     "frontier_bit_mode(allow) -> the old setting of whether bit mode may be used"},
    {"frontier_open", frontier_open, METH_VARARGS,
     "frontier_open(lo, hi, secondary, options, order, memory_bytes, colours=None) -> "
     "(handle, key bytes per layer)"},
    {"frontier_step", frontier_step, METH_VARARGS,
     "frontier_step(handle, k, records, shards, time_limit, head=16) -> (reason, "
     "no_memory, count, states, [(layer, shard, records)])"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef dlx_module = {
    PyModuleDef_HEAD_INIT, "_dlx", "cpuzzler's native exact-cover search.", -1,
    module_functions, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dlx(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&dlx_module);
    if (!m) return NULL;
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
