/* The dump file record shared by the model and single-operator dumps (dump_file.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/time.h>

#include "acl/acl_base.h"
#include "dump_file.h"

int dump_file_dtype(int32_t t)
{
    switch (t) {
    case ACL_FLOAT: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_FLOAT;
    case ACL_FLOAT16: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_FLOAT16;
    case ACL_INT8: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_INT8;
    case ACL_INT32: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_INT32;
    case ACL_UINT8: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_UINT8;
    case ACL_INT16: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_INT16;
    case ACL_UINT16: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_UINT16;
    case ACL_UINT32: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_UINT32;
    case ACL_INT64: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_INT64;
    case ACL_UINT64: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_UINT64;
    case ACL_DOUBLE: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_DOUBLE;
    case ACL_BOOL: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_BOOL;
    case ACL_BF16: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_BF16;
    default: return TOOLKIT__DUMPDATA__OUTPUT_DATA_TYPE__DT_UNDEFINED;
    }
}

int dump_file_mkdirs(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int r = mkdir(path, 0750);
        *p = '/';
        if (r != 0 && errno != EEXIST)
            return -1;
    }
    return mkdir(path, 0750) != 0 && errno != EEXIST ? -1 : 0;
}

void dump_file_name_part(char *dst, size_t cap, const char *src)
{
    size_t n = 0;
    for (const char *p = src ? src : ""; *p && n + 1 < cap; p++)
        dst[n++] = (*p == '/' || *p == '\\' || *p == '.' || *p == ' ') ? '_' : *p;
    dst[n] = '\0';
}

uint64_t dump_file_now_us(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (uint64_t)tv.tv_sec * 1000000u + (uint64_t)tv.tv_usec;
}

int dump_file_write(const char *file, const Toolkit__Dumpdata__DumpData *dd, const void *const *in_bytes,
                    const void *const *out_bytes)
{
    size_t plen = toolkit__dumpdata__dump_data__get_packed_size(dd);
    uint8_t *buf = malloc(plen + 8);
    if (buf == NULL) {
        errno = ENOMEM;
        return -1;
    }
    for (int b = 0; b < 8; b++)
        buf[b] = (uint8_t)((uint64_t)plen >> (8 * b));
    toolkit__dumpdata__dump_data__pack(dd, buf + 8);
    FILE *f = fopen(file, "wb");
    int ok = f != NULL && fwrite(buf, 1, plen + 8, f) == plen + 8;
    free(buf);
    for (size_t k = 0; k < dd->n_input && ok; k++)
        ok = dd->input[k]->size == 0 || fwrite(in_bytes[k], 1, (size_t)dd->input[k]->size, f) == dd->input[k]->size;
    for (size_t k = 0; k < dd->n_output && ok; k++)
        ok = dd->output[k]->size == 0 ||
             fwrite(out_bytes[k], 1, (size_t)dd->output[k]->size, f) == dd->output[k]->size;
    int saved = errno;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    else if (!ok)
        errno = saved;
    return ok ? 0 : -1;
}
