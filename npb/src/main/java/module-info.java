/**
 * The NAS Parallel Benchmarks CG, EP, FT, IS, MG, DT, SP, BT and LU on the mpiJava 1.2 API.
 */
// mpj-core and the devices below it may be packaged as automatic modules
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module org.mpjbuf.npb {
    requires transitive org.mpjbuf.mpj;
    requires java.management;
    // FT's butterflies and MG's stencils; incubating in JDK 25, resolved with --add-modules at run time
    requires jdk.incubator.vector;

    exports org.mpjbuf.npb;
}
