/* One dump file as the model dump (mdl_dump.c) and the single-operator dump (op_dump.c) write it:
 * an 8-byte little-endian length, a toolkit.dumpdata.DumpData of that length (protobuf-c,
 * dump_data.proto), then the bytes of every input and every output in order. */
#ifndef ACLEMU_DUMP_FILE_H
#define ACLEMU_DUMP_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "dump_data.pb-c.h"

/* aclDataType -> toolkit.dumpdata.OutputDataType */
int dump_file_dtype(int32_t acl_dtype);
/* mkdir -p (0750); 0 or -1 with errno */
int dump_file_mkdirs(char *path);
/* a name part as the real files spell it: '/', '\', '.' and ' ' become '_' */
void dump_file_name_part(char *dst, size_t cap, const char *src);
/* microseconds since the epoch (the file name's timestamp and dump_time) */
uint64_t dump_file_now_us(void);
/* Writes dd followed by the tensor bytes (lengths: the records' size fields) to file. 0 or -1
 * with errno. */
int dump_file_write(const char *file, const Toolkit__Dumpdata__DumpData *dd, const void *const *in_bytes,
                    const void *const *out_bytes);

#endif
