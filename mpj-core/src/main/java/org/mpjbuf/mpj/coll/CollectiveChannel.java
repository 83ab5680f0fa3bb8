package org.mpjbuf.mpj.coll;

/**
 * The transport collective algorithms run on: the point-to-point operations of one
 * communicator restricted to its collective context, plus local copies and buffer
 * allocation for its datatypes.
 *
 * <p>A buffer is a Java array ({@code Object[]} for object types); a region of it is
 * named by the index of its first item in base elements, a count of items and a
 * datatype, as in mpiJava. Messages between a pair of ranks are matched on
 * (source, tag) in the order they were sent (MPI's non-overtaking rule); the
 * collective context keeps them apart from user point-to-point traffic.
 *
 * <p>Not thread-safe: one channel serves one rank thread.
 *
 * @param <T> the datatype handle
 * @param <X> the exception every operation raises on failure
 */
public interface CollectiveChannel<T, X extends Exception> {
    /**
     * Returns this rank in the communicator.
     *
     * @return the rank, in {@code [0, size())}
     */
    int rank();

    /**
     * Returns the number of ranks of the communicator.
     *
     * @return the size, at least 1
     */
    int size();

    /**
     * Tells whether every rank of the job on this host has a processor of its own. Then a round
     * of simultaneous exchanges costs about one message time, and the selection table prefers
     * the algorithms with the fewest rounds; when ranks outnumber processors, every dependent
     * step costs a thread switch, and it prefers those with the fewest steps.
     *
     * @return whether the ranks on this host are at most its processors
     */
    boolean ranksHaveProcessors();

    /**
     * Sends a region and returns when its buffer may be reused.
     *
     * @param buffer the array holding the data
     * @param index  index of the first item, in base elements
     * @param count  number of items
     * @param type   datatype of the items
     * @param dest   destination rank
     * @param tag    message tag
     * @throws X when the send fails
     */
    void send(Object buffer, int index, int count, T type, int dest, int tag) throws X;

    /**
     * Receives a message of exactly {@code count} items into a region.
     *
     * @param buffer the array receiving the data
     * @param index  index of the first item, in base elements
     * @param count  number of items expected
     * @param type   datatype of the items
     * @param source source rank
     * @param tag    message tag
     * @throws X when the receive fails or the message is larger than the region
     */
    void recv(Object buffer, int index, int count, T type, int source, int tag) throws X;

    /**
     * Starts a send; the buffer must not change until the returned operation completes.
     *
     * @param buffer the array holding the data
     * @param index  index of the first item, in base elements
     * @param count  number of items
     * @param type   datatype of the items
     * @param dest   destination rank
     * @param tag    message tag
     * @return the pending send
     * @throws X when the send cannot start
     */
    Pending<X> isend(Object buffer, int index, int count, T type, int dest, int tag) throws X;

    /**
     * Starts a receive; the region is filled when the returned operation completes.
     *
     * @param buffer the array receiving the data
     * @param index  index of the first item, in base elements
     * @param count  number of items expected
     * @param type   datatype of the items
     * @param source source rank
     * @param tag    message tag
     * @return the pending receive
     * @throws X when the receive cannot start
     */
    Pending<X> irecv(Object buffer, int index, int count, T type, int source, int tag) throws X;

    /**
     * Sends a message without data.
     *
     * @param dest destination rank
     * @param tag  message tag
     * @throws X when the send fails
     */
    void sendSignal(int dest, int tag) throws X;

    /**
     * Receives a message without data.
     *
     * @param source source rank
     * @param tag    message tag
     * @throws X when the receive fails
     */
    void recvSignal(int source, int tag) throws X;

    /**
     * Sends one region and receives another, without deadlock between two ranks
     * that exchange with each other.
     *
     * @param sendBuffer  the array holding the data to send
     * @param sendIndex   index of its first item
     * @param sendCount   number of items sent
     * @param sendType    datatype of the sent items
     * @param dest        destination rank
     * @param recvBuffer  the array receiving the data
     * @param recvIndex   index of its first item
     * @param recvCount   number of items expected
     * @param recvType    datatype of the received items
     * @param source      source rank
     * @param tag         tag of both messages
     * @throws X when either transfer fails
     */
    default void sendrecv(
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType, final int dest,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType, final int source,
        final int tag) throws X {
        final Pending<X> receive = irecv(recvBuffer, recvIndex, recvCount, recvType, source, tag);
        send(sendBuffer, sendIndex, sendCount, sendType, dest, tag);
        receive.await();
    }

    /**
     * Returns the extent of a datatype: the distance between consecutive items.
     *
     * @param type the datatype
     * @return the extent, in base elements
     */
    int extent(T type);

    /**
     * Returns the number of payload bytes of {@code count} items, used to choose algorithms.
     *
     * @param type  the datatype
     * @param count number of items
     * @return the payload size in bytes
     */
    long byteSize(T type, int count);

    /**
     * Allocates a scratch array for {@code count} items of a datatype; item 0 sits at
     * {@link #scratchIndex(Object, int)} and item {@code i} at that index plus {@code i} extents
     * (which move down the array when the extent is negative).
     *
     * @param type  the datatype
     * @param count number of items
     * @return a new array of the datatype's base element type
     */
    Object allocate(T type, int count);

    /**
     * Returns the index of item 0 in an array from {@link #allocate(Object, int)}.
     *
     * @param type  the datatype
     * @param count the number of items the array was allocated for
     * @return the index, in base elements
     */
    int scratchIndex(T type, int count);

    /**
     * Copies data locally, as a send of the source region matched by a receive into
     * the destination region would.
     *
     * @param source      the source array
     * @param sourceIndex index of its first item
     * @param sourceCount number of items read
     * @param sourceType  datatype of the source items
     * @param dest        the destination array
     * @param destIndex   index of its first item
     * @param destCount   number of items written
     * @param destType    datatype of the destination items
     * @throws X when the type signatures do not match
     */
    void copy(Object source, int sourceIndex, int sourceCount, T sourceType,
              Object dest, int destIndex, int destCount, T destType) throws X;

    /**
     * Builds the exception for a bad argument of a collective call.
     *
     * @param problem which kind of argument was wrong
     * @param message what was wrong, with the value and what was expected
     * @return the exception, for the caller to throw
     */
    X argumentError(Problem problem, String message);

    /** The kinds of bad arguments, for the error class of the exception. */
    enum Problem {
        /** A root that is not a rank of the communicator. */
        ROOT,
        /** A negative count. */
        COUNT,
        /** A missing buffer or a bad offset. */
        BUFFER,
        /** Any other argument, such as a short count vector. */
        ARGUMENT
    }
}
