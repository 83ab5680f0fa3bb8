/**
 * The NAS Parallel Benchmarks CG, EP, FT, IS and MG on the mpiJava 1.2 API.
 */
module org.mpjbuf.npb {
    requires org.mpjbuf.mpj;

    exports org.mpjbuf.npb;
}
