/* Reading an ONNX model file (protobuf, decoded by protobuf-c over Debian's onnx.proto) into
 * the graph IR. */
#ifndef ATC_ONNX_IMPORT_H
#define ATC_ONNX_IMPORT_H

#include <stddef.h>

#include "graph.h"

/* Fills g from the file image. Returns 0, or -1 with a message (E-code first) in err. */
int onnx_import(const void *data, size_t len, const char *path, graph *g, char *err, size_t cap);

#endif
