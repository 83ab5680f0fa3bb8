package mpi;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;

import org.mpjbuf.mpj.datatype.BasicTypes;
import org.mpjbuf.mpj.op.PredefinedOps;
import org.mpjbuf.mpj.runtime.RankEnvironment;

/**
 * The entry point of the mpiJava 1.2 API: start-up and shut-down, the predefined communicators,
 * datatypes, operations, constants and null handles, timers, and the attached buffer of buffered
 * sends.
 *
 * <p>Each rank has its own copy of this class (the launcher loads the {@code mpi} package once
 * per rank), so {@link #COMM_WORLD} and the other statics are per rank. A program started with
 * plain {@code java} instead of {@code mpjrun} runs as a job of one rank.
 *
 * <p><b>Threads.</b> {@link #initThread} grants {@link #THREAD_MULTIPLE}: once initialized, any
 * thread of a rank may communicate, also concurrently; {@code Init} and {@code Finalize} are
 * called once, by one thread.
 */
public class MPI {

    /** Not in any group, no such index: a value distinct from every rank and tag. */
    public static int UNDEFINED = -32766;
    /** Receive from any source. */
    public static int ANY_SOURCE = -2;
    /** Receive with any tag. */
    public static int ANY_TAG = -1;
    /** The null process: communication with it completes at once and moves no data. */
    public static int PROC_NULL = -3;
    /**
     * The root argument of the root itself in a rooted intercommunicator collective (an MPI-2
     * addition to mpiJava 1.2; see {@link Intercomm#Bcast}).
     */
    public static int ROOT = -4;

    /** Identical groups or communicators. */
    public static final int IDENT = 0;
    /** Communicators with identical groups but different contexts. */
    public static final int CONGRUENT = 1;
    /** Groups with the same members in a different order. */
    public static final int SIMILAR = 2;
    /** Different groups. */
    public static final int UNEQUAL = 3;

    /** Topology type of a graph communicator. */
    public static int GRAPH = 1;
    /** Topology type of a Cartesian communicator. */
    public static int CART = 2;

    /** Thread level: only one thread per rank. */
    public static int THREAD_SINGLE = 0;
    /** Thread level: only the thread that initialized calls MPI. */
    public static int THREAD_FUNNELED = 1;
    /** Thread level: any thread, one at a time. */
    public static int THREAD_SERIALIZED = 2;
    /** Thread level: any thread, concurrently. */
    public static int THREAD_MULTIPLE = 3;

    /** Attribute key of the largest tag ({@link Comm#Attr_get(int)}). */
    public static int TAG_UB = 0;
    /** Attribute key of the host rank ({@code PROC_NULL}: there is no host process). */
    public static int HOST = 1;
    /** Attribute key of a rank that may do I/O ({@code ANY_SOURCE}: every rank may). */
    public static int IO = 2;

    /** Bytes of the attached buffer taken by each buffered send besides its data. */
    public static int BSEND_OVERHEAD = 16;
    /** Bytes the device reserves in front of a packed send buffer (set by {@code Init}). */
    public static int SEND_OVERHEAD = 0;
    /** Bytes the device reserves in front of a packed receive buffer (set by {@code Init}). */
    public static int RECV_OVERHEAD = 0;

    /** The null datatype handle; every datatype argument rejects it with MPI_ERR_TYPE. */
    public static Datatype NULL = null;
    /** {@code byte} elements. */
    public static Datatype BYTE = BasicTypes.BYTE;
    /** {@code char} elements. */
    public static Datatype CHAR = BasicTypes.CHAR;
    /** {@code short} elements. */
    public static Datatype SHORT = BasicTypes.SHORT;
    /** {@code boolean} elements. */
    public static Datatype BOOLEAN = BasicTypes.BOOLEAN;
    /** {@code int} elements. */
    public static Datatype INT = BasicTypes.INT;
    /** {@code long} elements. */
    public static Datatype LONG = BasicTypes.LONG;
    /** {@code float} elements. */
    public static Datatype FLOAT = BasicTypes.FLOAT;
    /** {@code double} elements. */
    public static Datatype DOUBLE = BasicTypes.DOUBLE;
    /** Packed bytes, as written by {@link Comm#Pack}. */
    public static Datatype PACKED = BasicTypes.PACKED;
    /** Lower-bound marker for {@link Datatype#Struct}. */
    public static Datatype LB = BasicTypes.LB;
    /** Upper-bound marker for {@link Datatype#Struct}. */
    public static Datatype UB = BasicTypes.UB;
    /** Serializable objects in an {@code Object[]}. */
    public static Datatype OBJECT = BasicTypes.OBJECT;
    /** (value, index) pairs of {@code short} for MAXLOC/MINLOC. */
    public static Datatype SHORT2 = BasicTypes.SHORT2;
    /** (value, index) pairs of {@code int} for MAXLOC/MINLOC. */
    public static Datatype INT2 = BasicTypes.INT2;
    /** (value, index) pairs of {@code long} for MAXLOC/MINLOC. */
    public static Datatype LONG2 = BasicTypes.LONG2;
    /** (value, index) pairs of {@code float} for MAXLOC/MINLOC. */
    public static Datatype FLOAT2 = BasicTypes.FLOAT2;
    /** (value, index) pairs of {@code double} for MAXLOC/MINLOC. */
    public static Datatype DOUBLE2 = BasicTypes.DOUBLE2;

    /** Reduction: maximum. */
    public static Op MAX = PredefinedOps.MAX;
    /** Reduction: minimum. */
    public static Op MIN = PredefinedOps.MIN;
    /** Reduction: sum. */
    public static Op SUM = PredefinedOps.SUM;
    /** Reduction: product. */
    public static Op PROD = PredefinedOps.PROD;
    /** Reduction: logical and. */
    public static Op LAND = PredefinedOps.LAND;
    /** Reduction: bitwise and. */
    public static Op BAND = PredefinedOps.BAND;
    /** Reduction: logical or. */
    public static Op LOR = PredefinedOps.LOR;
    /** Reduction: bitwise or. */
    public static Op BOR = PredefinedOps.BOR;
    /** Reduction: logical exclusive or. */
    public static Op LXOR = PredefinedOps.LXOR;
    /** Reduction: bitwise exclusive or. */
    public static Op BXOR = PredefinedOps.BXOR;
    /** Reduction: maximum and its index, over the pair types. */
    public static Op MAXLOC = PredefinedOps.MAXLOC;
    /** Reduction: minimum and its index, over the pair types. */
    public static Op MINLOC = PredefinedOps.MINLOC;

    /** Errors throw {@link MPIException} (the default). */
    public static Errhandler ERRORS_RETURN = new Errhandler(false, "MPI.ERRORS_RETURN");
    /** Errors abort the job at once. */
    public static Errhandler ERRORS_ARE_FATAL = new Errhandler(true, "MPI.ERRORS_ARE_FATAL");

    /**
     * MPI-2's {@code MPI_IN_PLACE}: passed as the send buffer of {@code Allreduce}, {@code Scan},
     * {@code Allgather}, and of {@code Reduce} and {@code Gather} at the root, it takes the rank's
     * operand from its receive buffer (its own block of it for the gathers), where the result
     * then replaces it. The send offset, count and datatype arguments are ignored.
     */
    public static final Object IN_PLACE = new Object() {
        @Override
        public String toString() {
            return "MPI.IN_PLACE";
        }
    };

    /** The status of an operation on a null request: any source, any tag, no elements. */
    public static Status EMPTY_STATUS = new Status();
    /** The empty group. */
    public static Group GROUP_EMPTY = new Group(new int[0], -1);
    /** The null group handle. */
    public static Group GROUP_NULL = new Group(new int[0], -1);
    /** The null request: inactive for ever. */
    public static Request REQUEST_NULL = new Request(null);
    /** The null communicator handle; every operation on it fails with MPI_ERR_COMM. */
    public static Comm COMM_NULL = Comm.nullComm();

    /** All processes of the job; set by {@link #Init}. */
    public static Intracomm COMM_WORLD;
    /** The calling process alone; set by {@link #Init}. */
    public static Comm COMM_SELF;

    /** This rank's runtime state; null before {@code Init} and after {@code Finalize}. */
    private static volatile RankState rank;

    /** Only static members. */
    protected MPI() {
    }

    /**
     * Initializes MPI for this rank: joins the job started by {@code mpjrun} (or a job of one
     * rank when started without it) and sets {@link #COMM_WORLD} and {@link #COMM_SELF}.
     *
     * @param args the program's arguments
     * @return the arguments meant for the program: all of them ({@code mpjrun} consumes its own),
     *         without the three leading ones under MPJ Express's convention
     *         ({@code mpjrun -mpjexpress-args})
     * @throws MPIException (MPI_ERR_OTHER) when called twice, or when the device cannot start
     */
    public static String[] Init(String[] args) throws MPIException {
        return initThread(THREAD_SINGLE, THREAD_MULTIPLE, args);
    }

    /**
     * Initializes MPI like {@link #Init} with a thread level; this library always provides
     * {@link #THREAD_MULTIPLE}, so any thread of the rank may call MPI at any time. {@code Init}
     * requires {@link #THREAD_SINGLE}, as MPI's {@code MPI_Init} does. A rank that
     * {@code bin/mpjrun} started as a process binds the calling thread to a core of its own only
     * when the program requires {@link #THREAD_SINGLE}: a program that asks for more runs threads
     * of its own, which would share that core ({@code mpjbuf.mpj.bindRanks}).
     *
     * @param required the thread level the program needs
     * @param provided the thread level the program would accept at least (ignored: every level
     *                 is provided)
     * @param args     the program's arguments
     * @return the arguments meant for the program
     * @throws MPIException (MPI_ERR_ARG) for a level outside THREAD_SINGLE..THREAD_MULTIPLE,
     *                      (MPI_ERR_OTHER) when already initialized
     */
    public static synchronized String[] initThread(int required, int provided, String[] args)
        throws MPIException {
        checkLevel(required, "required");
        checkLevel(provided, "provided");
        if (rank != null || RankState.task() != null) {
            throw Checks.error(MPIException.ERR_OTHER, "MPI.Init called twice on rank "
                + (rank != null ? rank : RankState.task()).environment().rank()
                + " (expected exactly one Init before Finalize)");
        }
        RankEnvironment environment = RankEnvironment.current();
        RankState state = RankState.start(environment != null ? environment : RankEnvironment.standalone());
        if (required == THREAD_SINGLE) {
            state.environment().bindInitThread();
        }
        SEND_OVERHEAD = state.device().getSendOverhead();
        RECV_OVERHEAD = state.device().getRecvOverhead();
        COMM_WORLD = state.world();
        COMM_SELF = state.self();
        rank = state;
        return state.environment().programArguments(args);
    }

    /**
     * Returns the thread level provided to this rank.
     *
     * @return {@link #THREAD_MULTIPLE}
     * @throws MPIException (MPI_ERR_OTHER) before {@code Init}
     */
    public static int queryThread() throws MPIException {
        state("queryThread");
        return THREAD_MULTIPLE;
    }

    /**
     * Tells whether the calling thread is the one that initialized MPI.
     *
     * @return true for the thread that called {@code Init}
     * @throws MPIException (MPI_ERR_OTHER) before {@code Init}
     */
    public static boolean isMainThread() throws MPIException {
        return state("isMainThread").mainThread() == Thread.currentThread();
    }

    /**
     * Shuts MPI down for this rank: waits for buffered sends to be delivered and leaves the job.
     * Messages sent to this rank and never received are dropped.
     *
     * @throws MPIException (MPI_ERR_OTHER) before {@code Init} or when called twice
     */
    public static synchronized void Finalize() throws MPIException {
        RankState state = rank;
        if (state == null) {
            throw Checks.error(MPIException.ERR_OTHER,
                "MPI.Finalize called without MPI.Init (or twice)");
        }
        rank = null;
        COMM_WORLD = null;
        COMM_SELF = null;
        state.finish();
    }

    /**
     * Tells whether {@code Init} has been called (and {@code Finalize} not yet).
     *
     * @return true while MPI is initialized
     */
    public static boolean Initialized() {
        return rank != null || RankState.task() != null;
    }

    /**
     * Returns the wall-clock time.
     *
     * @return seconds since an arbitrary origin fixed for the life of the JVM
     */
    public static double Wtime() {
        return System.nanoTime() * 1e-9;
    }

    /**
     * Returns the resolution of {@link #Wtime()}.
     *
     * @return seconds between ticks
     */
    public static double Wtick() {
        return 1e-9;
    }

    /**
     * Returns the name of the processor (host) this rank runs on.
     *
     * @return the host name, or {@code "localhost"} when it cannot be resolved
     */
    public static String Get_processor_name() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException unresolved) {
            return "localhost";
        }
    }

    /**
     * Attaches a buffer for buffered sends ({@code Bsend}, {@code Ibsend}, {@code Bsend_init}):
     * each buffered message takes its packed length plus {@link #BSEND_OVERHEAD} bytes of it
     * until delivered. The library copies buffered messages out of the user's arrays and accounts
     * their space against this buffer's length; the array itself stays the caller's.
     *
     * @param buffer the buffer
     * @throws MPIException (MPI_ERR_BUFFER) when a buffer is attached already or the argument is
     *                      null, (MPI_ERR_OTHER) before {@code Init}
     */
    public static void Buffer_attach(byte[] buffer) throws MPIException {
        Checks.notNull(buffer, "buffer");
        state("Buffer_attach").attached().attach(buffer.length);
    }

    /**
     * Attaches a buffer for buffered sends, as {@link #Buffer_attach(byte[])}; its remaining bytes
     * are the capacity (MPJ Express's form).
     *
     * @param buffer the buffer
     * @throws MPIException as {@link #Buffer_attach(byte[])}
     */
    public static void Buffer_attach(ByteBuffer buffer) throws MPIException {
        Checks.notNull(buffer, "buffer");
        state("Buffer_attach").attached().attach(buffer.remaining());
    }

    /**
     * Detaches the buffer of buffered sends, first waiting until every buffered message has been
     * delivered.
     *
     * @throws MPIException (MPI_ERR_BUFFER) when no buffer is attached, (MPI_ERR_OTHER) before
     *                      {@code Init}
     */
    public static void Buffer_detach() throws MPIException {
        RankState state = state("Buffer_detach");
        state.attached().detach(state.environment());
    }

    /**
     * Sets what happens on errors for this rank.
     *
     * @param handler {@link #ERRORS_RETURN} or {@link #ERRORS_ARE_FATAL}
     * @throws MPIException (MPI_ERR_ARG) for another value, (MPI_ERR_OTHER) before {@code Init}
     */
    public static void Errorhandler_set(Errhandler handler) throws MPIException {
        RankState state = state("Errorhandler_set");
        if (handler != ERRORS_RETURN && handler != ERRORS_ARE_FATAL) {
            throw Checks.error(MPIException.ERR_ARG, "handler = " + handler
                + " (expected MPI.ERRORS_RETURN or MPI.ERRORS_ARE_FATAL)");
        }
        state.errhandler(handler);
    }

    /**
     * Returns what happens on errors for this rank.
     *
     * @return the error handler
     * @throws MPIException (MPI_ERR_OTHER) before {@code Init}
     */
    public static Errhandler Errorhandler_get() throws MPIException {
        return state("Errorhandler_get").errhandler();
    }

    /** Returns this rank's state in a launched program, or null. */
    static RankState initializedRank() {
        return rank;
    }

    /** Returns a fresh empty status (callers may set its index). */
    static Status emptyStatus() {
        return new Status();
    }

    private static RankState state(String call) throws MPIException {
        RankState state = RankState.lookup();
        if (state == null) {
            throw new MPIException(MPIException.ERR_OTHER, "MPI." + call
                + " called before MPI.Init (or after MPI.Finalize)");
        }
        return state;
    }

    private static void checkLevel(int level, String argument) throws MPIException {
        if (level < THREAD_SINGLE || level > THREAD_MULTIPLE) {
            throw Checks.error(MPIException.ERR_ARG, argument + " = " + level
                + " (expected MPI.THREAD_SINGLE .. MPI.THREAD_MULTIPLE, i.e. 0..3)");
        }
    }
}
