/* Prints the PMIx layouts and constants that org.mpjbuf.mpj.runtime.PmixDescriptor states, one
 * "name value" per line, as the installed headers define them. Built and run by PmixDescriptorTest. */
#include <stddef.h>
#include <stdio.h>
#include <pmix.h>

int main(void) {
    printf("PROC_SIZE %zu\n", sizeof(pmix_proc_t));
    printf("PROC_RANK_OFFSET %zu\n", offsetof(pmix_proc_t, rank));
    printf("NSPACE_LENGTH %d\n", PMIX_MAX_NSLEN + 1);
    printf("VALUE_SIZE %zu\n", sizeof(pmix_value_t));
    printf("VALUE_TYPE_OFFSET %zu\n", offsetof(pmix_value_t, type));
    printf("VALUE_DATA_OFFSET %zu\n", offsetof(pmix_value_t, data));
    printf("INFO_SIZE %zu\n", sizeof(pmix_info_t));
    printf("INFO_KEY_LENGTH %d\n", PMIX_MAX_KEYLEN + 1);
    printf("INFO_FLAGS_OFFSET %zu\n", offsetof(pmix_info_t, flags));
    printf("INFO_VALUE_OFFSET %zu\n", offsetof(pmix_info_t, value));
    printf("TYPE_BOOL %d\n", PMIX_BOOL);
    printf("TYPE_STRING %d\n", PMIX_STRING);
    printf("TYPE_UINT32 %d\n", PMIX_UINT32);
    printf("RANK_WILDCARD %d\n", (int) PMIX_RANK_WILDCARD);
    printf("SCOPE_GLOBAL %d\n", PMIX_GLOBAL);
    printf("SUCCESS %d\n", PMIX_SUCCESS);
    printf("JOB_SIZE %s\n", PMIX_JOB_SIZE);
    printf("LOCAL_PEERS %s\n", PMIX_LOCAL_PEERS);
    printf("COLLECT_DATA %s\n", PMIX_COLLECT_DATA);
    return 0;
}
