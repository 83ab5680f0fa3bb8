package mpi;

import org.mpjbuf.mpj.datatype.BasicTypes;

/**
 * The small exchanges communicator management needs (Dup, Split, Create, intercommunicator
 * creation and Merge), done with point-to-point messages on a communicator's collective context
 * under the reserved tag {@link Comm#MANAGEMENT_TAG}, so they work without the collective
 * operations and never match a user's message.
 *
 * <p>Each exchange is linear through rank 0: cheap for the communicator sizes of one machine,
 * and it runs once per communicator created, never per message.
 *
 * <p>Thread-safe: stateless; a communicator's management calls are collective and ordered.
 */
final class Management {

    private Management() {
    }

    /**
     * Gathers every member's ints, in rank order, at every member.
     *
     * @param comm an intracommunicator (or the local communicator of an intercommunicator)
     * @param mine this member's ints; every member gives the same number
     * @return the concatenation of all members' ints, member 0 first
     * @throws MPIException when a message fails
     */
    static int[] allgather(Comm comm, int[] mine) throws MPIException {
        int size = comm.group.Size();
        int rank = comm.group.Rank();
        int length = mine.length;
        int[] all = new int[size * length];
        if (rank == 0) {
            System.arraycopy(mine, 0, all, 0, length);
            for (int member = 1; member < size; member++) {
                comm.recvCollective(all, member * length, length, BasicTypes.INT, member,
                    Comm.MANAGEMENT_TAG);
            }
            for (int member = 1; member < size; member++) {
                comm.sendCollective(all, 0, all.length, BasicTypes.INT, member, Comm.MANAGEMENT_TAG);
            }
        } else {
            comm.sendCollective(mine, 0, length, BasicTypes.INT, 0, Comm.MANAGEMENT_TAG);
            comm.recvCollective(all, 0, all.length, BasicTypes.INT, 0, Comm.MANAGEMENT_TAG);
        }
        return all;
    }

    /**
     * Sends ints from one member to every other member of a communicator.
     *
     * @param comm   the communicator
     * @param values the ints at the root; ignored elsewhere
     * @param root   the sending member
     * @return the root's ints, at every member
     * @throws MPIException when a message fails
     */
    static int[] broadcast(Comm comm, int[] values, int root) throws MPIException {
        int size = comm.group.Size();
        if (comm.group.Rank() == root) {
            for (int member = 0; member < size; member++) {
                if (member != root) {
                    sendInts(comm, values, member);
                }
            }
            return values;
        }
        return receiveInts(comm, root);
    }

    /** Sends a length-prefixed int array on the collective context. */
    static void sendInts(Comm comm, int[] values, int dest) throws MPIException {
        comm.sendCollective(new int[] {values.length}, 0, 1, BasicTypes.INT, dest, Comm.MANAGEMENT_TAG);
        comm.sendCollective(values, 0, values.length, BasicTypes.INT, dest, Comm.MANAGEMENT_TAG);
    }

    /** Receives a length-prefixed int array on the collective context. */
    static int[] receiveInts(Comm comm, int source) throws MPIException {
        int[] length = new int[1];
        comm.recvCollective(length, 0, 1, BasicTypes.INT, source, Comm.MANAGEMENT_TAG);
        int[] values = new int[length[0]];
        comm.recvCollective(values, 0, values.length, BasicTypes.INT, source, Comm.MANAGEMENT_TAG);
        return values;
    }

    /**
     * Agrees on a run of context pairs free on every member of an intracommunicator.
     *
     * @param comm  the communicator whose members take part
     * @param count how many consecutive pairs
     * @return the first pair
     * @throws MPIException (MPI_ERR_COMM) when no run is free everywhere
     */
    static int agreePairs(Comm comm, int count) throws MPIException {
        int[] all = allgather(comm, comm.state.contexts().freeMask());
        return ContextIds.lowest(combine(all, 0, comm.group.Size()), count);
    }

    /** ANDs {@code members} free masks stored one after another from {@code from}. */
    static int[] combine(int[] masks, int from, int members) {
        int[] free = new int[ContextIds.MASK_WORDS];
        java.util.Arrays.fill(free, -1);
        for (int member = 0; member < members; member++) {
            ContextIds.and(free, masks, from + member * ContextIds.MASK_WORDS);
        }
        return free;
    }
}
