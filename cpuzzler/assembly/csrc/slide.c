/*
 * slide.c -- the search for the first separation of an assembly by sliding moves,
 * BurrTools' way (after Bill Cutler's movement analysis), for cpuzzler.assembly.
 *
 * 1. The problem. A handful of pieces (each a set of cells of a lattice) stand in an
 * assembly. A move slides a group of them by some distance along one of the lattice's
 * axes while the rest stand still; a state is where each piece stands, up to moving
 * them all together. We want the fewest moves after which some group can slide away to
 * infinity: a breadth-first search over states, in exactly the order of the Python
 * reference (cpuzzler/assembly/disassembly.py), so that both find the same plan.
 *
 * 2. Lines. Along an axis the cells lie on lines: each cell has a key (two or three
 * numbers) and a position on its line, and one move passes `step` positions (one on
 * cubes; two on prisms, where a triangle crosses the triangle between). A translation t
 * of a piece moves its keys by K t and its positions by P t (K and P are the axis's
 * linear maps). Each piece's cells come in, per axis, sorted by key then position.
 *
 * 3. Gaps. How many moves piece i may slide (+) along an axis before touching piece j,
 * j shifted by t relative to i: on every line the two share, the free positions between
 * a cell of i and the next cell of j ahead, divided by the step; FREE where no cell of j
 * lies ahead anywhere. Gaps are asked again and again for the same (i, j, t): a hash
 * table keeps them.
 *
 * 4. Limits. In a state, limit[a][b] is the gap from a to b, then closed over chains
 * (a shortest path: a pushes k which pushes b). Sliding piece s by d along the axis
 * moves the closure of s under "a moves and d > limit[a][b]" (the other way: limit[b][a]);
 * more than `most` pieces and the move is none.
 *
 * 5. The moves of a state, in BurrTools' order: one piece out to infinity, for each
 * axis, direction and piece; then groups of up to half the pieces out; then for each
 * axis and direction, each piece and each distance 1, 2, ... while its group is small
 * enough, the group's move, and its union with each earlier group of the same distance
 * (two groups sliding at once) unless that union is one of them or everything. The
 * heavier side stands: where the pieces that stay weigh less than those that move, the
 * others move the other way instead.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FAR 30000
#define FREE (1LL << 30)
#define MOST_PIECES 64
#define MOST_DIMS 3
#define MOST_AXES 8

typedef struct {
    int keylen, step;
    int K[3][MOST_DIMS], P[MOST_DIMS], vector[MOST_DIMS];
} Axis;

typedef struct {   /* one piece along one axis: n cells, (keylen + 1) ints each, sorted */
    int n;
    int *cells;
} Lines;

typedef struct {   /* the gaps already asked: (i, j, t) -> a gap per axis */
    int64_t *keys;     /* i, j, t[0..dims-1] packed; empty where keys[0] == -1 */
    int64_t *gaps;
    size_t size, used;
} Cache;

typedef struct {
    int n, dims, naxes;
    Axis axes[MOST_AXES];
    Lines *lines;      /* [piece * naxes + axis] */
    int weights[MOST_PIECES];
    Cache cache;
} Search;

/* 6. The gap of a pair along one axis, from their lines. */
static int64_t gap(const Search *s, int i, int j, const int *t, int x) {
    const Axis *ax = &s->axes[x];
    const Lines *mine = &s->lines[i * s->naxes + x], *theirs = &s->lines[j * s->naxes + x];
    int width = ax->keylen + 1, moved[3], along = 0;
    for (int r = 0; r < ax->keylen; r++) {
        moved[r] = 0;
        for (int d = 0; d < s->dims; d++) moved[r] += ax->K[r][d] * t[d];
    }
    for (int d = 0; d < s->dims; d++) along += ax->P[d] * t[d];
    int64_t best = FREE;
    int a = 0, b = 0;  /* a merge of the two lists, line by line: keys stay in order */
    while (a < mine->n && b < theirs->n && best > 0) {
        const int *ca = mine->cells + a * width, *cb = theirs->cells + b * width;
        int cmp = 0;
        for (int r = 0; r < ax->keylen && !cmp; r++) {
            int want = ca[r] - moved[r];
            cmp = want < cb[r] ? -1 : want > cb[r];
        }
        int a_end = a + 1, b_end = b + 1;
        while (a_end < mine->n && !memcmp(mine->cells + a_end * width, ca,
                                          ax->keylen * sizeof *ca)) a_end++;
        while (b_end < theirs->n && !memcmp(theirs->cells + b_end * width, cb,
                                            ax->keylen * sizeof *cb)) b_end++;
        if (cmp == 0) {  /* one line: for each of mine, the next of theirs ahead */
            int k = b;
            for (int c = a; c < a_end; c++) {
                int at = mine->cells[c * width + ax->keylen] - along;
                while (k < b_end && theirs->cells[k * width + ax->keylen] <= at) k++;
                if (k == b_end) break;
                int64_t g = theirs->cells[k * width + ax->keylen] - at - 1;
                if (g < best) best = g;
            }
        }
        if (cmp <= 0) a = a_end;
        if (cmp >= 0) b = b_end;
    }
    return best == FREE ? FREE : best / ax->step;
}

static uint64_t hash_key(const int64_t *key, int len) {
    uint64_t h = 1469598103934665603ULL;
    for (int k = 0; k < len; k++) h = (h ^ (uint64_t)key[k]) * 1099511628211ULL;
    return h ^ (h >> 29);
}

/* 7. The gaps of a pair in every axis, from the cache or computed once. */
static const int64_t *gaps(Search *s, int i, int j, const int *t) {
    Cache *c = &s->cache;
    int len = 2 + s->dims;
    int64_t key[2 + MOST_DIMS];
    key[0] = i; key[1] = j;
    for (int d = 0; d < s->dims; d++) key[2 + d] = t[d];
    if (2 * (c->used + 1) > c->size) {  /* grow: twice the slots, every key again */
        size_t size = c->size ? 2 * c->size : 1024;
        int64_t *keys = malloc(size * len * sizeof *keys);
        int64_t *values = malloc(size * s->naxes * sizeof *values);
        if (!keys || !values) { free(keys); free(values); return NULL; }
        for (size_t k = 0; k < size; k++) keys[k * len] = -1;
        for (size_t k = 0; k < c->size; k++) {
            if (c->keys[k * len] < 0) continue;
            size_t h = hash_key(c->keys + k * len, len) & (size - 1);
            while (keys[h * len] >= 0) h = (h + 1) & (size - 1);
            memcpy(keys + h * len, c->keys + k * len, len * sizeof *keys);
            memcpy(values + h * s->naxes, c->gaps + k * s->naxes, s->naxes * sizeof *values);
        }
        free(c->keys); free(c->gaps);
        c->keys = keys; c->gaps = values; c->size = size;
    }
    size_t h = hash_key(key, len) & (c->size - 1);
    while (c->keys[h * len] >= 0) {
        if (!memcmp(c->keys + h * len, key, len * sizeof *key)) return c->gaps + h * s->naxes;
        h = (h + 1) & (c->size - 1);
    }
    memcpy(c->keys + h * len, key, len * sizeof *key);
    for (int a = 0; a < s->naxes; a++) c->gaps[h * s->naxes + a] = gap(s, i, j, t, a);
    c->used++;
    return c->gaps + h * s->naxes;
}

/* 8. The limits of a state: gaps, then their closure over chains, per axis. */
static int limits(Search *s, const int *places, int64_t *limit) {
    int n = s->n, dims = s->dims;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            if (a == b) {
                for (int x = 0; x < s->naxes; x++) limit[(x * n + a) * n + b] = 0;
                continue;
            }
            int t[MOST_DIMS];
            for (int d = 0; d < dims; d++) t[d] = places[b * dims + d] - places[a * dims + d];
            const int64_t *g = gaps(s, a, b, t);
            if (!g) return -1;
            for (int x = 0; x < s->naxes; x++) limit[(x * n + a) * n + b] = g[x];
        }
    for (int x = 0; x < s->naxes; x++) {
        int64_t *table = limit + x * n * n;
        for (int k = 0; k < n; k++)
            for (int a = 0; a < n; a++) {
                int64_t through = table[a * n + k];
                if (through >= FREE) continue;
                for (int b = 0; b < n; b++)
                    if (through + table[k * n + b] < table[a * n + b])
                        table[a * n + b] = through + table[k * n + b];
            }
    }
    return 0;
}

static uint64_t everyone(int n) { return n == 64 ? ~0ULL : (1ULL << n) - 1; }

/* 9. The group that moves when `start` slides `distance` (0 where past `most`). */
static uint64_t pushed(const int64_t *table, int n, int start, int64_t distance, int sign,
                       int most) {
    uint64_t moving = 1ULL << start;
    int count = 1, todo[MOST_PIECES], top = 0;
    todo[top++] = start;
    while (top) {
        int a = todo[--top];
        for (int b = 0; b < n; b++) {
            if (moving >> b & 1) continue;
            int64_t room = sign > 0 ? table[a * n + b] : table[b * n + a];
            if (distance > room) {
                if (++count > most) return 0;
                moving |= 1ULL << b;
                todo[top++] = b;
            }
        }
    }
    return moving;
}

/* 10. The states met: each node its places, the node it came from and the move. */
typedef struct {
    int *places;       /* [node * n * dims] */
    int *came, *axis, *sign, *distance;
    uint64_t *group;
    size_t count, size;
    int64_t *slots;    /* the visited set: node numbers, -1 where free */
    size_t nslots;
} Nodes;

static uint64_t state_hash(const Search *s, const int *places) {
    uint64_t h = 1469598103934665603ULL;
    for (int k = 0; k < s->n * s->dims; k++)
        h = (h ^ (uint64_t)(uint32_t)(places[k] - places[k % s->dims])) * 1099511628211ULL;
    return h ^ (h >> 31);
}

static int same_state(const Search *s, const int *p, const int *q) {
    for (int k = 0; k < s->n * s->dims; k++)
        if (p[k] - p[k % s->dims] != q[k] - q[k % s->dims]) return 0;
    return 1;
}

/* Add a state unless met: 1 added, 0 met before, -1 out of memory. */
static int add_node(const Search *s, Nodes *m, const int *places, int came, uint64_t group,
                    int axis, int sign, int distance) {
    int width = s->n * s->dims;
    if (2 * (m->count + 1) > m->nslots) {
        size_t nslots = m->nslots ? 2 * m->nslots : 4096;
        int64_t *slots = malloc(nslots * sizeof *slots);
        if (!slots) return -1;
        for (size_t k = 0; k < nslots; k++) slots[k] = -1;
        for (size_t k = 0; k < m->count; k++) {
            size_t h = state_hash(s, m->places + k * width) & (nslots - 1);
            while (slots[h] >= 0) h = (h + 1) & (nslots - 1);
            slots[h] = (int64_t)k;
        }
        free(m->slots);
        m->slots = slots; m->nslots = nslots;
    }
    size_t h = state_hash(s, places) & (m->nslots - 1);
    while (m->slots[h] >= 0) {
        if (same_state(s, m->places + m->slots[h] * width, places)) return 0;
        h = (h + 1) & (m->nslots - 1);
    }
    if (m->count == m->size) {
        size_t size = m->size ? 2 * m->size : 1024;
        int *p = realloc(m->places, size * width * sizeof *p);
        if (p) m->places = p;
        int *c = realloc(m->came, size * sizeof *c);
        if (c) m->came = c;
        int *x = realloc(m->axis, size * sizeof *x);
        if (x) m->axis = x;
        int *g = realloc(m->sign, size * sizeof *g);
        if (g) m->sign = g;
        int *d = realloc(m->distance, size * sizeof *d);
        if (d) m->distance = d;
        uint64_t *u = realloc(m->group, size * sizeof *u);
        if (u) m->group = u;
        if (!p || !c || !x || !g || !d || !u) return -1;
        m->size = size;
    }
    size_t k = m->count++;
    memcpy(m->places + k * width, places, width * sizeof *places);
    m->came[k] = came; m->group[k] = group; m->axis[k] = axis;
    m->sign[k] = sign; m->distance[k] = distance;
    m->slots[h] = (int64_t)k;
    return 1;
}

static void free_nodes(Nodes *m) {
    free(m->places); free(m->came); free(m->axis); free(m->sign); free(m->distance);
    free(m->group); free(m->slots);
}

/* 11. One move from node `at`: the heavier side stands; out, or a new state. Returns 2
 * where the group leaves (the out move kept in *out_*), 1 or 0 as add_node, -1 no memory.
 */
typedef struct { uint64_t group; int axis, sign, distance; } Move;

static int take(Search *s, Nodes *m, size_t at, uint64_t group, int axis, int sign,
                int64_t distance, Move *out) {
    int n = s->n, dims = s->dims, heavy_moving = 0, heavy_still = 0;
    for (int k = 0; k < n; k++) {
        int w = s->weights[k];
        if (group >> k & 1) { if (w > heavy_moving) heavy_moving = w; }
        else if (w > heavy_still) heavy_still = w;
    }
    if (heavy_still < heavy_moving) {
        group = ~group & everyone(n);
        sign = -sign;
    }
    if (distance >= FAR) {
        out->group = group; out->axis = axis; out->sign = sign; out->distance = FAR;
        return 2;
    }
    int places[MOST_PIECES * MOST_DIMS];
    memcpy(places, m->places + at * n * dims, n * dims * sizeof *places);
    for (int k = 0; k < n; k++)
        if (group >> k & 1)
            for (int d = 0; d < dims; d++)
                places[k * dims + d] += sign * (int)distance * s->axes[axis].vector[d];
    return add_node(s, m, places, (int)at, group, axis, sign, (int)distance);
}

typedef struct { uint64_t group; int64_t distance; } Made;

static int met(const Made *list, int count, uint64_t group, int64_t distance) {
    for (int k = 0; k < count; k++)
        if (list[k].group == group && list[k].distance == distance) return 1;
    return 0;
}

/* Room in both lists for two more entries past `used` (each list holds at most
 * `used`): 0, or -1 out of memory. */
static int make_room(Made **seen, Made **found, size_t *size, int used) {
    if ((size_t)(used + 2) * 2 <= *size) return 0;
    size_t grown = *size * 2;
    Made *a = realloc(*seen, grown * sizeof *a);
    if (a) *seen = a;
    Made *b = realloc(*found, grown * sizeof *b);
    if (b) *found = b;
    if (!a || !b) return -1;
    *size = grown;
    return 0;
}

/* 12. The moves of one state, in order (section 5); stops at the first way out. */
static int expand(Search *s, Nodes *m, size_t at, int64_t *limit, Move *out, int64_t most_states,
                  Made **seen_buf, Made **found_buf, size_t *buf_size) {
    int n = s->n, rc;
    if (limits(s, m->places + at * n * s->dims, limit) < 0) return -1;
    int mosts[2] = {1, n / 2};
    for (int w = 0; w < 2; w++)
        for (int x = 0; x < s->naxes; x++)
            for (int sign = 1; sign >= -1; sign -= 2)
                for (int k = 0; k < n; k++) {
                    uint64_t g = pushed(limit + x * n * n, n, k, FAR, sign, mosts[w]);
                    if (g && (rc = take(s, m, at, g, x, sign, FAR, out)) == 2) return 2;
                }
    for (int x = 0; x < s->naxes; x++)
        for (int sign = 1; sign >= -1; sign -= 2) {
            int nseen = 0, nfound = 0;
            for (int k = 0; k < n; k++)
                for (int64_t d = 1;; d++) {
                    uint64_t g = pushed(limit + x * n * n, n, k, d, sign, n / 2);
                    if (!g) break;
                    if (met(*seen_buf, nseen, g, d)) continue;
                    if (make_room(seen_buf, found_buf, buf_size, nseen + nfound) < 0)
                        return -1;
                    Made *seen = *seen_buf, *found = *found_buf;
                    seen[nseen++] = (Made){g, d};
                    if ((rc = take(s, m, at, g, x, sign, d, out)) < 0) return -1;
                    if ((int64_t)m->count > most_states) return 3;
                    int before = nfound;
                    for (int f = 0; f < before; f++) {
                        if (found[f].distance != d) continue;
                        uint64_t both = found[f].group | g;
                        if (both == found[f].group || both == g || both == everyone(n))
                            continue;
                        if (met(seen, nseen, both, d)) continue;
                        if (make_room(seen_buf, found_buf, buf_size, nseen + nfound) < 0)
                            return -1;
                        seen = *seen_buf; found = *found_buf;
                        seen[nseen++] = (Made){both, d};
                        found[nfound++] = (Made){both, d};
                        if ((rc = take(s, m, at, both, x, sign, d, out)) < 0) return -1;
                        if ((int64_t)m->count > most_states) return 3;
                    }
                    found[nfound++] = (Made){g, d};
                }
        }
    return 0;
}

/* 13. Breadth first from the start to the first way out: the path, or None. */
static PyObject *path_of(const Search *s, const Nodes *m, size_t at, const Move *out) {
    size_t length = 1;
    for (size_t k = at; m->came[k] >= 0; k = (size_t)m->came[k]) length++;
    PyObject *steps = PyList_New((Py_ssize_t)length);
    if (!steps) return NULL;
    Py_ssize_t put = (Py_ssize_t)length - 1;
    uint64_t group = out->group;
    int axis = out->axis, sign = out->sign, distance = out->distance, leaves = 1;
    size_t k = at;
    for (;;) {
        PyObject *pieces = PyList_New(0);
        if (!pieces) { Py_DECREF(steps); return NULL; }
        for (int p = 0; p < s->n; p++) {
            if (!(group >> p & 1)) continue;
            PyObject *v = PyLong_FromLong(p);
            if (!v || PyList_Append(pieces, v) < 0) {
                Py_XDECREF(v); Py_DECREF(pieces); Py_DECREF(steps); return NULL;
            }
            Py_DECREF(v);
        }
        PyObject *step = Py_BuildValue("(Niiii)", pieces, axis, sign, distance, leaves);
        if (!step) { Py_DECREF(steps); return NULL; }
        PyList_SET_ITEM(steps, put--, step);
        if (m->came[k] < 0) break;
        group = m->group[k]; axis = m->axis[k]; sign = m->sign[k];
        distance = m->distance[k]; leaves = 0;
        k = (size_t)m->came[k];
    }
    PyObject *places = PyList_New(s->n);
    if (!places) { Py_DECREF(steps); return NULL; }
    for (int p = 0; p < s->n; p++) {
        PyObject *place = PyTuple_New(s->dims);
        if (!place) { Py_DECREF(places); Py_DECREF(steps); return NULL; }
        for (int d = 0; d < s->dims; d++)
            PyTuple_SET_ITEM(place, d, PyLong_FromLong(m->places[(at * s->n + p) * s->dims + d]));
        PyList_SET_ITEM(places, p, place);
    }
    return Py_BuildValue("(NN)", steps, places);
}

static int read_ints(PyObject *seq, int *out, int count, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s: %d numbers wanted", what, count);
        Py_DECREF(fast);
        return -1;
    }
    for (int k = 0; k < count; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[k] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* separate(axes, cells, weights, start, most_states) -> (steps, places) or None
 * axes: per axis (keylen, K as keylen*dims numbers, P, step, vector, L): L maps a cell
 * (its `width` numbers) to its line's key and position, keylen + 1 rows; cells: per
 * piece, its cells flat; start: each piece's place. A step is ([pieces], axis, sign,
 * distance, leaves); places where the pieces stand before the way out. */
static int sort_width;  /* the entries qsort compares (the GIL is held throughout) */

static int by_line(const void *p, const void *q) {
    const int *a = p, *b = q;
    for (int k = 0; k < sort_width; k++)
        if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
}

/* The lines of a piece's cells along an axis: (key, position) each, sorted. */
static int make_lines(const Axis *ax, const int *L, const int *cells, int n, int width,
                      Lines *out) {
    int row = ax->keylen + 1;
    out->n = n;
    out->cells = malloc((size_t)(n ? n : 1) * row * sizeof(int));
    if (!out->cells) return -1;
    for (int c = 0; c < n; c++)
        for (int r = 0; r < row; r++) {
            int v = 0;
            for (int d = 0; d < width; d++) v += L[r * width + d] * cells[c * width + d];
            out->cells[c * row + r] = v;
        }
    sort_width = row;
    qsort(out->cells, (size_t)n, row * sizeof(int), by_line);
    return 0;
}

static PyObject *separate(PyObject *self, PyObject *args) {
    PyObject *axes_seq, *cells_seq, *weights_seq, *start_seq;
    long long most_states;
    int width;
    if (!PyArg_ParseTuple(args, "OOOOLi", &axes_seq, &cells_seq, &weights_seq, &start_seq,
                          &most_states, &width))
        return NULL;
    if (width < 1 || width > 8) {
        PyErr_SetString(PyExc_ValueError, "a cell has 1 to 8 numbers");
        return NULL;
    }
    int L[MOST_AXES][4 * 8];
    Search s;
    memset(&s, 0, sizeof s);
    Nodes m;
    memset(&m, 0, sizeof m);
    PyObject *result = NULL;
    int64_t *limit = NULL;
    Made *seen = NULL, *found = NULL;
    size_t buf_size = 64;
    s.n = (int)PySequence_Size(start_seq);
    s.naxes = (int)PySequence_Size(axes_seq);
    if (s.n < 2 || s.n > MOST_PIECES || s.naxes < 1 || s.naxes > MOST_AXES) {
        PyErr_SetString(PyExc_ValueError, "2 to 64 pieces, 1 to 8 axes");
        return NULL;
    }
    for (int x = 0; x < s.naxes; x++) {
        PyObject *spec = PySequence_GetItem(axes_seq, x);
        PyObject *K, *P, *vector, *lines;
        Axis *ax = &s.axes[x];
        int ok = spec && PyArg_ParseTuple(spec, "iOOiOO", &ax->keylen, &K, &P, &ax->step,
                                          &vector, &lines);
        if (ok) {
            s.dims = (int)PySequence_Size(vector);
            ok = s.dims >= 1 && s.dims <= MOST_DIMS && ax->keylen >= 1 && ax->keylen <= 3
                 && ax->step >= 1;
            if (!ok) PyErr_SetString(PyExc_ValueError, "an axis out of range");
        }
        int flat[3 * MOST_DIMS];
        ok = ok && read_ints(K, flat, ax->keylen * s.dims, "K") == 0
             && read_ints(P, ax->P, s.dims, "P") == 0
             && read_ints(vector, ax->vector, s.dims, "vector") == 0
             && read_ints(lines, L[x], (ax->keylen + 1) * width, "L") == 0;
        Py_XDECREF(spec);
        if (!ok) return NULL;
        for (int r = 0; r < ax->keylen; r++)
            for (int d = 0; d < s.dims; d++) ax->K[r][d] = flat[r * s.dims + d];
    }
    int *start = calloc((size_t)s.n * s.dims, sizeof *start);
    s.lines = calloc((size_t)s.n * s.naxes, sizeof *s.lines);
    limit = malloc((size_t)s.naxes * s.n * s.n * sizeof *limit);
    seen = malloc(buf_size * sizeof *seen);
    found = malloc(buf_size * sizeof *found);
    if (!start || !s.lines || !limit || !seen || !found) { PyErr_NoMemory(); goto done; }
    if (read_ints(weights_seq, s.weights, s.n, "weights") < 0) goto done;
    for (int p = 0; p < s.n; p++) {
        PyObject *place = PySequence_GetItem(start_seq, p);
        int bad = !place || read_ints(place, start + p * s.dims, s.dims, "start") < 0;
        Py_XDECREF(place);
        if (bad) goto done;
        PyObject *piece = PySequence_GetItem(cells_seq, p);
        Py_ssize_t size = piece ? PySequence_Size(piece) : -1;
        int *cells = size > 0 && size % width == 0 ? malloc((size_t)size * sizeof(int)) : NULL;
        bad = !cells || read_ints(piece, cells, (int)size, "cells") < 0;
        for (int x = 0; !bad && x < s.naxes; x++)
            if (make_lines(&s.axes[x], L[x], cells, (int)(size / width), width,
                           &s.lines[p * s.naxes + x]) < 0) {
                PyErr_NoMemory();
                bad = 1;
            }
        free(cells);
        Py_XDECREF(piece);
        if (bad) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad cells");
            goto done;
        }
    }
    if (add_node(&s, &m, start, -1, 0, 0, 0, 0) < 0) { PyErr_NoMemory(); goto done; }
    Move out;
    for (size_t at = 0; at < m.count; at++) {
        if (!(at & 1023) && PyErr_CheckSignals() < 0) goto done;
        int rc = expand(&s, &m, at, limit, &out, most_states, &seen, &found, &buf_size);
        if (rc < 0) { PyErr_NoMemory(); goto done; }
        if (rc == 2) { result = path_of(&s, &m, at, &out); goto done; }
        if (rc == 3) break;
    }
    result = Py_None;
    Py_INCREF(result);
done:
    free(start); free(limit); free(seen); free(found);
    if (s.lines)
        for (int k = 0; k < s.n * s.naxes; k++) free(s.lines[k].cells);
    free(s.lines);
    free(s.cache.keys); free(s.cache.gaps);
    free_nodes(&m);
    return result;
}

static PyMethodDef methods[] = {
    {"separate", separate, METH_VARARGS,
     "The first separation of an assembly by sliding moves (see slide.c)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_slide", "cpuzzler's sliding search (BurrTools' way).", -1,
    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__slide(void) { return PyModule_Create(&module); }
