// The LSTM recurrence of the rnn tests (aclnnLSTM, aclnnBidirectionLSTM), written here in double
// from the PyTorch definition (gates i, f, g, o), independent of the emulator's code.
#ifndef TESTS_ACLNN_RNN_LSTM_REF_H
#define TESTS_ACLNN_RNN_LSTM_REF_H

#include "../activation/act_test_util.h"

static double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct Cfg {
    aclDataType dt;
    int64_t T, B, I, H, L;
    bool bidir, bias, batch_first, train;
    int hx_mode; // 0 nullptr, 1 empty list, 2 given
    Layout w_layout, x_layout, y_layout;
};

// Reference over (T, B, feature) sequences in double, the device's rounding of h applied
// (h is fed back as stored in dt; c stays unrounded).
struct Ref {
    std::vector<double> y;                       // (T, B, D*H) of the last layer
    std::vector<double> hy, cy;                  // (L*D, B, H)
    std::vector<std::vector<double>> tr[7];      // per layer-direction (T, B, H): i, g, f, o, h, c, tanh c
};

static Ref RunRef(const Cfg &c, const std::vector<double> &x, const std::vector<std::vector<double>> &p,
                  const std::vector<double> &h0, const std::vector<double> &c0)
{
    const int64_t D = c.bidir ? 2 : 1, NB = c.bias ? 2 : 1, T = c.T, B = c.B, H = c.H;
    Ref r;
    r.hy.assign((size_t)(c.L * D * B * H), 0);
    r.cy = r.hy;
    std::vector<double> in = x; // (T, B, in)
    int64_t in_size = c.I;
    for (int64_t l = 0; l < c.L; l++) {
        std::vector<double> out((size_t)(T * B * D * H));
        for (int64_t d = 0; d < D; d++) {
            const std::vector<double> &wi = p[(size_t)(l * 2 * NB * D + d * 2 * NB)], &wh = p[(size_t)(l * 2 * NB * D + d * 2 * NB + 1)];
            std::vector<double> h((size_t)(B * H), 0), cs((size_t)(B * H), 0);
            int64_t sl = (l * D + d) * B * H;
            if (!h0.empty()) for (int64_t j = 0; j < B * H; j++) { h[(size_t)j] = h0[(size_t)(sl + j)]; cs[(size_t)j] = c0[(size_t)(sl + j)]; }
            for (int k = 0; k < 7; k++) r.tr[k].push_back(std::vector<double>((size_t)(T * B * H)));
            for (int64_t s = 0; s < T; s++) {
                int64_t t = d ? T - 1 - s : s;
                std::vector<double> hn((size_t)(B * H)), cn((size_t)(B * H));
                for (int64_t b = 0; b < B; b++)
                    for (int64_t u = 0; u < H; u++) {
                        double pre[4];
                        for (int g = 0; g < 4; g++) {
                            int64_t row = g * H + u;
                            double v = 0;
                            for (int64_t k = 0; k < in_size; k++) v += wi[(size_t)(row * in_size + k)] * in[(size_t)((t * B + b) * in_size + k)];
                            for (int64_t k = 0; k < H; k++) v += wh[(size_t)(row * H + k)] * h[(size_t)(b * H + k)];
                            if (c.bias) v += p[(size_t)(l * 2 * NB * D + d * 2 * NB + 2)][(size_t)row] + p[(size_t)(l * 2 * NB * D + d * 2 * NB + 3)][(size_t)row];
                            pre[g] = v;
                        }
                        double ig = Sig(pre[0]), fg = Sig(pre[1]), gg = std::tanh(pre[2]), og = Sig(pre[3]);
                        double cv = fg * cs[(size_t)(b * H + u)] + ig * gg, hv = og * std::tanh(cv);
                        size_t ti = (size_t)((t * B + b) * H + u);
                        double vals[7] = {ig, gg, fg, og, hv, cv, std::tanh(cv)};
                        for (int k = 0; k < 7; k++) r.tr[k].back()[ti] = vals[k];
                        out[(size_t)((t * B + b) * D * H + d * H + u)] = hv;
                        hn[(size_t)(b * H + u)] = Quant(c.dt, hv);
                        cn[(size_t)(b * H + u)] = cv;
                    }
                h = hn;
                cs = cn;
            }
            for (int64_t j = 0; j < B * H; j++) { r.hy[(size_t)(sl + j)] = h[(size_t)j]; r.cy[(size_t)(sl + j)] = cs[(size_t)j]; }
        }
        // the next layer reads this layer's output as stored in dt
        in.assign(out.size(), 0);
        for (size_t i = 0; i < out.size(); i++) in[i] = Quant(c.dt, out[i]);
        r.y = out;
        in_size = D * H;
    }
    return r;
}

#endif
