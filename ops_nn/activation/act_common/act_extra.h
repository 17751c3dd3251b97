/* Device side of the activation ops the `act` part added (issue 12): their double formulas.
 * They have no FP32 vector loop; the elementwise driver computes them in double for every
 * dtype (one rounding on store). */
#ifndef OPS_NN_ACT_EXTRA_H
#define OPS_NN_ACT_EXTRA_H

#include "act_args.h"

/* 1 for the ops below (the driver then skips its FP32 path). */
int act_extra_op(int op);
double act_extra_unary(int op, const act_params *p, double x);
double act_extra_binary(int op, const act_params *p, double a, double b);
double act_extra_ternary(int op, const act_params *p, double a, double b, double c);

#endif
