package org.mpjbuf.mpj.coll;

import org.mpjbuf.mpj.coll.CollectiveChannel.Problem;

/**
 * Entry points of the collectives: each checks its arguments, asks the
 * {@link SelectionTable} for an algorithm and runs it on the communicator's
 * {@link CollectiveChannel}. Argument meanings are those of the mpiJava 1.2
 * methods of the same name on {@code Intracomm}; counts and indices are in items
 * and base elements as there.
 *
 * <p>Thread safety: calls on one channel must come from its rank thread, in the
 * same order on every rank of the communicator.
 */
public final class Collectives {
    private Collectives() {
    }

    /**
     * Blocks until every rank has entered the barrier.
     *
     * @param channel the communicator's channel
     * @param <T>     datatype handle
     * @param <X>     exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void barrier(final CollectiveChannel<T, X> channel) throws X {
        Barrier.run(SelectionTable.barrier(channel.size(), channel.ranksHaveProcessors()), channel);
    }

    /**
     * Broadcasts from the root, see {@link Bcast#run}.
     *
     * @param channel the communicator's channel
     * @param buffer  the buffer
     * @param index   index of the first item
     * @param count   number of items
     * @param type    datatype
     * @param root    rank of the root
     * @param <T>     datatype handle
     * @param <X>     exception raised
     * @throws X on a bad argument (root out of range, negative count or index) or a failed transfer
     */
    public static <T, X extends Exception> void bcast(
        final CollectiveChannel<T, X> channel, final Object buffer, final int index, final int count, final T type,
        final int root) throws X {
        checkRoot(channel, root);
        checkRegion(channel, "buffer", buffer, index, count);
        Bcast.run(SelectionTable.bcast(channel.byteSize(type, count), channel.size()),
            channel, buffer, index, count, type, root);
    }

    /**
     * Gathers to the root, see {@link Gather#run}.
     *
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's block
     * @param sendIndex  index of its first item
     * @param sendCount  items sent
     * @param sendType   datatype of the sent items
     * @param recvBuffer the root's receive buffer
     * @param recvIndex  index of block 0
     * @param recvCount  items received per rank
     * @param recvType   datatype of the received items
     * @param root       rank of the root
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void gather(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType, final int root) throws X {
        checkRoot(channel, root);
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, sendCount);
        if (channel.rank() == root) {
            checkRegion(channel, "recvbuf", recvBuffer, recvIndex, recvCount);
        }
        Gather.run(SelectionTable.gather(channel.byteSize(sendType, sendCount)), channel,
            sendBuffer, sendIndex, sendCount, sendType, recvBuffer, recvIndex, recvCount, recvType, root);
    }

    /**
     * Gathers blocks of varying size to the root, see {@link Gatherv#run}.
     *
     * @param channel       the communicator's channel
     * @param sendBuffer    this rank's block
     * @param sendIndex     index of its first item
     * @param sendCount     items sent
     * @param sendType      datatype of the sent items
     * @param recvBuffer    the root's receive buffer
     * @param recvIndex     index the displacements count from
     * @param recvCounts    items received per rank
     * @param displacements block displacements
     * @param recvType      datatype of the received items
     * @param root          rank of the root
     * @param <T>           datatype handle
     * @param <X>           exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void gatherv(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int[] recvCounts, final int[] displacements,
        final T recvType, final int root) throws X {
        checkRoot(channel, root);
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, sendCount);
        if (channel.rank() == root) {
            checkVector(channel, "recvcount", recvCounts, "displs", displacements);
            checkRegion(channel, "recvbuf", recvBuffer, recvIndex, 1);
        }
        Gatherv.run(SelectionTable.gatherv(), channel, sendBuffer, sendIndex, sendCount, sendType,
            recvBuffer, recvIndex, recvCounts, displacements, recvType, root);
    }

    /**
     * Scatters from the root, see {@link Scatter#run}.
     *
     * @param channel    the communicator's channel
     * @param sendBuffer the root's send buffer
     * @param sendIndex  index of block 0
     * @param sendCount  items sent per rank
     * @param sendType   datatype of the sent items
     * @param recvBuffer this rank's receive buffer
     * @param recvIndex  index of its first item
     * @param recvCount  items received
     * @param recvType   datatype of the received items
     * @param root       rank of the root
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void scatter(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType, final int root) throws X {
        checkRoot(channel, root);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, recvCount);
        if (channel.rank() == root) {
            checkRegion(channel, "sendbuf", sendBuffer, sendIndex, sendCount);
        }
        Scatter.run(SelectionTable.scatter(channel.byteSize(recvType, recvCount)), channel,
            sendBuffer, sendIndex, sendCount, sendType, recvBuffer, recvIndex, recvCount, recvType, root);
    }

    /**
     * Scatters blocks of varying size from the root, see {@link Scatterv#run}.
     *
     * @param channel       the communicator's channel
     * @param sendBuffer    the root's send buffer
     * @param sendIndex     index the displacements count from
     * @param sendCounts    items sent per rank
     * @param displacements block displacements
     * @param sendType      datatype of the sent items
     * @param recvBuffer    this rank's receive buffer
     * @param recvIndex     index of its first item
     * @param recvCount     items received
     * @param recvType      datatype of the received items
     * @param root          rank of the root
     * @param <T>           datatype handle
     * @param <X>           exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void scatterv(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int[] sendCounts, final int[] displacements,
        final T sendType, final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType,
        final int root) throws X {
        checkRoot(channel, root);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, recvCount);
        if (channel.rank() == root) {
            checkVector(channel, "sendcount", sendCounts, "displs", displacements);
            checkRegion(channel, "sendbuf", sendBuffer, sendIndex, 1);
        }
        Scatterv.run(SelectionTable.scatterv(), channel, sendBuffer, sendIndex, sendCounts, displacements, sendType,
            recvBuffer, recvIndex, recvCount, recvType, root);
    }

    /**
     * Gathers to every rank, see {@link Allgather#run}.
     *
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's block
     * @param sendIndex  index of its first item
     * @param sendCount  items sent
     * @param sendType   datatype of the sent items
     * @param recvBuffer the receive buffer
     * @param recvIndex  index of block 0
     * @param recvCount  items received per rank
     * @param recvType   datatype of the received items
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void allgather(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType) throws X {
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, sendCount);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, recvCount);
        Allgather.run(SelectionTable.allgather(channel.byteSize(recvType, recvCount), channel.size()), channel,
            sendBuffer, sendIndex, sendCount, sendType, recvBuffer, recvIndex, recvCount, recvType);
    }

    /**
     * Gathers blocks of varying size to every rank, see {@link Allgatherv#run}.
     *
     * @param channel       the communicator's channel
     * @param sendBuffer    this rank's block
     * @param sendIndex     index of its first item
     * @param sendCount     items sent
     * @param sendType      datatype of the sent items
     * @param recvBuffer    the receive buffer
     * @param recvIndex     index the displacements count from
     * @param recvCounts    items received per rank
     * @param displacements block displacements
     * @param recvType      datatype of the received items
     * @param <T>           datatype handle
     * @param <X>           exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void allgatherv(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int[] recvCounts, final int[] displacements,
        final T recvType) throws X {
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, sendCount);
        final long total = checkVector(channel, "recvcount", recvCounts, "displs", displacements);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, 1);
        Allgatherv.run(SelectionTable.allgatherv(channel.byteSize(recvType, (int) Math.min(total, Integer.MAX_VALUE))),
            channel, sendBuffer, sendIndex, sendCount, sendType, recvBuffer, recvIndex, recvCounts, displacements,
            recvType);
    }

    /**
     * Exchanges a block with every rank, see {@link Alltoall#run}.
     *
     * @param channel    the communicator's channel
     * @param sendBuffer the send buffer
     * @param sendIndex  index of block 0
     * @param sendCount  items sent per rank
     * @param sendType   datatype of the sent items
     * @param recvBuffer the receive buffer
     * @param recvIndex  index of block 0
     * @param recvCount  items received per rank
     * @param recvType   datatype of the received items
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void alltoall(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType) throws X {
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, sendCount);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, recvCount);
        Alltoall.run(SelectionTable.alltoall(channel.byteSize(sendType, sendCount), channel.size()), channel,
            sendBuffer, sendIndex, sendCount, sendType, recvBuffer, recvIndex, recvCount, recvType);
    }

    /**
     * Exchanges blocks of varying size with every rank, see {@link Alltoallv#run}.
     *
     * @param channel           the communicator's channel
     * @param sendBuffer        the send buffer
     * @param sendIndex         index the send displacements count from
     * @param sendCounts        items sent per rank
     * @param sendDisplacements send block displacements
     * @param sendType          datatype of the sent items
     * @param recvBuffer        the receive buffer
     * @param recvIndex         index the receive displacements count from
     * @param recvCounts        items received per rank
     * @param recvDisplacements receive block displacements
     * @param recvType          datatype of the received items
     * @param <T>               datatype handle
     * @param <X>               exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void alltoallv(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int[] sendCounts, final int[] sendDisplacements,
        final T sendType,
        final Object recvBuffer, final int recvIndex, final int[] recvCounts, final int[] recvDisplacements,
        final T recvType) throws X {
        checkVector(channel, "sendcount", sendCounts, "sdispls", sendDisplacements);
        checkVector(channel, "recvcount", recvCounts, "rdispls", recvDisplacements);
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, 1);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, 1);
        Alltoallv.run(SelectionTable.alltoallv(), channel, sendBuffer, sendIndex, sendCounts, sendDisplacements,
            sendType, recvBuffer, recvIndex, recvCounts, recvDisplacements, recvType);
    }

    /**
     * Reduces to the root, see {@link Reduce#run}.
     *
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's operand
     * @param sendIndex  index of its first item
     * @param recvBuffer the root's result buffer
     * @param recvIndex  index of its first item
     * @param count      number of items
     * @param type       datatype
     * @param combiner   the operator
     * @param root       rank of the root
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void reduce(
        final CollectiveChannel<T, X> channel, final Object sendBuffer, final int sendIndex,
        final Object recvBuffer, final int recvIndex, final int count, final T type, final Combiner<X> combiner,
        final int root) throws X {
        checkRoot(channel, root);
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, count);
        if (channel.rank() == root) {
            checkRegion(channel, "recvbuf", recvBuffer, recvIndex, count);
        }
        Reduce.run(SelectionTable.reduce(channel.byteSize(type, count), channel.size()),
            channel, sendBuffer, sendIndex, recvBuffer, recvIndex, count, type, combiner, root);
    }

    /**
     * Reduces to every rank, see {@link Allreduce#run}.
     *
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's operand
     * @param sendIndex  index of its first item
     * @param recvBuffer the result buffer
     * @param recvIndex  index of its first item
     * @param count      number of items
     * @param type       datatype
     * @param combiner   the operator
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void allreduce(
        final CollectiveChannel<T, X> channel, final Object sendBuffer, final int sendIndex,
        final Object recvBuffer, final int recvIndex, final int count, final T type, final Combiner<X> combiner)
        throws X {
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, count);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, count);
        Allreduce.run(SelectionTable.allreduce(channel.byteSize(type, count), channel.size(),
            channel.ranksHaveProcessors()),
            channel, sendBuffer, sendIndex, recvBuffer, recvIndex, count, type, combiner);
    }

    /**
     * Reduces and scatters the result, see {@link ReduceScatter#run}.
     *
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's vector
     * @param sendIndex  index of its first item
     * @param recvBuffer this rank's result block
     * @param recvIndex  index of its first item
     * @param recvCounts items of the result per rank
     * @param type       datatype
     * @param combiner   the operator
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void reduceScatter(
        final CollectiveChannel<T, X> channel, final Object sendBuffer, final int sendIndex,
        final Object recvBuffer, final int recvIndex, final int[] recvCounts, final T type,
        final Combiner<X> combiner) throws X {
        final long total = checkVector(channel, "recvcounts", recvCounts, null, null);
        if (total > Integer.MAX_VALUE) {
            throw channel.argumentError(Problem.COUNT,
                "recvcounts add up to " + total + " items, more than a Java array holds");
        }
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, (int) total);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, recvCounts[channel.rank()]);
        ReduceScatter.run(SelectionTable.reduceScatter(channel.byteSize(type, (int) total)), channel,
            sendBuffer, sendIndex, recvBuffer, recvIndex, recvCounts, type, combiner);
    }

    /**
     * Computes the inclusive prefix reduction, see {@link Scan#run}.
     *
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's operand
     * @param sendIndex  index of its first item
     * @param recvBuffer the result buffer
     * @param recvIndex  index of its first item
     * @param count      number of items
     * @param type       datatype
     * @param combiner   the operator
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X on a bad argument or a failed transfer
     */
    public static <T, X extends Exception> void scan(
        final CollectiveChannel<T, X> channel, final Object sendBuffer, final int sendIndex,
        final Object recvBuffer, final int recvIndex, final int count, final T type, final Combiner<X> combiner)
        throws X {
        checkRegion(channel, "sendbuf", sendBuffer, sendIndex, count);
        checkRegion(channel, "recvbuf", recvBuffer, recvIndex, count);
        Scan.run(SelectionTable.scan(channel.size()), channel,
            sendBuffer, sendIndex, recvBuffer, recvIndex, count, type, combiner);
    }

    private static <T, X extends Exception> void checkRoot(final CollectiveChannel<T, X> channel, final int root)
        throws X {
        if (root < 0 || root >= channel.size()) {
            throw channel.argumentError(Problem.ROOT,
                "root " + root + " is not a rank of the communicator: expected 0 <= root < " + channel.size());
        }
    }

    private static <T, X extends Exception> void checkRegion(
        final CollectiveChannel<T, X> channel, final String name, final Object buffer, final int index,
        final int count) throws X {
        if (count < 0) {
            throw channel.argumentError(Problem.COUNT,
                "count for " + name + " is " + count + ": expected a count >= 0");
        }
        if (index < 0) {
            throw channel.argumentError(Problem.BUFFER,
                "offset into " + name + " is " + index + ": expected an offset >= 0");
        }
        if (count > 0 && buffer == null) {
            throw channel.argumentError(Problem.BUFFER,
                name + " is null: expected an array for " + count + " items");
        }
    }

    private static <T, X extends Exception> long checkVector(
        final CollectiveChannel<T, X> channel, final String countsName, final int[] counts,
        final String displacementsName, final int[] displacements) throws X {
        final int size = channel.size();
        if (counts == null || counts.length < size) {
            throw channel.argumentError(Problem.ARGUMENT, countsName + " has "
                + (counts == null ? "no" : counts.length) + " entries: expected one per rank, " + size);
        }
        if (displacementsName != null && (displacements == null || displacements.length < size)) {
            throw channel.argumentError(Problem.ARGUMENT, displacementsName + " has "
                + (displacements == null ? "no" : displacements.length) + " entries: expected one per rank, " + size);
        }
        long total = 0;
        for (int i = 0; i < size; i++) {
            if (counts[i] < 0) {
                throw channel.argumentError(Problem.COUNT,
                    countsName + "[" + i + "] is " + counts[i] + ": expected a count >= 0");
            }
            total += counts[i];
        }
        return total;
    }
}
