/* Complex path of the arithmetic binary kernels (Add, Sub, Mul, Div): a COMPLEX64 / COMPLEX128
 * promoted dtype, operands of any dtype (real ones have imaginary part 0), computed in double
 * complex (C99 Annex G division), rounded to COMPLEX64 when that is the promoted dtype, stored
 * into a complex output. */
#include <complex.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#include "binary_kernel.h"

static void load_c(double complex *d, const char *src, int32_t dt, int64_t stride, int64_t n)
{
    if (dt == ACL_COMPLEX64) {
        for (int64_t i = 0; i < n; i++) {
            float v[2];
            memcpy(v, src + i * stride, sizeof v);
            d[i] = CMPLX(v[0], v[1]);
        }
    } else if (dt == ACL_COMPLEX128) {
        for (int64_t i = 0; i < n; i++) {
            double v[2];
            memcpy(v, src + i * stride, sizeof v);
            d[i] = CMPLX(v[0], v[1]);
        }
    } else {
        double re[ACLEMU_CHUNK];
        aclemu_load_f64(re, src, dt, stride, n);
        for (int64_t i = 0; i < n; i++) d[i] = CMPLX(re[i], 0.0);
    }
}

static void store_c(char *dst, int32_t dt, int64_t stride, const double complex *s, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        if (dt == ACL_COMPLEX64) {
            float v[2] = {(float)creal(s[i]), (float)cimag(s[i])};
            memcpy(dst + i * stride, v, sizeof v);
        } else {
            double v[2] = {creal(s[i]), cimag(s[i])};
            memcpy(dst + i * stride, v, sizeof v);
        }
    }
}

int binary_complex_run(const binary_args *a, const aclemu_block *blk, int op)
{
    const int has_t = a->other_is_tensor;
    const int32_t odt = a->ew.op[0].dtype, xdt = a->ew.op[1].dtype, ydt = has_t ? a->ew.op[2].dtype : -1;
    if (odt != ACL_COMPLEX64 && odt != ACL_COMPLEX128)
        return ACLEMU_KERNEL_BAD_ARGS;
    const double complex alpha = CMPLX(a->alpha_f, a->alpha_im), other = CMPLX(a->other_f, a->other_im);
    const int round64 = a->promoted == ACL_COMPLEX64;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[3] = {0, 0, 0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], sx = it.inner_stride[1], sy = has_t ? it.inner_stride[2] : 0;
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            double complex x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
            load_c(x, p[1] + c * sx, xdt, sx, m);
            if (has_t)
                load_c(y, p[2] + c * sy, ydt, sy, m);
            for (int64_t i = 0; i < m; i++) {
                double complex b = has_t ? y[i] : other, r;
                switch (op) {
                case BINARY_ADD: r = x[i] + alpha * b; break;
                case BINARY_SUB: r = x[i] - alpha * b; break;
                case BINARY_MUL: r = x[i] * b; break;
                case BINARY_RSUB: r = b - alpha * x[i]; break;
                default: r = x[i] / b; break;
                }
                x[i] = round64 ? CMPLX((float)creal(r), (float)cimag(r)) : r;
            }
            store_c(p[0] + c * so, odt, so, x, m);
        }
    }
    return 0;
}
