package org.mpjbuf.mpj.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.BootstrapException;

/**
 * The {@link Bootstrap} of a rank started by a launcher with a PMIx server: Open MPI's
 * {@code mpirun}/{@code mpiexec} (4.x, 5.x), Slurm's {@code srun --mpi=pmix}, PRRTE. It calls the
 * PMIx client library {@code libpmix.so.2} through the Foreign Function &amp; Memory API (no JNI,
 * no C build), with the layouts of {@link PmixDescriptor}.
 *
 * <ul>
 *   <li>{@code PMIx_Init} gives the namespace and the rank; {@code PMIx_Get} of
 *       {@code pmix.job.size} and {@code pmix.lpeers} on the job gives the size and the ranks on
 *       this node.</li>
 *   <li>{@link #put} is {@code PMIx_Put} of a string in the global scope; {@link #fence} is
 *       {@code PMIx_Commit}, then {@code PMIx_Fence} over the whole namespace with
 *       {@code pmix.collect}; {@link #get} is {@code PMIx_Get} on the peer's process.</li>
 *   <li>The job's secret is drawn by rank 0 and shared through a first fence, made when the
 *       bootstrap opens: the server's key-value store belongs to the job.</li>
 *   <li>{@link #abort} is {@code PMIx_Abort}; {@code PMIx_Finalize} runs when the JVM exits.</li>
 * </ul>
 *
 * <p>Thread-safe as {@link Bootstrap} requires: calls into the library are serialized on this
 * object.
 */
@SuppressWarnings("restricted") // calls into libpmix: the reason this class exists
final class PmixBootstrap implements Bootstrap {

    private static final String LIBRARY = "libpmix.so.2";
    private static final String SECRET_KEY = "mpjbuf.secret";

    private final Arena arena = Arena.ofShared();
    private final MethodHandle init;
    private final MethodHandle get;
    private final MethodHandle putValue;
    private final MethodHandle commit;
    private final MethodHandle fenceAll;
    private final MethodHandle abortJob;
    private final MethodHandle finalizeClient;
    private final MethodHandle destructValue;
    private final MethodHandle free;
    private final MemorySegment self;
    private final MemorySegment collect;
    private final String namespace;
    private final int rank;
    private final int size;
    private final int[] localRanks;
    private final byte[] secret;
    private final Set<String> putKeys = new HashSet<>();
    private volatile boolean finalized;

    private PmixBootstrap() throws Throwable {
        Linker linker = Linker.nativeLinker();
        SymbolLookup pmix = SymbolLookup.libraryLookup(LIBRARY, arena);
        SymbolLookup libc = linker.defaultLookup();
        ValueLayout address = ValueLayout.ADDRESS;
        ValueLayout.OfInt status = ValueLayout.JAVA_INT;
        ValueLayout.OfLong sizeT = ValueLayout.JAVA_LONG;
        init = linker.downcallHandle(pmix.findOrThrow("PMIx_Init"), FunctionDescriptor.of(status, address, address, sizeT));
        get = linker.downcallHandle(pmix.findOrThrow("PMIx_Get"),
            FunctionDescriptor.of(status, address, address, address, sizeT, address));
        putValue = linker.downcallHandle(pmix.findOrThrow("PMIx_Put"),
            FunctionDescriptor.of(status, ValueLayout.JAVA_BYTE, address, address));
        commit = linker.downcallHandle(pmix.findOrThrow("PMIx_Commit"), FunctionDescriptor.of(status));
        fenceAll = linker.downcallHandle(pmix.findOrThrow("PMIx_Fence"),
            FunctionDescriptor.of(status, address, sizeT, address, sizeT));
        abortJob = linker.downcallHandle(pmix.findOrThrow("PMIx_Abort"),
            FunctionDescriptor.of(status, ValueLayout.JAVA_INT, address, address, sizeT));
        finalizeClient = linker.downcallHandle(pmix.findOrThrow("PMIx_Finalize"), FunctionDescriptor.of(status, address, sizeT));
        destructValue = linker.downcallHandle(pmix.findOrThrow("PMIx_Value_destruct"), FunctionDescriptor.ofVoid(address));
        free = linker.downcallHandle(libc.findOrThrow("free"), FunctionDescriptor.ofVoid(address));

        self = arena.allocate(PmixDescriptor.PROC_SIZE, 8);
        check((int) init.invokeExact(self, MemorySegment.NULL, 0L), "PMIx_Init");
        namespace = self.getString(0, StandardCharsets.US_ASCII);
        rank = self.get(ValueLayout.JAVA_INT, PmixDescriptor.PROC_RANK_OFFSET);
        collect = arena.allocate(PmixDescriptor.INFO_SIZE, 8);
        collect.setString(0, PmixDescriptor.COLLECT_DATA, StandardCharsets.US_ASCII);
        collect.set(ValueLayout.JAVA_SHORT, PmixDescriptor.INFO_VALUE_OFFSET + PmixDescriptor.VALUE_TYPE_OFFSET,
            PmixDescriptor.TYPE_BOOL);
        collect.set(ValueLayout.JAVA_BOOLEAN, PmixDescriptor.INFO_VALUE_OFFSET + PmixDescriptor.VALUE_DATA_OFFSET, true);
        size = Integer.parseInt(jobValue(PmixDescriptor.JOB_SIZE));
        localRanks = Arrays.stream(jobValue(PmixDescriptor.LOCAL_PEERS).split(","))
            .mapToInt(peer -> Integer.parseInt(peer.trim())).sorted().toArray();
        if (rank == 0) {
            byte[] drawn = new byte[BootstrapProtocol.SECRET_BYTES];
            new SecureRandom().nextBytes(drawn);
            put(SECRET_KEY, BootstrapProtocol.toHex(drawn));
        }
        fence();
        secret = BootstrapProtocol.fromHex(get(0, SECRET_KEY));
        Runtime.getRuntime().addShutdownHook(new Thread(this::finish, "pmix-finalize"));
    }

    /**
     * Initializes the PMIx client of this process and joins its job.
     *
     * @return the bootstrap
     * @throws BootstrapException naming what failed: the library missing, or a PMIx call's status
     */
    static PmixBootstrap connect() {
        try {
            return new PmixBootstrap();
        } catch (BootstrapException failed) {
            throw failed;
        } catch (IllegalArgumentException missing) {
            throw new BootstrapException("the launcher runs a PMIx server, but " + LIBRARY + " cannot be loaded ("
                + missing.getMessage() + "); install the PMIx client library (Debian: libpmix2)", missing);
        } catch (Throwable failed) {
            throw new BootstrapException("cannot join the job through PMIx: " + failed, failed);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int[] localRanks() {
        return localRanks.clone();
    }

    @Override
    public synchronized void put(String key, String value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (key.isEmpty() || key.length() >= PmixDescriptor.INFO_KEY_LENGTH) {
            throw new IllegalArgumentException("a bootstrap key must have 1 to " + (PmixDescriptor.INFO_KEY_LENGTH - 1)
                + " characters: '" + key + "'");
        }
        if (value.length() > MAX_VALUE_LENGTH) {
            throw new IllegalArgumentException("a bootstrap value must be at most " + MAX_VALUE_LENGTH
                + " characters; got " + value.length());
        }
        if (!putKeys.add(key)) {
            throw new IllegalArgumentException("rank " + rank + " put key '" + key + "' already");
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment pmixValue = call.allocate(PmixDescriptor.VALUE_SIZE, 8);
            pmixValue.set(ValueLayout.JAVA_SHORT, PmixDescriptor.VALUE_TYPE_OFFSET, PmixDescriptor.TYPE_STRING);
            pmixValue.set(ValueLayout.ADDRESS, PmixDescriptor.VALUE_DATA_OFFSET, call.allocateFrom(value));
            check((int) putValue.invokeExact(PmixDescriptor.SCOPE_GLOBAL, call.allocateFrom(key), pmixValue), "PMIx_Put " + key);
        } catch (BootstrapException failed) {
            throw failed;
        } catch (Throwable failed) {
            throw new BootstrapException("PMIx_Put of '" + key + "' failed: " + failed, failed);
        }
    }

    @Override
    public synchronized void fence() {
        try {
            check((int) commit.invokeExact(), "PMIx_Commit");
            check((int) fenceAll.invokeExact(MemorySegment.NULL, 0L, collect, 1L), "PMIx_Fence");
        } catch (BootstrapException failed) {
            throw failed;
        } catch (Throwable failed) {
            throw new BootstrapException("the PMIx fence of rank " + rank + " failed: " + failed, failed);
        }
    }

    @Override
    public synchronized String get(int peer, String key) {
        Objects.requireNonNull(key, "key");
        if (peer < 0 || peer >= size) {
            throw new IllegalArgumentException("rank " + peer + " is not a rank of this job of " + size);
        }
        return value(peer, key);
    }

    @Override
    public byte[] jobSecret() {
        return secret.clone();
    }

    @Override
    public synchronized void abort(int status, String reason) {
        ClusterLaunchers.reportAbort(reason);
        finalized = true;
        try (Arena call = Arena.ofConfined()) {
            int ignored = (int) abortJob.invokeExact(status, call.allocateFrom(reason == null ? "" : reason),
                MemorySegment.NULL, 0L);
        } catch (Throwable launcherGone) {
            // the launcher ends the job by the rank's exit status anyway
        }
    }

    /** {@code PMIx_Finalize}, once, when the JVM exits (not after an abort). */
    private void finish() {
        if (finalized) {
            return;
        }
        finalized = true;
        try {
            int ignored = (int) finalizeClient.invokeExact(MemorySegment.NULL, 0L);
        } catch (Throwable launcherGone) {
            // nothing left to tell
        }
    }

    /** A value of the job itself (the wildcard rank), as text. */
    private String jobValue(String key) {
        return value(PmixDescriptor.RANK_WILDCARD, key);
    }

    /** {@code PMIx_Get} of a string or 32-bit unsigned value, as text. */
    private String value(int ofRank, String key) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment proc = call.allocate(PmixDescriptor.PROC_SIZE, 8);
            proc.setString(0, namespace, StandardCharsets.US_ASCII);
            proc.set(ValueLayout.JAVA_INT, PmixDescriptor.PROC_RANK_OFFSET, ofRank);
            MemorySegment result = call.allocate(ValueLayout.ADDRESS);
            int status = (int) get.invokeExact(proc, call.allocateFrom(key), MemorySegment.NULL, 0L, result);
            if (status != PmixDescriptor.SUCCESS) {
                throw new BootstrapException((ofRank == PmixDescriptor.RANK_WILDCARD ? "the job" : "rank " + ofRank)
                    + " has no value under '" + key + "' (PMIx_Get status " + status + ")");
            }
            MemorySegment found = result.get(ValueLayout.ADDRESS, 0).reinterpret(PmixDescriptor.VALUE_SIZE);
            try {
                short type = found.get(ValueLayout.JAVA_SHORT, PmixDescriptor.VALUE_TYPE_OFFSET);
                if (type == PmixDescriptor.TYPE_STRING) {
                    return found.get(ValueLayout.ADDRESS, PmixDescriptor.VALUE_DATA_OFFSET).reinterpret(Long.MAX_VALUE)
                        .getString(0, StandardCharsets.UTF_8);
                }
                if (type == PmixDescriptor.TYPE_UINT32) {
                    return Integer.toUnsignedString(found.get(ValueLayout.JAVA_INT, PmixDescriptor.VALUE_DATA_OFFSET));
                }
                throw new BootstrapException("'" + key + "' has PMIx type " + type + ", not a string or a uint32");
            } finally {
                destructValue.invokeExact(found);
                free.invokeExact(found);
            }
        } catch (BootstrapException failed) {
            throw failed;
        } catch (Throwable failed) {
            throw new BootstrapException("PMIx_Get of '" + key + "' failed: " + failed, failed);
        }
    }

    private static void check(int status, String call) {
        if (status != PmixDescriptor.SUCCESS) {
            throw new BootstrapException(call + " failed with PMIx status " + status);
        }
    }

    @Override
    public String toString() {
        return "PmixBootstrap[rank " + rank + " of " + size + ", namespace " + namespace + "]";
    }
}
