package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.mpjbuf.dev.WorldKind;

/**
 * The command line of {@code bin/mpjrun}: parses the options, runs the job through {@link Job},
 * reports failing ranks on standard error and exits with the job's status.
 *
 * <pre>
 * mpjrun -np N [-dev smdev] [-cp CLASSPATH] [-prefix] [-mpjexpress-args] MainClass [args...]
 * mpjrun -np N [-dev smdev] [-cp CLASSPATH] [-prefix] [-mpjexpress-args] -jar program.jar [args...]
 * </pre>
 *
 * <p>Not thread-safe; meant to be called once by {@code main}.
 */
public final class Mpjrun {

    /** The usage text printed on bad arguments. */
    static final String USAGE = """
        usage: mpjrun -np N [-dev DEVICE] [-hostfile FILE] [-cp CLASSPATH] [-prefix] [-mpjexpress-args] MainClass [args...]
               mpjrun -np N [-dev DEVICE] [-hostfile FILE] [-cp CLASSPATH] [-prefix] [-mpjexpress-args] -jar program.jar [args...]
          -np N          number of ranks (N >= 1)
          -dev DEVICE    device to run on (default: %s): smdev runs the ranks as threads of one JVM,
                         niodev as processes of this host that talk over TCP
          -cp CLASSPATH  the program's class path (default: the current directory)
          -prefix        prefix every output line with [rank]
          -hostfile FILE run the ranks on the hosts of FILE ("host slots=N" lines, filled in order;
                         a device whose ranks are processes), started through the launch agent
          -launcher-exec CMD
                         the launch agent, called as CMD HOST 'COMMAND LINE' (default: ssh -T -o BatchMode=yes)
          -mpjexpress-args
                         pass main "rank size device" before the program's arguments, as MPJ Express
                         does (programs written for it read their own from args[3] on);
                         MPI.Init returns the program's arguments either way
          -jar FILE      run the Main-Class of FILE, with FILE as the class path
          -h, -help      print this text
        """.formatted(RuntimeConfiguration.DEVICE_DEFAULT);

    /**
     * The parsed command line.
     *
     * @param hostfile    the hostfile of a job across hosts, or {@code null} for this host
     * @param launchAgent the command that reaches another host ({@code -launcher-exec})
     */
    record Command(int ranks, String device, List<Path> classPath, boolean prefix, boolean mpjExpressArgs,
                   Path hostfile, List<String> launchAgent, String mainClass, String[] args) {

        /** {@return this command, once checked} @throws IllegalArgumentException naming what is wrong */
        Command checked() {
            if (ranks == 0) {
                throw new IllegalArgumentException("missing -np N (the number of ranks)");
            }
            WorldKind kind = Worlds.kind(device);
            if (hostfile != null && kind != WorldKind.PROCESSES) {
                throw new IllegalArgumentException("-hostfile needs a device whose ranks are processes (-dev niodev); "
                    + device + " runs them as threads of one JVM");
            }
            return this;
        }
    }

    private Mpjrun() {
    }

    /**
     * Runs a job as the command line says and exits with its status (2 for bad arguments).
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    /**
     * Runs a job as the command line says, reporting on {@code err}.
     *
     * @param args the command line
     * @param err  where usage and failures are reported
     * @return the exit status: 0 on success, 2 for bad arguments, 1 when the main class cannot run
     *         (not found, not loadable, no main method: reported in one line before any rank
     *         starts), the job's status otherwise
     */
    static int run(String[] args, PrintStream err) {
        Command command;
        try {
            command = parse(args);
        } catch (IllegalArgumentException bad) {
            err.println("mpjrun: " + bad.getMessage());
            err.print(USAGE);
            return 2;
        }
        if (command == null) {
            err.print(USAGE);
            return 0;
        }
        if (Worlds.kind(command.device()) == WorldKind.PROCESSES) {
            return runProcesses(command, err);
        }
        JobResult result;
        try {
            result = Job.of(command.ranks()).device(command.device()).rankPrefix(command.prefix())
                .mpjExpressArgs(command.mpjExpressArgs())
                .runMain(command.mainClass(), command.classPath(), command.args());
        } catch (IllegalArgumentException unrunnable) {
            err.println("mpjrun: " + unrunnable.getMessage());
            String missingModule = missingIncubatorModule(unrunnable);
            if (missingModule != null) {
                err.println(moduleAdvice(missingModule));
            }
            return 1;
        }
        report(result, err);
        return result.exitStatus();
    }

    /** Runs the ranks as processes of this host (a device such as niodev); returns the job's status. */
    private static int runProcesses(Command command, PrintStream err) {
        try {
            Job.checkMainClass(command.mainClass(), command.classPath());
        } catch (IllegalArgumentException unrunnable) {
            err.println("mpjrun: " + unrunnable.getMessage());
            return 1;
        }
        try {
            RankPlacement placement = command.hostfile() == null ? RankPlacement.local(command.ranks())
                : RankPlacement.of(Hostfile.read(command.hostfile()), command.ranks(), command.launchAgent());
            return new ProcessJob(command.ranks(), command.device(), command.prefix(), command.mpjExpressArgs(),
                placement, err).run(command.mainClass(), command.classPath(), command.args());
        } catch (IllegalArgumentException badHosts) {
            err.println("mpjrun: " + badHosts.getMessage());
            return 2;
        } catch (IOException cannotStart) {
            err.println("mpjrun: cannot start the ranks as processes: " + cannotStart.getMessage());
            return 1;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            err.println("mpjrun: interrupted while the ranks ran");
            return 1;
        }
    }

    /**
     * Parses a command line.
     *
     * @param args the command line
     * @return the command, or {@code null} when help was asked for
     * @throws IllegalArgumentException naming the bad or missing argument
     */
    static Command parse(String[] args) {
        int ranks = 0;
        String device = RuntimeConfiguration.DEVICE;
        List<Path> classPath = null;
        boolean prefix = RuntimeConfiguration.RANK_PREFIX;
        boolean mpjExpressArgs = RuntimeConfiguration.MPJ_EXPRESS_ARGS;
        Path hostfile = null;
        List<String> launchAgent = RankPlacement.SSH;
        int index = 0;
        while (index < args.length && args[index].startsWith("-")) {
            String option = args[index++];
            switch (option) {
                case "-h", "-help", "--help" -> {
                    return null;
                }
                case "-np" -> ranks = parseRanks(value(args, index++, option));
                case "-dev" -> device = value(args, index++, option);
                case "-cp", "-classpath", "--class-path" ->
                    classPath = Job.parseClassPath(value(args, index++, option));
                case "-prefix" -> prefix = true;
                case "-mpjexpress-args" -> mpjExpressArgs = true;
                case "-hostfile", "--hostfile" -> hostfile = Path.of(value(args, index++, option));
                case "-launcher-exec" -> launchAgent = List.of(value(args, index++, option).trim().split("\\s+"));
                case "-jar" -> {
                    Path jar = Path.of(value(args, index++, option));
                    List<Path> path = new ArrayList<>(List.of(jar));
                    if (classPath != null) {
                        path.addAll(classPath);
                    }
                    return new Command(ranks, device, path, prefix, mpjExpressArgs, hostfile, launchAgent,
                        mainClassOf(jar), Arrays.copyOfRange(args, index, args.length)).checked();
                }
                default -> throw new IllegalArgumentException("unknown option '" + option + "'");
            }
        }
        if (index >= args.length) {
            throw new IllegalArgumentException("missing the main class (or -jar FILE)");
        }
        return new Command(ranks, device, classPath == null ? List.of(Path.of(".")) : classPath, prefix,
            mpjExpressArgs, hostfile, launchAgent, args[index], Arrays.copyOfRange(args, index + 1, args.length))
            .checked();
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException("option " + option + " needs a value");
        }
        return args[index];
    }

    private static int parseRanks(String value) {
        try {
            int ranks = Integer.parseInt(value);
            if (ranks >= 1) {
                return ranks;
            }
        } catch (NumberFormatException notANumber) {
            // reported below with the expected form
        }
        throw new IllegalArgumentException("-np " + value + " (expected a number of ranks >= 1)");
    }

    private static String mainClassOf(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("-jar " + jar + ": no such file");
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
            if (main == null || main.isBlank()) {
                throw new IllegalArgumentException("-jar " + jar + ": the manifest names no Main-Class");
            }
            return main.trim();
        } catch (IOException unreadable) {
            throw new IllegalArgumentException("-jar " + jar + ": not a readable jar ("
                + unreadable.getMessage() + ")", unreadable);
        }
    }

    /**
     * {@return the incubating module of the class a rank could not load, or {@code null}} A JVM on
     * the class path leaves the {@code jdk.incubator.*} modules out unless {@code --add-modules}
     * names them; a program that uses one then fails to load its classes.
     */
    private static String missingIncubatorModule(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if ((cause instanceof NoClassDefFoundError || cause instanceof ClassNotFoundException)
                && cause.getMessage() != null) {
                String[] names = cause.getMessage().replace('/', '.').split("\\.");
                if (names.length > 3 && names[0].equals("jdk") && names[1].equals("incubator")) {
                    return "jdk.incubator." + names[2];
                }
            }
        }
        return null;
    }

    /** {@return the line that tells how to resolve an incubating module the program needs} */
    private static String moduleAdvice(String module) {
        return "mpjrun: " + module + " is an incubating JDK module, which the JVM resolves only when asked:"
            + " run it with --add-modules " + module + " (with bin/mpjrun: MPJRUN_JVM_OPTS=\"--add-modules "
            + module + "\")";
    }

    /** {@return e.g. "rank 3", or "ranks 0-2, 5" for ascending ranks} */
    static String ranks(List<Integer> ranks) {
        if (ranks.size() == 1) {
            return "rank " + ranks.get(0);
        }
        StringBuilder text = new StringBuilder();
        int i = 0;
        while (i < ranks.size()) {
            int first = ranks.get(i++);
            int last = first;
            while (i < ranks.size() && ranks.get(i) == last + 1) {
                last = ranks.get(i++);
            }
            text.append(text.length() > 0 ? ", " : "").append(first);
            if (last > first) {
                text.append('-').append(last);
            }
        }
        return "ranks " + text;
    }

    /**
     * {@return whether {@code failure} or one of its causes has stack frames to print} An
     * exception made without them (a usage error whose message says everything) is reported by
     * its message line alone.
     */
    private static boolean hasFrames(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause.getStackTrace().length > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Prints why a job failed: every rank that failed or aborted, with the stack of a failure that
     * has one. Failures without stack frames that read the same on several ranks (a usage error
     * every rank finds) are printed once, with the ranks: "ranks 0-2 failed: ...".
     */
    private static void report(JobResult result, PrintStream err) {
        if (result.succeeded()) {
            return;
        }
        RankOutcome cause = result.firstFailure();
        String missingModule = null;
        Map<String, List<Integer>> sameLine = new LinkedHashMap<>();
        for (RankOutcome outcome : result.outcomes()) {
            if (outcome == cause || outcome.state() == RankOutcome.State.FAILED
                || outcome.state() == RankOutcome.State.ABORTED) {
                boolean failed = outcome.state() == RankOutcome.State.FAILED;
                if (failed && !hasFrames(outcome.failure())) {
                    sameLine.computeIfAbsent(outcome.failure().toString(), line -> new ArrayList<>())
                        .add(outcome.rank());
                } else {
                    err.println("mpjrun: " + outcome);
                    if (failed) {
                        outcome.failure().printStackTrace(err);
                    }
                }
                if (failed && missingModule == null) {
                    missingModule = missingIncubatorModule(outcome.failure());
                }
            }
        }
        sameLine.forEach((line, ranks) -> err.println("mpjrun: " + ranks(ranks) + " failed: " + line));
        if (missingModule != null) {
            err.println(moduleAdvice(missingModule));
        }
        long stopped = result.outcomes().stream()
            .filter(outcome -> outcome.state() == RankOutcome.State.STOPPED).count();
        if (stopped > 0) {
            err.println("mpjrun: " + stopped + " other rank(s) stopped");
        }
    }
}
