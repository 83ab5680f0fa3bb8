package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.net.InetSocketAddress;
import java.util.Arrays;

/**
 * The entry point of one rank that {@code bin/mpjrun} starts as a process of its own (a device
 * whose ranks are processes, such as niodev): joins the job through the launcher's bootstrap, then
 * runs the program's {@code main} in this JVM, in a thread of its own ({@code mpj-rank-N}).
 *
 * <p>What the launcher hands over: the program's main class and arguments on the command line;
 * the rank, the size, the device, the bootstrap address and the argument convention in the
 * environment ({@link #RANK_VARIABLE} and the others); and the job's secret as the first line of
 * standard input, where no other user can read it (a command line is visible to every user of
 * the host).
 *
 * <p>The rank's thread that calls {@code MPI.Init} is bound to a core of its own once the device
 * is up, when the host's ranks do not outnumber its cores and the program does not ask for more
 * than {@code MPI.THREAD_SINGLE} ({@link CoreBinding#bindProcessRank}).
 *
 * <p>How a rank ends: after {@code main} returns, with status 0; when it throws, it prints the
 * failure, asks the launcher to end the job, and exits with status 1; after {@code Comm.Abort},
 * with the abort's code. Not for applications: {@code bin/mpjrun -dev niodev} runs it.
 */
public final class ProcessRank {

    /** The environment variable holding this rank. */
    static final String RANK_VARIABLE = "MPJRUN_RANK";
    /** The environment variable holding the number of ranks. */
    static final String SIZE_VARIABLE = "MPJRUN_SIZE";
    /** The environment variable holding the ranks on this rank's host, comma-separated. */
    static final String LOCAL_RANKS_VARIABLE = "MPJRUN_LOCAL_RANKS";
    /** The environment variable holding the device name. */
    static final String DEVICE_VARIABLE = "MPJRUN_DEVICE";
    /** The environment variable holding the launcher's bootstrap address, {@code host:port}. */
    static final String BOOTSTRAP_VARIABLE = "MPJRUN_BOOTSTRAP";
    /** The environment variable saying whether {@code main} gets MPJ Express's leading arguments. */
    static final String MPJ_EXPRESS_ARGS_VARIABLE = "MPJRUN_MPJEXPRESS_ARGS";
    /** The longest secret line read from standard input, in bytes. */
    private static final int SECRET_LINE_LIMIT = 256;

    private ProcessRank() {
    }

    /**
     * Runs one rank.
     *
     * @param args the program's main class, then its arguments
     */
    public static void main(String[] args) {
        if (args.length == 0 || System.getenv(RANK_VARIABLE) == null) {
            System.err.println("ProcessRank runs one rank of a job that bin/mpjrun starts (-dev niodev); "
                + "it was started without one (no main class, or " + RANK_VARIABLE + " unset)");
            System.exit(2);
        }
        int rank = Integer.parseInt(System.getenv(RANK_VARIABLE));
        int size = Integer.parseInt(System.getenv(SIZE_VARIABLE));
        String device = System.getenv(DEVICE_VARIABLE);
        boolean mpjExpressArgs = Boolean.parseBoolean(System.getenv(MPJ_EXPRESS_ARGS_VARIABLE));
        LauncherBootstrap bootstrap;
        try {
            bootstrap = LauncherBootstrap.connect(address(System.getenv(BOOTSTRAP_VARIABLE)), rank, size,
                localRanks(System.getenv(LOCAL_RANKS_VARIABLE), size), readSecret(System.in));
        } catch (IOException | RuntimeException cannotJoin) {
            System.err.println("rank " + rank + " cannot join the job: " + cannotJoin.getMessage());
            System.exit(1);
            return;
        }
        System.exit(run(bootstrap, device, mpjExpressArgs, args[0], Arrays.copyOfRange(args, 1, args.length)));
    }

    /** Runs the program's main and returns the rank's exit status. */
    private static int run(LauncherBootstrap bootstrap, String device, boolean mpjExpressArgs, String mainClass,
                           String[] programArgs) {
        int rank = bootstrap.rank();
        RankEnvironment environment = RankEnvironment.ofProcess(bootstrap, device, mpjExpressArgs);
        ClassLoader loader = ProcessRank.class.getClassLoader();
        environment.bind(loader);
        try {
            MainMethod main = MainMethod.of(Class.forName(mainClass, true, loader));
            invokeInRankThread(rank, main, environment.mainArguments(programArgs));
            bootstrap.close();
            return 0;
        } catch (Throwable thrown) {
            Throwable failure = thrown instanceof InvocationTargetException invocation && invocation.getCause() != null
                ? invocation.getCause() : thrown;
            if (failure instanceof RankAbortedError aborted) {
                return aborted.initiator() ? Math.max(1, aborted.errorCode()) : 1;
            }
            System.err.println("rank " + rank + " failed:");
            failure.printStackTrace();
            bootstrap.abort(1, "rank " + rank + " failed: " + failure);
            return 1;
        }
    }

    /**
     * Runs the program's {@code main} in a thread of its own, which inherits this thread's rank
     * binding, and waits for it.
     *
     * <p>Design note. A rank's {@code main} runs in a thread started for it, as a rank of smdev
     * does, not in the JVM's main thread that joined the job. Called straight from this class's
     * {@code main}, NPB EP class A on one rank took 0.96-1.08 s, against 0.61-0.64 s in a thread
     * of its own, as a thread of smdev, or run straight by {@code java} or under Open MPI's
     * {@code mpirun} (in the JVM's main thread there): the same compiled code, with the rank's
     * thread busy throughout. The thread itself is not the cause: a scratch version that kept
     * {@code main} in the JVM's main thread but made a lambda and read a system property first
     * ran it in 0.60 s. What EP's compiled loop depends on was not found (neither core binding,
     * the processor, class-data sharing, huge pages, object alignment, safepoints nor the depth
     * of the stack below {@code main} made a difference); starting {@code main} as the thread
     * ranks do keeps a process rank on their measured path.
     *
     * @throws Throwable what {@code main} threw
     */
    private static void invokeInRankThread(int rank, MainMethod main, String[] arguments) throws Throwable {
        Throwable[] thrown = new Throwable[1];
        Thread rankThread = Thread.ofPlatform().name(Job.rankThreadName(rank)).start(() -> {
            try {
                main.invoke(arguments);
            } catch (Throwable failure) {
                thrown[0] = failure;
            }
        });
        boolean interrupted = false;
        while (true) {
            try {
                rankThread.join();
                break;
            } catch (InterruptedException ex) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (thrown[0] != null) {
            throw thrown[0];
        }
    }

    /** {@return the ranks on this host: the comma-separated list, or every rank when there is none} */
    private static int[] localRanks(String list, int size) {
        if (list == null || list.isBlank()) {
            return java.util.stream.IntStream.range(0, size).toArray();
        }
        return java.util.Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static InetSocketAddress address(String hostAndPort) {
        int colon = hostAndPort == null ? -1 : hostAndPort.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException(BOOTSTRAP_VARIABLE + " is '" + hostAndPort + "', not host:port");
        }
        return new InetSocketAddress(hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
    }

    /** Reads the secret line byte by byte, so that nothing after it is taken from the program's input. */
    private static byte[] readSecret(InputStream in) throws IOException {
        StringBuilder hex = new StringBuilder();
        while (true) {
            int next = in.read();
            if (next < 0 || next == '\n') {
                break;
            }
            if (hex.length() == SECRET_LINE_LIMIT) {
                throw new IOException("the secret line on standard input is longer than " + SECRET_LINE_LIMIT + " bytes");
            }
            hex.append((char) next);
        }
        byte[] secret = BootstrapProtocol.fromHex(hex.toString().trim());
        if (secret.length < 16) {
            throw new IOException("no job secret on standard input (bin/mpjrun writes it there)");
        }
        return secret;
    }
}
