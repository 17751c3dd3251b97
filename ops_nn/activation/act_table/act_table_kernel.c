/* Kernels of the activation table family: the shared elementwise activation driver under each
 * row's real kernel name. */
#include "act_kernel.h"

ACT_EW_KERNEL("CeluV2");
ACT_EW_KERNEL("EluGradV2");
ACT_EW_KERNEL("Erfinv");
ACT_EW_KERNEL("FastGeluGrad");
ACT_EW_KERNEL("HardShrink");
ACT_EW_KERNEL("HardShrinkGrad");
ACT_EW_KERNEL("HardSigmoidGrad");
ACT_EW_KERNEL("HardSwishGrad");
ACT_EW_KERNEL("HardSwishGradV2");
ACT_EW_KERNEL("HardtanhGrad");
ACT_EW_KERNEL("LeakyReluGrad");
ACT_EW_KERNEL("LogSigmoid");
ACT_EW_KERNEL("LogSigmoidGrad");
ACT_EW_KERNEL("MishGrad");
ACT_EW_KERNEL("Selu");
ACT_EW_KERNEL("SeluGrad");
ACT_EW_KERNEL("Shrink");
ACT_EW_KERNEL("SoftShrink");
ACT_EW_KERNEL("SoftShrinkGrad");
ACT_EW_KERNEL("SoftplusV2Grad");
ACT_EW_KERNEL("SwishGrad");
ACT_EW_KERNEL("Heaviside");
ACT_EW_KERNEL("SquaredRelu");
ACT_EW_KERNEL("Logit");
ACT_EW_KERNEL("LogitGrad");
ACT_EW_KERNEL("GluGrad");
ACT_EW_KERNEL("SwiGluGrad");
ACT_EW_KERNEL("GeGluGradV2");
/* xact part: the generated APIs of experimental/activation */
ACT_EW_KERNEL("CeluV3");
ACT_EW_KERNEL("EluGrad");
ACT_EW_KERNEL("HardSigmoidGradV2");
ACT_EW_KERNEL("HardSwishV2");
ACT_EW_KERNEL("LeakyReluGradV2");
ACT_EW_KERNEL("LeakyreluV2");
ACT_EW_KERNEL("LogsigmoidV2");
ACT_EW_KERNEL("Relu6");
ACT_EW_KERNEL("ReluGradV3");
ACT_EW_KERNEL("SiluMul");
ACT_EW_KERNEL("SoftPlusV2");
ACT_EW_KERNEL("TanhGrad");
