package mpi;

import java.lang.reflect.Array;

import org.mpjbuf.dev.HostProcessors;
import org.mpjbuf.dev.MeetingPoint;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.MappedDatatype;
import org.mpjbuf.mpj.runtime.RuntimeConfiguration;

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
 * <p>Waiting follows {@link Waiter}'s rules: spin (at most {@link RuntimeConfiguration#WAIT_SPIN_NANOS},
 * at most {@link Waiter#OVERSUBSCRIBED_SPIN_NANOS} when the host has more ranks than processors),
 * yield, then park until the last rank to arrive unparks the thread, or a stop of the job wakes it
 * with a {@code RankAbortedError}.
 *
 * <p>Stateless; a call runs on the calling rank thread, one call per communicator at a time (the
 * rule MPI sets for collectives).
 */
final class MeetingCollectives {

    /**
     * Largest operand, in bytes, that an allreduce reduces through the meeting point. Each rank
     * reads every rank's operand, so the traffic grows with the square of the rank count; up to
     * this size the rounds of messages it saves cost more.
     */
    static final long LARGEST_ALLREDUCE_BYTES = 8 * 1024;

    private static final int PROCESSORS = HostProcessors.count();

    /** Spins between two reads of the clock; a power of two. */
    private static final int SPINS_PER_CLOCK_READ = 64;

    private MeetingCollectives() {
    }

    /**
     * Tells whether an allreduce of {@code count} items of {@code type} runs on a meeting point:
     * a dense run of a primitive base type, not larger than {@link #LARGEST_ALLREDUCE_BYTES}, on a
     * host with a processor for every rank. With more ranks than processors every meeting wakes
     * all ranks at once, which measured slower than the message algorithms' pairwise steps (an
     * 8-byte Allreduce of 8 ranks on 2 cores: 21-33 us against 19 us; benchmarks README,
     * "Barrier and small Allreduce in memory"), while a Barrier there still gains.
     *
     * @param state the rank
     * @param count items per rank
     * @param type  their datatype, committed
     * @return whether {@link #allreduce} accepts it
     * @throws MPIException (MPI_ERR_TYPE) for a freed datatype
     */
    static boolean reduces(RankState state, int count, Datatype type) throws MPIException {
        if (state.environment().ranksOnThisHost() > PROCESSORS) {
            return false;
        }
        MappedDatatype mapped = MappedDatatype.committed(type);
        BaseType base = mapped.baseType();
        return count > 0 && base != null && base != BaseType.OBJECT && mapped.dataMin() == 0 && mapped.isDense(count)
            && (long) count * mapped.size() * CollectiveTransport.elementBytes(base) <= LARGEST_ALLREDUCE_BYTES;
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
        await(comm.state, meeting, member, number);
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
        // this rank's slot: its operand, or, when the operand travels inline, where it unpacks others'
        Object mine = meeting.slot(member, number);
        if (mine == null || mine.getClass() != sendbuf.getClass() || Array.getLength(mine) < elements) {
            mine = Array.newInstance(sendbuf.getClass().getComponentType(), elements);
            meeting.setSlot(member, number, mine);
        }
        boolean inline = elements <= MeetingPoint.INLINE_LONGS;
        if (inline) {
            for (int i = 0; i < elements; i++) {
                meeting.putInline(member, number, i, bits(sendbuf, sendoffset + i));
            }
        } else {
            System.arraycopy(sendbuf, sendoffset, mine, 0, elements);
        }
        meeting.arrive(member);
        await(comm.state, meeting, member, number);
        int last = meeting.members() - 1;
        if (inline) {
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

    /** Waits until meeting {@code number} is over; see the class comment. */
    private static void await(RankState state, MeetingPoint meeting, int member, long number) {
        if (meeting.isOver(number)) {
            return;
        }
        long spin = state.environment().ranksOnThisHost() > PROCESSORS
            ? Math.min(Waiter.OVERSUBSCRIBED_SPIN_NANOS, RuntimeConfiguration.WAIT_SPIN_NANOS)
            : RuntimeConfiguration.WAIT_SPIN_NANOS;
        long deadline = System.nanoTime() + spin;
        for (int turn = 1; ; turn++) {
            Thread.onSpinWait();
            if (meeting.isOver(number)) {
                return;
            }
            if ((turn & (SPINS_PER_CLOCK_READ - 1)) == 0 && System.nanoTime() >= deadline) {
                break;
            }
        }
        for (int yield = RuntimeConfiguration.WAIT_YIELDS; yield > 0; yield--) {
            Thread.yield();
            if (meeting.isOver(number)) {
                return;
            }
        }
        meeting.sleeps(member, Thread.currentThread());
        try {
            while (!meeting.isOver(number)) {
                state.environment().park(meeting);
            }
        } finally {
            meeting.wakes(member);
        }
    }
}
