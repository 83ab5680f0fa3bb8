/**
 * The MPJ layer: the mpiJava 1.2 API in package {@code mpi}, on top of the mpjbuf devices.
 */
module org.mpjbuf.mpj {
    exports mpi;
}
