/*
 * bindings.h -- what the Python bindings share (module.c and the *_py.c files, one per
 * algorithm): the problem as the counters take it, read and checked once; counts as
 * Python ints; the frontier engine's handle; each file's table of functions.
 */
#ifndef CPUZZLER_BINDINGS_H
#define CPUZZLER_BINDINGS_H

#include "xc.h"

/* The problem as memo_count and frontier_count take it, read and checked: lo/hi/secondary
 * per item, options as lists of item indices, order the primary items in sweep order,
 * colours None or the colour of every entry of the options, one flat list. */
typedef struct {
    int n_items, n_options, n_order;
    int *lo, *hi, *secondary, *order, *opt_start, *opt_items, *colour;
    size_t total_len;
} Problem;

/* Fill p (its arrays the caller's to free, also on failure); -1 with a Python error. */
int read_problem(PyObject *lo_seq, PyObject *hi_seq, PyObject *sec_seq, PyObject *options,
                 PyObject *order_seq, PyObject *colour_seq, Problem *p);
/* Free what read_problem filled in (for a binding that keeps none of it). */
void problem_free(Problem *p);
/* n ints of a sequence into out, each checked to fit an int; -1 with a Python error. */
int read_ints(PyObject *seq, Py_ssize_t n, int *out, const char *what);
/* A list of ints into a new array (*out, the caller's to free) of *n; -1 on error. */
int read_int_list(PyObject *seq, int **out, Py_ssize_t *n, const char *what);
/* A count as a Python int (NULL with an error set). */
PyObject *long_of_count(count128 total);

/* A count whose layers Python keeps: the frontier, its secondary flags, its meeting. */
typedef struct { Frontier f; int *secondary; Meet *meet; } FrontierHandle;

/* The module's functions, by the file that binds them; the Solver type (dlx_py.c). */
extern PyMethodDef memo_methods[], frontier_methods[], meet_methods[], diagram_methods[],
    cheapest_methods[];
extern PyTypeObject SolverType;

#endif
