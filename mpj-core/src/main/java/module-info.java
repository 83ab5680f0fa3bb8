/**
 * The MPJ layer: the mpiJava 1.2 API in package {@code mpi}, on top of the mpjbuf devices, and
 * the runtime that launches and embeds MPJ jobs.
 */
module org.mpjbuf.mpj {
    requires transitive org.mpjbuf.devices;
    requires java.management;

    exports mpi;
    exports org.mpjbuf.mpj.runtime;
}
