/*
 * dlx_py.c -- the Solver type, the enumerating search of dlx.c (dancing links) or bits.c
 * (bitsets) as Python sees it: Solver(lo, hi, secondary, options, kernel, colors) reads
 * and checks the problem, run() hands back solutions in batches, stats() and progress()
 * say how far it went.
 */
#include "bindings.h"

static const char *KERNEL_NAMES[] = {"links", "bits"};

static void Solver_dealloc(Solver *s) {
    free(s->top); free(s->ulink); free(s->dlink); free(s->option_of);
    free(s->len); free(s->llink); free(s->rlink); free(s->bound); free(s->need);
    free(s->secondary); free(s->item_at); free(s->choice_at); free(s->hidden_base);
    free(s->single_at); free(s->hidden); free(s->found); free(s->scratch);
    free(s->opt_start); free(s->opt_item); free(s->item_opts); free(s->live);
    free(s->count); free(s->branches_at); free(s->index_at); free(s->start_at); free(s->color);
    free(s->rank);
    Py_TYPE(s)->tp_free((PyObject *)s);
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
    ALLOC(s->start_at, s->max_level);
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

/* Whether the way of searching may still be set (what: the method, for the error): an
 * initialised links-kernel solver whose search has not started.  0, or -1 with the error
 * set. */
static int settable(Solver *s, const char *what) {
    if (!s->top) { PyErr_SetString(PyExc_RuntimeError, "Solver is not initialised"); return -1; }
    if (s->state != ST_FRESH) {
        PyErr_Format(PyExc_RuntimeError, "%s: the search has started", what);
        return -1;
    }
    return 0;
}

/* randomize(seed, restart_unit=0): break the MRV choice's ties at random from seed and,
 * with a unit, restart on Luby's schedule until a first solution is found (dlx.c,
 * "Randomness and restarts"; bits.c, "Randomness and rank").  Before the search starts. */
static PyObject *Solver_randomize(Solver *s, PyObject *args) {
    unsigned long long seed;
    long long unit = 0;
    if (!PyArg_ParseTuple(args, "K|L", &seed, &unit)) return NULL;
    if (settable(s, "randomize") < 0) return NULL;
    uint64_t z = (uint64_t)seed + 0x9E3779B97F4A7C15ULL;  /* splitmix64: seeds spread apart */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    s->rng = z ? z : 1;
    s->restart_unit = unit > 0 ? unit : 0;
    s->restart_at = s->restart_unit;  /* unit * luby(1) */
    s->restarts = 0;
    Py_RETURN_NONE;
}

/* rank(ranks): a whole number >= 0 per item; the choice of item takes the least rank
 * first among the items with more than one branch (dlx.c, "Rank"; bits.c).  Before the
 * search starts. */
static PyObject *Solver_rank(Solver *s, PyObject *args) {
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "O", &seq)) return NULL;
    if (settable(s, "rank") < 0) return NULL;
    Py_ssize_t n = PySequence_Length(seq);
    if (n < 0) return NULL;
    if (n != s->n_items) {
        PyErr_Format(PyExc_ValueError, "rank: %d items, %zd ranks", s->n_items, n);
        return NULL;
    }
    int *rank = calloc((size_t)s->n_items + 1, sizeof(int));
    if (!rank) return PyErr_NoMemory();
    if (read_ints(seq, n, rank + 1, "ranks") < 0) { free(rank); return NULL; }
    for (int k = 1; k <= s->n_items; k++)
        if (rank[k] < 0) {
            free(rank);
            PyErr_SetString(PyExc_ValueError, "rank: a rank is a whole number >= 0");
            return NULL;
        }
    free(s->rank);
    s->rank = rank;
    Py_RETURN_NONE;
}

static PyObject *Solver_restarts(Solver *s, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromLongLong(s->restarts);
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
    {"randomize", (PyCFunction)Solver_randomize, METH_VARARGS,
     "randomize(seed, restart_unit=0): random MRV ties; Luby restarts until a first solution"},
    {"restarts", (PyCFunction)Solver_restarts, METH_NOARGS, "restarts() -> restarts so far"},
    {"rank", (PyCFunction)Solver_rank, METH_VARARGS,
     "rank(ranks): the items of least rank chosen first, after the forced ones"},
    {"progress", (PyCFunction)Solver_progress, METH_NOARGS,
     "progress() -> the estimated share of the search tree done (0 to 1)"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject SolverType = {
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
