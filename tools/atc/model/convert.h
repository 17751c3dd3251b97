/* atc's model path: `--framework=5 --model=<m.onnx> --output=<name>` (ONNX → <name>.om) and
 * `--mode=1 --om=<m.om> --json=<out.json>` (dump a model). Called from main.c with the whole
 * command line; returns the exit status (0 or 255). */
#ifndef ATC_CONVERT_H
#define ATC_CONVERT_H

int atc_model_main(int argc, char **argv);

#endif
