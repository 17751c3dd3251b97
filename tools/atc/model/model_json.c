/* The JSON dump of a graph model (atc --mode=1). */
#include "model_json.h"

#include <json-c/json.h>
#include <stdio.h>

static json_object *tensor_json(const mdl_model *m, uint32_t i)
{
    const mdl_tensor *t = &m->tensors[i];
    json_object *o = json_object_new_object();
    json_object_object_add(o, "index", json_object_new_int((int)i));
    json_object_object_add(o, "name", json_object_new_string(t->name ? t->name : ""));
    json_object_object_add(o, "dtype", json_object_new_int(t->dtype));
    json_object_object_add(o, "format", json_object_new_int(t->format));
    json_object *d = json_object_new_array();
    for (uint32_t k = 0; k < t->ndims; k++)
        json_object_array_add(d, json_object_new_int64(t->dims[k]));
    json_object_object_add(o, "shape", d);
    json_object_object_add(o, "memory", json_object_new_string(t->kind == MDL_T_WEIGHT ? "weight" : "workspace"));
    json_object_object_add(o, "offset", json_object_new_int64((int64_t)t->offset));
    json_object_object_add(o, "size", json_object_new_int64((int64_t)t->bytes));
    return o;
}

static json_object *decl_json(const mdl_io_decl *d)
{
    json_object *a = json_object_new_array();
    for (uint32_t k = 0; k < d->ndims; k++)
        json_object_array_add(a, json_object_new_int64(d->dims[k]));
    return a;
}

/* the gears of a dynamic model: values, I/O shapes, workspace and step count of each graph */
static json_object *gears_json(const mdl_model *m)
{
    json_object *o = json_object_new_object(), *gs = json_object_new_array();
    json_object_object_add(o, "kind", json_object_new_string(m->dyn_kind == MDL_DYN_BATCH ? "batch"
                                                             : m->dyn_kind == MDL_DYN_HW ? "image_size" : "dims"));
    for (uint32_t k = 0; k < m->ngears; k++) {
        const mdl_model *g = mdl_gear(m, k);
        json_object *e = json_object_new_object(), *v = json_object_new_array(), *ins = json_object_new_array(),
                    *outs = json_object_new_array();
        for (uint32_t x = 0; x < m->gear_nvals; x++)
            json_object_array_add(v, json_object_new_int64(m->gear_vals[(size_t)k * m->gear_nvals + x]));
        for (uint32_t i = 0; i < g->ninputs; i++)
            json_object_array_add(ins, tensor_json(g, g->inputs[i]));
        for (uint32_t i = 0; i < g->noutputs; i++)
            json_object_array_add(outs, tensor_json(g, g->outputs[i]));
        json_object_object_add(e, "values", v);
        json_object_object_add(e, "inputs", ins);
        json_object_object_add(e, "outputs", outs);
        json_object_object_add(e, "workspace_size", json_object_new_int64((int64_t)g->workspace_bytes));
        json_object_object_add(e, "steps", json_object_new_int((int)g->nsteps));
        json_object_array_add(gs, e);
    }
    json_object_object_add(o, "gears", gs);
    return o;
}

int model_json_write(const mdl_model *m, const char *path)
{
    json_object *root = json_object_new_object();
    json_object_object_add(root, "name", json_object_new_string(m->graph_name ? m->graph_name : ""));
    json_object_object_add(root, "format", json_object_new_string("aclemu graph model"));
    json_object_object_add(root, "version", json_object_new_int(MDL_VERSION));
    json_object_object_add(root, "soc_version", json_object_new_string(m->soc_version ? m->soc_version : ""));
    json_object_object_add(root, "precision_mode",
                           json_object_new_string(m->precision_mode ? m->precision_mode : ""));
    json_object_object_add(root, "workspace_size", json_object_new_int64((int64_t)m->workspace_bytes));
    json_object_object_add(root, "weight_size", json_object_new_int64((int64_t)m->weight_bytes));
    json_object *ins = json_object_new_array(), *outs = json_object_new_array();
    for (uint32_t i = 0; i < m->ninputs; i++) {
        json_object *o = tensor_json(m, m->inputs[i]);
        if (m->gear) /* the declared shape: -1 for the dims the gears set */
            json_object_object_add(o, "shape", decl_json(&m->in_decl[i]));
        json_object_array_add(ins, o);
    }
    for (uint32_t i = 0; i < m->noutputs; i++)
        json_object_array_add(outs, tensor_json(m, m->outputs[i]));
    json_object_object_add(root, "inputs", ins);
    json_object_object_add(root, "outputs", outs);
    json_object *ts = json_object_new_array();
    for (uint32_t i = 0; i < m->ntensors; i++)
        json_object_array_add(ts, tensor_json(m, i));
    json_object_object_add(root, "tensors", ts);
    json_object *steps = json_object_new_array();
    for (uint32_t i = 0; i < m->nsteps; i++) {
        const mdl_step *s = &m->steps[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "node", json_object_new_string(s->node ? s->node : ""));
        json_object_object_add(o, "op_type", json_object_new_string(s->op_type ? s->op_type : ""));
        json_object_object_add(o, "api", json_object_new_string(mdl_step_api(s->kind)));
        json_object *a = json_object_new_array(), *b = json_object_new_array(), *c = json_object_new_array(),
                    *f = json_object_new_array();
        for (uint32_t k = 0; k < s->nin; k++)
            json_object_array_add(a, json_object_new_int(s->in[k]));
        for (uint32_t k = 0; k < s->nout; k++)
            json_object_array_add(b, json_object_new_int(s->out[k]));
        for (uint32_t k = 0; k < s->nints; k++)
            json_object_array_add(c, json_object_new_int64(s->ints[k]));
        for (uint32_t k = 0; k < s->nflts; k++)
            json_object_array_add(f, json_object_new_double(s->flts[k]));
        json_object_object_add(o, "inputs", a);
        json_object_object_add(o, "outputs", b);
        json_object_object_add(o, "ints", c);
        json_object_object_add(o, "floats", f);
        json_object_array_add(steps, o);
    }
    json_object_object_add(root, "steps", steps);
    if (m->gear)
        json_object_object_add(root, "dynamic", gears_json(m));
    if (m->naipp) { /* AIPP in front of inputs */
        json_object *ap = json_object_new_array();
        for (uint32_t k = 0; k < m->naipp; k++) {
            const mdl_aipp *a = &m->aipp[k];
            json_object *o = json_object_new_object();
            json_object_object_add(o, "input", json_object_new_int((int)m->aipp_input[k]));
            json_object_object_add(o, "mode", json_object_new_string(a->mode == MDL_AIPP_STATIC ? "static" : "dynamic"));
            json_object_object_add(o, "input_format", json_object_new_int(a->input_format));
            char sz[64];
            snprintf(sz, sizeof(sz), "%dx%d", a->src_w, a->src_h);
            json_object_object_add(o, "src_image_size", json_object_new_string(sz));
            json_object_object_add(o, "crop", json_object_new_boolean(a->crop));
            json_object_object_add(o, "resize", json_object_new_boolean(a->resize));
            json_object_object_add(o, "padding", json_object_new_boolean(a->padding));
            json_object_object_add(o, "csc_switch", json_object_new_boolean(a->csc));
            json_object_array_add(ap, o);
        }
        json_object_object_add(root, "aipp", ap);
    }
    int rc = json_object_to_file_ext(path, root, JSON_C_TO_STRING_PRETTY) == 0 ? 0 : -1;
    json_object_put(root);
    return rc;
}
