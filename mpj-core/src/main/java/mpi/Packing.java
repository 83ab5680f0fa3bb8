package mpi;

/** Placeholder until the datatype engine's byte[] packing is merged. */
final class Packing {
    private Packing() {
    }

    static int packSize(int incount, Datatype datatype) throws MPIException {
        throw new MPIException(MPIException.ERR_INTERN, "pending");
    }

    static int pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf,
                    int position) throws MPIException {
        throw new MPIException(MPIException.ERR_INTERN, "pending");
    }

    static int unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount,
                      Datatype datatype) throws MPIException {
        throw new MPIException(MPIException.ERR_INTERN, "pending");
    }
}
