package mpi;

import java.lang.reflect.Array;

import org.mpjbuf.dev.MeetingPoint;
import org.mpjbuf.mpj.coll.SelectionTable;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * {@code Barrier} and small {@code Allreduce} calls of an intracommunicator whose ranks are
 * threads of one JVM, run on the communicator's {@link MeetingPoint} instead of messages: a
 * barrier is one write of the rank's own arrival count and reads of the others', where the
 * message algorithms need a send and a receive per rank and round. An allreduce puts each rank's
 * operand beside its arrival (up to {@link MeetingPoint#INLINE_LONGS} elements) or in its slot,
 * meets, and lets every rank reduce all the operands itself, in the same order on every rank
 * ({@code x0 op (x1 op (... op x(p-1)))}), so every rank gets the same bits, for
 * non-commutative operators too.
 *
 * <p>A rank waits for a meeting as for any request ({@link Waiter#await(MeetingPoint, int, long,
 * RankState)}): it spins, yields, then parks until the arrival that ends the meeting unparks it, or a
 * stop of the job wakes it with a {@code RankAbortedError}.
 *
 * <p>Stateless; a call runs on the calling rank thread, one call per communicator at a time (the
 * rule MPI sets for collectives).
 */
final class MeetingCollectives {

    private MeetingCollectives() {
    }

    /**
     * Tells whether an allreduce of {@code count} items of {@code type} can run on a meeting point,
     * and whether the selection wants it to ({@link SelectionTable#allreduceInMemory}): a dense run of
     * a primitive base type, small enough, on a host with a processor for every rank.
     *
     * @param state the rank
     * @param count items per rank
     * @param type  their datatype, committed
     * @return whether {@link #allreduce} takes the call
     * @throws MPIException (MPI_ERR_TYPE) for a freed datatype
     */
    static boolean reduces(RankState state, int count, Datatype type) throws MPIException {
        MappedDatatype mapped = MappedDatatype.committed(type);
        BaseType base = mapped.baseType();
        return count > 0 && base != null && base != BaseType.OBJECT && mapped.dataMin() == 0 && mapped.isDense(count)
            && SelectionTable.allreduceInMemory(
                (long) count * mapped.size() * CollectiveTransport.elementBytes(base),
                state.ranksHaveProcessors());
    }

    /**
     * Waits until every rank of the communicator has called it.
     *
     * @param comm    the communicator
     * @param meeting its meeting point
     * @throws MPIException (MPI_ERR_COMM) for a freed communicator
     */
    static void barrier(Intracomm comm, MeetingPoint meeting) throws MPIException {
        int member = comm.Rank();
        long number = meeting.nextMeeting(member);
        meeting.arrive(member);
        Waiter.await(meeting, member, number, comm.state);
    }

    /**
     * Reduces every rank's operand into every rank's receive region, for a call that
     * {@link #reduces} accepts.
     *
     * @param comm       the communicator
     * @param meeting    its meeting point
     * @param sendbuf    the operand's array, already checked
     * @param sendoffset index of its first item
     * @param recvbuf    the result's array, already checked (may be {@code sendbuf})
     * @param recvoffset index of its first item
     * @param count      items per rank
     * @param type       their datatype
     * @param op         the operator
     * @throws MPIException when the operator rejects the datatype, or for a freed communicator
     */
    static void allreduce(Intracomm comm, MeetingPoint meeting, Object sendbuf, int sendoffset, Object recvbuf,
                          int recvoffset, int count, Datatype type, Op op) throws MPIException {
        OpCombiner combiner = new OpCombiner(op, type);
        int elements = count * MappedDatatype.committed(type).size();
        int member = comm.Rank();
        long number = meeting.nextMeeting(member);
        boolean inline = elements <= MeetingPoint.INLINE_LONGS;
        if (inline) {
            // the slot, only scratch space here, is fetched after the meeting: fetched before the
            // arrival it cost two ranks' 8-byte Allreduce about 60 ns (benchmarks README,
            // "The Allreduce's slot fetched after the meeting")
            for (int i = 0; i < elements; i++) {
                meeting.putInline(member, number, i, bits(sendbuf, sendoffset + i));
            }
        } else {
            System.arraycopy(sendbuf, sendoffset, slot(meeting, member, number, sendbuf, elements), 0, elements);
        }
        meeting.arrive(member);
        Waiter.await(meeting, member, number, comm.state);
        int last = meeting.members() - 1;
        if (inline) {
            Object mine = slot(meeting, member, number, sendbuf, elements);
            for (int i = 0; i < elements; i++) {
                setBits(recvbuf, recvoffset + i, meeting.inline(last, number, i));
            }
            for (int rank = last - 1; rank >= 0; rank--) {
                for (int i = 0; i < elements; i++) {
                    setBits(mine, i, meeting.inline(rank, number, i));
                }
                combiner.combine(mine, 0, recvbuf, recvoffset, count);
            }
            return;
        }
        System.arraycopy(meeting.slot(last, number), 0, recvbuf, recvoffset, elements);
        for (int rank = last - 1; rank >= 0; rank--) {
            combiner.combine(meeting.slot(rank, number), 0, recvbuf, recvoffset, count);
        }
    }

    /**
     * Returns the member's slot for a meeting, replaced by a new array when it cannot hold
     * {@code elements} items of {@code sendbuf}'s type: the member's operand, or, when operands
     * travel inline, where it unpacks the others'.
     */
    private static Object slot(MeetingPoint meeting, int member, long number, Object sendbuf, int elements) {
        Object slot = meeting.slot(member, number);
        if (slot == null || slot.getClass() != sendbuf.getClass() || Array.getLength(slot) < elements) {
            slot = Array.newInstance(sendbuf.getClass().getComponentType(), elements);
            meeting.setSlot(member, number, slot);
        }
        return slot;
    }

    /** Returns an element of a primitive array as the bits of a long. */
    private static long bits(Object array, int index) {
        return switch (array) {
            case double[] values -> Double.doubleToRawLongBits(values[index]);
            case long[] values -> values[index];
            case float[] values -> Float.floatToRawIntBits(values[index]);
            case int[] values -> values[index];
            case short[] values -> values[index];
            case char[] values -> values[index];
            case byte[] values -> values[index];
            case boolean[] values -> values[index] ? 1 : 0;
            default -> throw new IllegalArgumentException("not a primitive array: " + array.getClass().getName());
        };
    }

    /** Stores bits made by {@link #bits} back into an element of an array of the same type. */
    private static void setBits(Object array, int index, long bits) {
        switch (array) {
            case double[] values -> values[index] = Double.longBitsToDouble(bits);
            case long[] values -> values[index] = bits;
            case float[] values -> values[index] = Float.intBitsToFloat((int) bits);
            case int[] values -> values[index] = (int) bits;
            case short[] values -> values[index] = (short) bits;
            case char[] values -> values[index] = (char) bits;
            case byte[] values -> values[index] = (byte) bits;
            case boolean[] values -> values[index] = bits != 0;
            default -> throw new IllegalArgumentException("not a primitive array: " + array.getClass().getName());
        }
    }
}
