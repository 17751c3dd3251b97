/* Intermediate-tensor traffic of a lowered model (traffic.c). */
#ifndef ATC_TRAFFIC_H
#define ATC_TRAFFIC_H

#include <stdint.h>

#include "../../../acl/mdl/mdl_format.h"

void model_traffic(const mdl_model *m, uint64_t *written, uint64_t *read);

#endif
