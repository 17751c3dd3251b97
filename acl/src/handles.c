/* Registry of live user-visible handles (contexts, streams, events): a chained hash set of
 * pointers under one mutex. Reference counts live under the same mutex so a lookup cannot race
 * with the final release. */
#include <stdint.h>
#include <stdlib.h>

#include "rt_internal.h"

#define BUCKETS 4096

typedef struct node {
    handle_hdr *h;
    struct node *next;
} node;

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static node *buckets[BUCKETS];

static size_t bucket_of(const void *p)
{
    uintptr_t v = (uintptr_t)p;
    v ^= v >> 17;
    v *= 0x9E3779B97F4A7C15ull;
    return (size_t)(v >> 52) & (BUCKETS - 1);
}

void handle_register(handle_hdr *h, handle_kind kind, void (*destroy)(handle_hdr *))
{
    h->kind = kind;
    h->refs = 1; /* the registry's reference */
    h->destroy = destroy;
    node *n = malloc(sizeof(*n));
    pthread_mutex_lock(&reg_lock);
    if (n != NULL) {
        size_t b = bucket_of(h);
        n->h = h;
        n->next = buckets[b];
        buckets[b] = n;
    }
    pthread_mutex_unlock(&reg_lock);
}

handle_hdr *handle_get(const void *p, handle_kind kind)
{
    if (p == NULL) {
        return NULL;
    }
    handle_hdr *found = NULL;
    pthread_mutex_lock(&reg_lock);
    for (node *n = buckets[bucket_of(p)]; n != NULL; n = n->next) {
        if ((const void *)n->h == p) {
            if (n->h->kind == kind) {
                found = n->h;
                found->refs++;
            }
            break;
        }
    }
    pthread_mutex_unlock(&reg_lock);
    return found;
}

void handle_ref(handle_hdr *h)
{
    pthread_mutex_lock(&reg_lock);
    h->refs++;
    pthread_mutex_unlock(&reg_lock);
}

void handle_put(handle_hdr *h)
{
    if (h == NULL) {
        return;
    }
    pthread_mutex_lock(&reg_lock);
    int left = --h->refs;
    pthread_mutex_unlock(&reg_lock);
    if (left == 0 && h->destroy != NULL) {
        h->destroy(h);
    }
}

bool handle_unregister(handle_hdr *h)
{
    bool removed = false;
    pthread_mutex_lock(&reg_lock);
    for (node **pp = &buckets[bucket_of(h)]; *pp != NULL; pp = &(*pp)->next) {
        if ((*pp)->h == h) {
            node *dead = *pp;
            *pp = dead->next;
            free(dead);
            removed = true;
            break;
        }
    }
    pthread_mutex_unlock(&reg_lock);
    if (removed) {
        handle_put(h);
    }
    return removed;
}
