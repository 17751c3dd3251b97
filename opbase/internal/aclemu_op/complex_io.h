/* One element of a complex tensor as a double complex, for the device kernels that compute in
 * double complex: COMPLEX32 (a pair of FLOAT16), COMPLEX64 and COMPLEX128; any real dtype loads
 * as (x, 0) and stores its real part. */
#ifndef ACLEMU_OP_COMPLEX_IO_H
#define ACLEMU_OP_COMPLEX_IO_H

#include <complex.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"

static inline int aclemu_is_complex(int32_t dt)
{
    return dt == ACL_COMPLEX32 || dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128;
}

static inline double complex aclemu_load_c(const char *p, int32_t dt)
{
    if (dt == ACL_COMPLEX32) {
        uint16_t h[2];
        memcpy(h, p, sizeof h);
        return CMPLX(aclemu_half_to_float(h[0]), aclemu_half_to_float(h[1]));
    }
    if (dt == ACL_COMPLEX64) {
        float v[2];
        memcpy(v, p, sizeof v);
        return CMPLX(v[0], v[1]);
    }
    if (dt == ACL_COMPLEX128) {
        double v[2];
        memcpy(v, p, sizeof v);
        return CMPLX(v[0], v[1]);
    }
    double re;
    aclemu_load_f64(&re, p, dt, 0, 1);
    return CMPLX(re, 0.0);
}

static inline void aclemu_store_c(char *p, int32_t dt, double complex z)
{
    if (dt == ACL_COMPLEX32) {
        uint16_t h[2] = {aclemu_float_to_half((float)creal(z)), aclemu_float_to_half((float)cimag(z))};
        memcpy(p, h, sizeof h);
    } else if (dt == ACL_COMPLEX64) {
        float v[2] = {(float)creal(z), (float)cimag(z)};
        memcpy(p, v, sizeof v);
    } else if (dt == ACL_COMPLEX128) {
        double v[2] = {creal(z), cimag(z)};
        memcpy(p, v, sizeof v);
    } else {
        double re = creal(z);
        aclemu_store_f64(p, dt, 0, &re, 1);
    }
}

#endif
