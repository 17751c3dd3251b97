/* The row split shared by the TopKTopPSample and TopKTopPSampleV2 blobs: B rows of V, a block's
 * rows and its workspace slot (24 V bytes: V sort keys + 4 V FP32 / uint32). */
#ifndef OPS_NN_TOP_K_TOP_P_SAMPLE_ROWS_H
#define OPS_NN_TOP_K_TOP_P_SAMPLE_ROWS_H

#include <stdint.h>

typedef struct tkps_rows {
    uint64_t ws;
    int64_t rows, cols, rows_per_block, ws_per_block;
} tkps_rows;

#endif
