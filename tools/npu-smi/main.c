/* npu-smi: command line, argument checks and exit codes of the real tool.
 *
 *   npu-smi info                                  status table
 *   npu-smi info -l | -m                          card list | chip mapping
 *   npu-smi info -t <type> -i <npu> [-c <chip>]   board, usages, memory, health, proc-mem,
 *                                                 common, power, temp
 *   npu-smi -v | -h
 *
 * Like the real tool, a bad argument prints "Error parameter of <option>" (after "Invalid card
 * id." / "Invalid chip id." for ids) and the help, and the process exits with the low byte of
 * the tool's error code: 215 for an invalid parameter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smi.h"

/* ret of a failed driver initialisation, as the real tool reports it */
#define SMI_DCMI_INIT_FAILED (-8005)

static void main_help(void)
{
    printf("Usage: npu-smi <Command|-h|-v> [Options...]\n\n");
    printf("npu-smi Command:\n");
    printf("\t%-10s%s\n", "-h", "This command's help information");
    printf("\t%-10s%s\n", "--help", "This command's help information");
    printf("\t%-10s%s\n", "-v", "Show npu-smi version information");
    printf("\t%-10s%s\n", "info", "Show hardware details");
}

static void info_help(void)
{
    printf("Usage: npu-smi info <-h|-m|-l|-t type> [Options...]\n\n");
    printf("Commands:\n");
    printf("       -h, --help     Show this help text and exit\n");
    printf("       -m             Show all device's mapping information\n");
    printf("       -l             Show all device's topology information\n");
    printf("       -t type        Show information for type\n");
    printf("                      type: board, usages, memory, health, proc-mem, common,\n");
    printf("                            power, temp\n\n");
    printf("Options:\n");
    printf("       -i %%d          Card ID\n");
    printf("       -c %%d          Chip ID\n");
}

static int exit_code(int ret)
{
    return ret & 0xFF;
}

/* Parses a non-negative decimal id; -1 if malformed. */
static int parse_id(const char *s)
{
    if (s == NULL || *s == '\0' || strlen(s) > 6)
        return -1;
    int v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

static int bad_parameter(const char *opt)
{
    printf("Error parameter of %s\n", opt);
    info_help();
    return SMI_ERR_INVALID_PARAMETER;
}

static int load_machine(smi_machine *m)
{
    int rc = drv_topology_init(NULL);
    const aclemu_topology *topo = rc == 0 ? drv_topology() : NULL;
    if (topo == NULL) {
        const char *why = drv_last_error();
        fprintf(stderr, "npu-smi: %s\n", why && *why ? why : "cannot load the device topology");
        printf("dcmi module initialize failed. ret is %d\n", SMI_DCMI_INIT_FAILED);
        return SMI_DCMI_INIT_FAILED;
    }
    smi_machine_build(m, topo);
    return SMI_OK;
}

static int info_main(int argc, char **argv)
{
    static smi_machine m; /* large: keep it off the stack */
    const char *type = NULL;
    const char *id_text = NULL, *chip_text = NULL;
    int list = 0, mapping = 0, has_id = 0, has_chip = 0;

    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            info_help();
            return SMI_OK;
        }
    }
    int ret = load_machine(&m);
    if (ret != SMI_OK)
        return ret;
    if (argc == 0) {
        smi_print_table(&m);
        return SMI_OK;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-l") || !strcmp(a, "-m")) {
            if (type != NULL || has_id || has_chip || list || mapping)
                return bad_parameter(a);
            *(a[1] == 'l' ? &list : &mapping) = 1;
        } else if (!strcmp(a, "-t")) {
            if (list || mapping || type != NULL || i + 1 >= argc || !smi_type_known(argv[i + 1]))
                return bad_parameter(a);
            type = argv[++i];
        } else if (!strcmp(a, "-i")) {
            if (list || mapping || has_id)
                return bad_parameter(a);
            if (i + 1 >= argc) {
                printf("Invalid card id.\n");
                return bad_parameter(a);
            }
            id_text = argv[++i];
            has_id = 1;
            int id = parse_id(id_text);
            if (id < 0 || id >= m.nnpu) {
                printf("Invalid card id.\n");
                return bad_parameter(a);
            }
        } else if (!strcmp(a, "-c")) {
            if (list || mapping || has_chip)
                return bad_parameter(a);
            if (i + 1 >= argc) {
                printf("Invalid chip id.\n");
                return bad_parameter(a);
            }
            chip_text = argv[++i];
            has_chip = 1;
        } else {
            return bad_parameter(a);
        }
    }
    if (list) {
        smi_print_list(&m);
        return SMI_OK;
    }
    if (mapping) {
        smi_print_mapping(&m);
        return SMI_OK;
    }
    if (type == NULL) {
        printf("\nInput parameter format error.\n");
        info_help();
        return SMI_ERR_INVALID_PARAMETER;
    }
    if (!has_id) {
        printf("\nThis command must input card id.\n\n");
        info_help();
        return SMI_ERR_INVALID_PARAMETER;
    }
    const smi_npu *npu = &m.npu[parse_id(id_text)];
    int chip = -1;
    if (has_chip) {
        chip = parse_id(chip_text);
        if (chip < 0 || chip >= npu->nchips) {
            printf("Invalid chip id.\n");
            return bad_parameter("-c");
        }
    }
    ret = smi_print_type(&m, type, npu, chip);
    /* "does not support" is reported, not failed, as by the real tool */
    return ret == SMI_ERR_NOT_SUPPORT ? SMI_OK : ret;
}

int main(int argc, char **argv)
{
    int ret;
    if (argc < 2) {
        main_help();
        ret = SMI_ERR_INVALID_PARAMETER;
    } else if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        main_help();
        ret = SMI_OK;
    } else if (!strcmp(argv[1], "-v")) {
        printf("npu-smi version: %s\n", SMI_TOOL_VERSION);
        ret = SMI_OK;
    } else if (!strcmp(argv[1], "info")) {
        ret = info_main(argc - 2, argv + 2);
    } else {
        printf("Command or option is not found.\n");
        main_help();
        ret = SMI_ERR_INNER;
    }
    fflush(stdout);
    return exit_code(ret);
}
