/**
 * The NAS Parallel Benchmarks CG, EP, FT, IS and MG on the mpiJava 1.2 API.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"}) // mpj-core (and devices below it) may be automatic modules
module org.mpjbuf.npb {
    requires transitive org.mpjbuf.mpj;

    exports org.mpjbuf.npb;
}
