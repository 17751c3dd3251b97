/* Layout of aclDataBuffer (opaque to users; shared by the aclop code inside libascendcl). */
#ifndef ACLEMU_DATA_BUFFER_H
#define ACLEMU_DATA_BUFFER_H

#include <stddef.h>

struct aclDataBuffer {
    void *data;
    size_t length;
};

#endif
