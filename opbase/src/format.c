/* aclFormat names for messages and the public/private split. */
#include "aclemu_op/dtype.h"

const char *aclemu_format_name(aclFormat f)
{
    switch (f) {
    case ACL_FORMAT_UNDEFINED: return "UNDEFINED";
    case ACL_FORMAT_NCHW: return "NCHW";
    case ACL_FORMAT_NHWC: return "NHWC";
    case ACL_FORMAT_ND: return "ND";
    case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
    case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
    case ACL_FORMAT_NC1HWC0_C04: return "NC1HWC0_C04";
    case ACL_FORMAT_HWCN: return "HWCN";
    case ACL_FORMAT_NDHWC: return "NDHWC";
    case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
    case ACL_FORMAT_NCDHW: return "NCDHW";
    case ACL_FORMAT_NDC1HWC0: return "NDC1HWC0";
    case ACL_FRACTAL_Z_3D: return "FRACTAL_Z_3D";
    case ACL_FORMAT_NC: return "NC";
    case ACL_FORMAT_NCL: return "NCL";
    default: return "UNKNOWN";
    }
}

int aclemu_format_is_private(aclFormat f)
{
    switch (f) {
    case ACL_FORMAT_NC1HWC0: case ACL_FORMAT_FRACTAL_Z: case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_FRACTAL_NZ: case ACL_FORMAT_NDC1HWC0: case ACL_FRACTAL_Z_3D:
        return 1;
    default:
        return (int)f >= 50 && (int)f <= 54; /* FRACTAL_NZ_C0_* */
    }
}
