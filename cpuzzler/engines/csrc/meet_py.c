/*
 * meet_py.c -- the bindings of meeting in the middle (meet.c) with the layers on disk:
 * frontier_meet_plan(), then the useful records of the kept layers, their cells, the
 * lookups of the middle's shards by the shard they read, and the dot products.
 */
#include "bindings.h"

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

/* frontier_meet_shapes_out(handle) -> bytes: the cells gathered so far (records of
 * meet.c's MEET_SHAPE_BYTES), for the other machines of a cluster. */
static PyObject *frontier_meet_shapes_out(PyObject *self, PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    FrontierHandle *h = handle_of(capsule, 1);
    if (!h) return NULL;
    size_t n = meet_shapes_out(h->meet, NULL);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * MEET_SHAPE_BYTES));
    if (out) meet_shapes_out(h->meet, (unsigned char *)PyBytes_AS_STRING(out));
    return out;
}

/* frontier_meet_shapes_in(handle, cells): the cells another machine gathered
 * (frontier_meet_shapes_out's bytes) added to this one's. */
static PyObject *frontier_meet_shapes_in(PyObject *self, PyObject *args) {
    PyObject *capsule, *result = NULL;
    Py_buffer cells;
    if (!PyArg_ParseTuple(args, "Oy*", &capsule, &cells)) return NULL;
    FrontierHandle *h = handle_of(capsule, 1);
    if (h) {
        int rc = (size_t)cells.len % MEET_SHAPE_BYTES ? -2 :
            meet_shapes_in(h->meet, cells.buf, (size_t)cells.len / MEET_SHAPE_BYTES);
        if (rc == -1) PyErr_NoMemory();
        else if (rc == -2) PyErr_SetString(PyExc_ValueError, "not the cells of this "
                                           "meeting's kept layers");
        else result = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&cells);
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

PyMethodDef meet_methods[] = {
    {"frontier_meet_plan", frontier_meet_plan, METH_VARARGS,
     "frontier_meet_plan(handle, cells) -> (middle, keep_from, keep_to) or None"},
    {"frontier_meet_useful", frontier_meet_useful, METH_VARARGS,
     "frontier_meet_useful(handle, q, records, head) -> the records a lookup may ask for"},
    {"frontier_meet_shapes", frontier_meet_shapes, METH_VARARGS,
     "frontier_meet_shapes(handle, q, records, head) -> None"},
    {"frontier_meet_shapes_out", frontier_meet_shapes_out, METH_VARARGS,
     "frontier_meet_shapes_out(handle) -> the cells gathered, as bytes"},
    {"frontier_meet_shapes_in", frontier_meet_shapes_in, METH_VARARGS,
     "frontier_meet_shapes_in(handle, cells) -> None"},
    {"frontier_meet_queries", frontier_meet_queries, METH_VARARGS,
     "frontier_meet_queries(handle, j, records, shards, head) -> [(q, shard, queries)]"},
    {"frontier_meet_dot", frontier_meet_dot, METH_VARARGS,
     "frontier_meet_dot(handle, q, records, head, queries) -> count"},
    {NULL, NULL, 0, NULL},
};
