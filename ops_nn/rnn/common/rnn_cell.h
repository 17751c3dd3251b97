/* Pointwise part of the recurrent cells (device side, double inside), shared by the rnn ops:
 * what is left of a step once the gate pre-activations come out of the GEMMs. Gate order along
 * the 4H axis of an LSTM is the one the real kernels index (i, f, g, o at 0, H, 2H, 3H). */
#ifndef OPS_NN_RNN_CELL_H
#define OPS_NN_RNN_CELL_H

#include <math.h>

enum { RNN_GATE_I = 0, RNN_GATE_F = 1, RNN_GATE_G = 2, RNN_GATE_O = 3 };

static inline double rnn_sigmoid(double x)
{
    return x >= 0 ? 1.0 / (1.0 + exp(-x)) : exp(x) / (1.0 + exp(x));
}

/* One LSTM element: pre[4] the gate pre-activations (i, f, g, o), c the previous cell state;
 * act[4] the activations, *cy the new cell state, *hy the new hidden state. */
static inline void rnn_lstm_fwd(const double pre[4], double c, double act[4], double *cy, double *hy)
{
    act[RNN_GATE_I] = rnn_sigmoid(pre[RNN_GATE_I]);
    act[RNN_GATE_F] = rnn_sigmoid(pre[RNN_GATE_F]);
    act[RNN_GATE_G] = tanh(pre[RNN_GATE_G]);
    act[RNN_GATE_O] = rnn_sigmoid(pre[RNN_GATE_O]);
    *cy = act[RNN_GATE_F] * c + act[RNN_GATE_I] * act[RNN_GATE_G];
    *hy = act[RNN_GATE_O] * tanh(*cy);
}

/* Its backward from the activations act[4] (i, f, g, o), the previous cell state cx, tanh of
 * the new one (tc) and the incoming gradients dh, dc: d[4] the gradients of the
 * pre-activations, *dcx that of cx. */
static inline void rnn_lstm_bwd_tc(const double act[4], double cx, double tc, double dh, double dc, double d[4],
                                   double *dcx)
{
    double i = act[RNN_GATE_I], f = act[RNN_GATE_F], g = act[RNN_GATE_G], o = act[RNN_GATE_O];
    double dct = dh * o * (1.0 - tc * tc) + dc;
    *dcx = dct * f;
    d[RNN_GATE_I] = dct * g * i * (1.0 - i);
    d[RNN_GATE_F] = dct * cx * f * (1.0 - f);
    d[RNN_GATE_G] = dct * i * (1.0 - g * g);
    d[RNN_GATE_O] = dh * tc * o * (1.0 - o);
}

/* The same with the new cell state cy given instead of its tanh. */
static inline void rnn_lstm_bwd(const double act[4], double cx, double cy, double dh, double dc, double d[4],
                                double *dcx)
{
    rnn_lstm_bwd_tc(act, cx, tanh(cy), dh, dc, d, dcx);
}

/* One GRU element (gates r, z, n): gi[3] = x W_ih^T + b_ih, gh[3] = h W_hh^T + b_hh, h the
 * previous state; act[3] = r, z, n; returns the new state (1 - z) n + z h. */
static inline double rnn_gru_fwd(const double gi[3], const double gh[3], double h, double act[3])
{
    act[0] = rnn_sigmoid(gi[0] + gh[0]);
    act[1] = rnn_sigmoid(gi[1] + gh[1]);
    act[2] = tanh(gi[2] + act[0] * gh[2]);
    return (1.0 - act[1]) * act[2] + act[1] * h;
}

#endif
