/* --mode=1: a model file as JSON (header facts, inputs, outputs, tensors, steps). */
#ifndef ATC_MODEL_JSON_H
#define ATC_MODEL_JSON_H

#include "../../../acl/mdl/mdl_format.h"

/* Writes m to path. Returns 0, or -1 with errno set. */
int model_json_write(const mdl_model *m, const char *path);

#endif
