package org.mpjbuf.mpj.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.BitSet;
import java.util.Locale;

/**
 * Binds each rank thread of an in-JVM job, or the main thread of each rank that {@code bin/mpjrun}
 * starts as a process, to a core of its own, as native MPI binds its processes when they do not
 * outnumber the cores.
 *
 * <h2>Why</h2>
 * Two rank threads that wait for each other hand the processor back and forth: the waiter spins,
 * and only a peer on another core can answer within the spin. Linux often wakes a thread on the
 * core of the thread that woke it, and once both ranks share one core each wait outlasts its spin,
 * the ranks yield to each other, and the kernel, seeing two threads that take turns, leaves them
 * there: measured on two cores, a 1-byte message then took 1-2.5 us instead of 0.1-0.3 us, in
 * whole runs or in phases of one (benchmarks README, "smdev latency"). A rank bound to a core of
 * its own cannot be moved onto its peer's.
 *
 * <h2>When</h2>
 * For a device whose ranks are threads of one JVM (smdev: a process device's ranks run in one JVM
 * only in tests, and have progress threads that would share their rank's core), and only when
 * every rank of the job gets a core that no other job of this JVM holds (cores are
 * reserved per JVM, so concurrent embedded jobs never share one) among the cores this thread may
 * run on; with more ranks than free cores no rank is bound and the scheduler places them, since a
 * bound rank could then not escape a busy core. Threads a rank starts inherit its binding. Binding
 * needs Linux's {@code sched_setaffinity} (called through the FFM API, so native access must be
 * enabled, as {@code bin/mpjrun} and the build enable it); where it is missing, nothing is bound.
 * {@link RuntimeConfiguration#BIND_RANKS} {@code none} turns binding off (for ranks that start
 * threads of their own which should spread over the cores).
 *
 * <p>A rank that is a process ({@link #bindProcessRank}) binds the thread that called
 * {@code MPI.Init} once its device is up (not for a program that asks {@code MPI.initThread} for
 * more than {@code THREAD_SINGLE}: it runs threads of its own), to the core whose place among the cores the process may
 * run on is the rank's place among its host's ranks, when the host's ranks do not outnumber those
 * cores. The device's progress thread and the JVM's own threads, started before, stay free; threads
 * the program starts later from the bound thread share its core. Two niodev ranks exchanging
 * small messages lost about 200 us in 1 % of their exchanges when free, and rounds in which both
 * shared a core; bound, the 99th percentile of a round stayed at 37-171 us against 46-233 us
 * (benchmarks README, "Ranks of a process device bound to cores").
 * Processes are not coordinated across jobs: two jobs on one host bind to the same cores, as two
 * native MPI jobs do by default. Ranks started by a cluster launcher ({@code srun},
 * {@code mpirun}) are left to that launcher's binding.
 *
 * <p>Thread-safe: reservations are made under the class's lock; each rank thread binds itself.
 */
@SuppressWarnings("restricted") // sched_getaffinity and sched_setaffinity of libc: the reason this class exists
final class CoreBinding {
    /** The binding of a job whose ranks are not bound. */
    static final CoreBinding NONE = new CoreBinding(new int[0]);

    /** Bytes of a CPU mask: 1024 CPUs, the kernel's usual {@code CPU_SETSIZE}. */
    private static final long MASK_BYTES = 128;

    private static final BitSet RESERVED = new BitSet();
    private static final Affinity AFFINITY = Affinity.load();

    private final int[] cores;

    private CoreBinding(int[] cores) {
        this.cores = cores;
    }

    /**
     * Reserves a core for each of {@code ranks} rank threads, or returns {@link #NONE} when the
     * job's ranks are not to be bound (see the class comment).
     *
     * @param ranks the job's rank threads
     * @param policy {@code auto} or {@code none}
     * @return the reservation, to {@link #release} when the job ends
     * @throws IllegalArgumentException for another policy
     */
    static CoreBinding reserve(int ranks, String policy) {
        if (!binds(policy) || AFFINITY == null || ranks < 2) {
            return NONE;
        }
        BitSet allowed = AFFINITY.allowedCores();
        if (allowed == null) {
            return NONE;
        }
        synchronized (RESERVED) {
            allowed.andNot(RESERVED);
            if (allowed.cardinality() < ranks) {
                return NONE;
            }
            int[] cores = new int[ranks];
            int core = -1;
            for (int rank = 0; rank < ranks; rank++) {
                core = allowed.nextSetBit(core + 1);
                cores[rank] = core;
                RESERVED.set(core);
            }
            return new CoreBinding(cores);
        }
    }

    /**
     * Binds the calling thread, the main thread of a rank that is a process of its own, to the
     * {@code localIndex}th of the cores it may run on, when the host's {@code localRanks} ranks
     * get one each (see the class comment).
     *
     * @param localIndex the rank's place among its host's ranks, from 0
     * @param localRanks how many ranks of the job run on this host
     * @param policy {@code auto} or {@code none}
     * @return the core the thread is now bound to, or -1 if it stays unbound
     * @throws IllegalArgumentException for another policy
     */
    static int bindProcessRank(int localIndex, int localRanks, String policy) {
        if (!binds(policy) || AFFINITY == null || localRanks < 2 || localIndex < 0 || localIndex >= localRanks) {
            return -1;
        }
        BitSet allowed = AFFINITY.allowedCores();
        if (allowed == null || allowed.cardinality() < localRanks) {
            return -1;
        }
        int core = allowed.nextSetBit(0);
        for (int place = 0; place < localIndex; place++) {
            core = allowed.nextSetBit(core + 1);
        }
        return AFFINITY.bindCallingThread(core) ? core : -1;
    }

    /** Tells whether {@code policy} asks for binding: {@code auto} yes, {@code none} no, in any case. */
    private static boolean binds(String policy) {
        return switch (policy.toLowerCase(Locale.ROOT)) {
            case "none" -> false;
            case "auto" -> true;
            default -> throw new IllegalArgumentException(RuntimeConfiguration.BIND_RANKS_PROP_NAME + " = '"
                + policy + "' (expected auto or none)");
        };
    }

    /**
     * Binds the calling thread, rank {@code rank}'s, to its core; does nothing for {@link #NONE}
     * or when the kernel refuses (the rank then runs unbound).
     *
     * @param rank the rank whose thread calls
     * @return whether the thread is now bound
     */
    boolean bind(int rank) {
        return rank < cores.length && AFFINITY.bindCallingThread(cores[rank]);
    }

    /** Returns the job's cores to this JVM's free cores. */
    void release() {
        synchronized (RESERVED) {
            for (int core : cores) {
                RESERVED.clear(core);
            }
        }
    }

    /** The cores reserved, by rank (empty when the ranks are not bound). */
    int[] cores() {
        return cores.clone();
    }

    /** Linux's {@code sched_getaffinity} and {@code sched_setaffinity}, for the calling thread. */
    private record Affinity(MethodHandle get, MethodHandle set) {

        /** Returns the two functions, or {@code null} where they or native access are missing. */
        static Affinity load() {
            if (!CoreBinding.class.getModule().isNativeAccessEnabled()) {
                return null;
            }
            try {
                Linker linker = Linker.nativeLinker();
                FunctionDescriptor signature = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_LONG, ValueLayout.ADDRESS);
                MethodHandle get = linker.defaultLookup().find("sched_getaffinity")
                    .map(symbol -> linker.downcallHandle(symbol, signature)).orElse(null);
                MethodHandle set = linker.defaultLookup().find("sched_setaffinity")
                    .map(symbol -> linker.downcallHandle(symbol, signature)).orElse(null);
                return get == null || set == null ? null : new Affinity(get, set);
            } catch (RuntimeException unavailable) {
                return null;
            }
        }

        /** The cores the calling thread may run on, or {@code null} if the kernel does not say. */
        BitSet allowedCores() {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment mask = arena.allocate(MASK_BYTES);
                if ((int) get.invokeExact(0, MASK_BYTES, mask) != 0) {
                    return null;
                }
                return BitSet.valueOf(mask.toArray(ValueLayout.JAVA_BYTE));
            } catch (Throwable failed) {
                return null;
            }
        }

        /** Binds the calling thread to one core; returns whether the kernel agreed. */
        boolean bindCallingThread(int core) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment mask = arena.allocate(MASK_BYTES);
                mask.set(ValueLayout.JAVA_BYTE, core / 8, (byte) (1 << (core % 8)));
                return (int) set.invokeExact(0, MASK_BYTES, mask) == 0;
            } catch (Throwable failed) {
                return false;
            }
        }
    }
}
