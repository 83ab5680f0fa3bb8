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
 * barrier is one atomic increment per rank and one volatile write by the last to arrive, where
 * the message algorithms need a send and a receive per rank and round. An allreduce copies each
 * rank's operand into its slot, meets, and lets every rank reduce all the slots itself, in the
 * same order on every rank ({@code x0 op (x1 op (... op x(p-1)))}), so every rank gets the same
 * bits, for non-commutative operators too.
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
     * Tells whether an allreduce of {@code count} items of {@code type} can run on a meeting
     * point: a dense run of a primitive base type, not larger than {@link #LARGEST_ALLREDUCE_BYTES}.
     *
     * @param count items per rank
     * @param type  their datatype, committed
     * @return whether {@link #allreduce} accepts it
     * @throws MPIException (MPI_ERR_TYPE) for a freed datatype
     */
    static boolean reduces(int count, Datatype type) throws MPIException {
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
        await(comm.state, meeting, member, meeting.arrive());
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
        int generation = meeting.generation();
        Object mine = meeting.slot(generation, member);
        if (mine == null || mine.getClass() != sendbuf.getClass() || Array.getLength(mine) < elements) {
            mine = Array.newInstance(sendbuf.getClass().getComponentType(), elements);
            meeting.setSlot(generation, member, mine);
        }
        System.arraycopy(sendbuf, sendoffset, mine, 0, elements);
        await(comm.state, meeting, member, meeting.arrive());
        int last = meeting.members() - 1;
        System.arraycopy(meeting.slot(generation, last), 0, recvbuf, recvoffset, elements);
        for (int rank = last - 1; rank >= 0; rank--) {
            combiner.combine(meeting.slot(generation, rank), 0, recvbuf, recvoffset, count);
        }
    }

    /** Waits until the meeting of {@code generation} is over; see the class comment. */
    private static void await(RankState state, MeetingPoint meeting, int member, int generation) {
        if (meeting.isOver(generation)) {
            return;
        }
        long spin = state.environment().ranksOnThisHost() > PROCESSORS
            ? Math.min(Waiter.OVERSUBSCRIBED_SPIN_NANOS, RuntimeConfiguration.WAIT_SPIN_NANOS)
            : RuntimeConfiguration.WAIT_SPIN_NANOS;
        long deadline = System.nanoTime() + spin;
        for (int turn = 1; ; turn++) {
            Thread.onSpinWait();
            if (meeting.isOver(generation)) {
                return;
            }
            if ((turn & (SPINS_PER_CLOCK_READ - 1)) == 0 && System.nanoTime() >= deadline) {
                break;
            }
        }
        for (int yield = RuntimeConfiguration.WAIT_YIELDS; yield > 0; yield--) {
            Thread.yield();
            if (meeting.isOver(generation)) {
                return;
            }
        }
        meeting.sleeps(member, Thread.currentThread());
        try {
            while (!meeting.isOver(generation)) {
                state.environment().park(meeting);
            }
        } finally {
            meeting.wakes(member);
        }
    }
}
