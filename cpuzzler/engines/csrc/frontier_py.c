/*
 * frontier_py.c -- the bindings of the frontier counter (frontier.c): frontier_count()
 * for a count in memory; frontier_open(), frontier_step() and frontier_run() for a count
 * whose layers Python keeps on disk, one layer (or one shard of one) at a time, or begun
 * in memory and handed over past a line; frontier_bit_mode() for the tests.
 */
#include "bindings.h"

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

/* frontier_run(handle, time_limit, spill_bytes, shards, head, on_layer=None, spill_at=-1)
 *   -> (reason, no_memory, count, states, layers, next, outputs)
 * The count of a fresh handle in memory from the start, stopped once its tables pass
 * spill_bytes or at the start of layer spill_at (SPILL), at the time limit or on Ctrl-C
 * (see frontier.c, Spilling).  On a stop, `outputs` are the layers as they stand, from
 * layer `next` (its states not yet processed) on, as (layer, shard, records) the way
 * frontier_step gives them, and `layers` the layers finished before it; `count` the
 * solutions reached.  Past the cap in the middle of a state (no_memory), nothing to go
 * on from: start again on disk. */
static PyObject *frontier_run(PyObject *self, PyObject *args) {
    PyObject *capsule, *on_layer = Py_None, *result = NULL;
    double time_limit, spill_bytes;
    Py_ssize_t shards;
    int head, spill_at = -1;
    if (!PyArg_ParseTuple(args, "Oddni|Oi", &capsule, &time_limit, &spill_bytes, &shards,
                          &head, &on_layer, &spill_at))
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
    f->spill_bytes = spill_bytes; f->spill_at = spill_at;
    f->on_layer = on_layer == Py_None ? NULL : on_layer;
    int keep = f->keep_spares;
    f->keep_spares = 0;  /* spares would count against the line */
    long long before = f->states_done;
    double deadline = time_limit < 0 ? -1.0 : now_seconds() + time_limit;
    f->tstate = PyEval_SaveThread();
    int reason = frontier_count(f, deadline);
    PyEval_RestoreThread(f->tstate);
    f->spill_bytes = -1; f->spill_at = -1; f->on_layer = NULL; f->keep_spares = keep;
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

/* frontier_bit_mode(allow) -> the old setting: whether frontier_open and frontier_count
 * may use bit mode (frontier.c); the tests compare the two ways. */
static PyObject *frontier_bit_mode(PyObject *self, PyObject *args) {
    int allow;
    if (!PyArg_ParseTuple(args, "p", &allow)) return NULL;
    return PyBool_FromLong(frontier_allow_bit_mode(allow));
}

PyMethodDef frontier_methods[] = {
    {"frontier_count", frontier_count_py, METH_VARARGS,
     "frontier_count(lo, hi, secondary, options, order, memory_bytes, time_limit, "
     "colours=None, on_layer=None, meet_cells=0) -> "
     "(count, reason, no_memory, (states, peak_bytes, lookups), layers, met)"},
    {"frontier_run", frontier_run, METH_VARARGS,
     "frontier_run(handle, time_limit, spill_bytes, shards, head, on_layer=None, "
     "spill_at=-1) -> "
     "(reason, no_memory, count, states, layers, next, [(layer, shard, records)])"},
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
