/**
 * The NAS Parallel Benchmarks CG, EP, FT, IS and MG on the mpiJava 1.2 API.
 */
// mpj-core and the devices below it may be packaged as automatic modules
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module org.mpjbuf.npb {
    requires transitive org.mpjbuf.mpj;
    requires java.management;

    exports org.mpjbuf.npb;
}
