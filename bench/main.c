/* main.c — placeholder while the full bench is written. */
#include "bench.h"
#include "jhash.h"

#include <string.h>

int main(int argc, char **argv)
{
    struct bench_opts o;
    bench_opts_default(&o, argc > 1 && strcmp(argv[1], "--quick") == 0);
    printf("cpu: %s, sha-ni: %d, cycles/tick %.3f\n", bench_cpu_model(), bench_cpu_has_sha_ni(),
           bench_cycles_per_tick());
#ifdef SIPHASH_BENCH_HAVE_BATCH
    bench_batch_section(&o);
#endif
    return 0;
}
