package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.function.Function;

/**
 * The JVM's {@code System.out} and {@code System.err} while jobs that redirect their ranks' output
 * run: one pair of routing streams, installed by the first such job and replaced by the original
 * streams when the last one ends, so that jobs may start and end in any order. A routing stream
 * sends what a thread writes to the {@link JobOutput} of the job the thread belongs to (a rank
 * thread, or a thread it started), and everything else, including the output of jobs that do not
 * redirect theirs, to the original stream unchanged.
 *
 * <p>The original streams are the ones installed when the first such job started; a job started
 * while others run writes to them too. A stream an application installs with
 * {@code System.setOut} or {@code System.setErr} while such jobs run is left in place when the
 * last one ends.
 *
 * <p>Thread-safe: installing and restoring are serialized on the class.
 */
final class StandardStreams {

    /**
     * The JVM's original standard streams, where redirected jobs write their lines.
     *
     * @param out the original {@code System.out}
     * @param err the original {@code System.err}
     */
    record Targets(PrintStream out, PrintStream err) {
    }

    private static int jobs;
    private static Targets originals;
    private static Targets routing;

    private StandardStreams() {
    }

    /**
     * Registers a job that redirects its output, installing the routing streams if it is the
     * first; every call is matched by one {@link #release()} when the job has ended.
     *
     * @return the original streams, for the job's {@link JobOutput}
     */
    static synchronized Targets acquire() {
        if (jobs++ == 0) {
            originals = new Targets(System.out, System.err);
            routing = new Targets(route(originals.out(), JobOutput::out), route(originals.err(), JobOutput::err));
            System.setOut(routing.out());
            System.setErr(routing.err());
        }
        return originals;
    }

    /** Unregisters a job; the last one puts the original streams back (unless replaced meanwhile). */
    static synchronized void release() {
        if (jobs <= 0) {
            throw new IllegalStateException("StandardStreams.release without a matching acquire");
        }
        if (--jobs == 0) {
            if (System.out == routing.out()) {
                System.setOut(originals.out());
            }
            if (System.err == routing.err()) {
                System.setErr(originals.err());
            }
            originals.out().flush();
            originals.err().flush();
            originals = null;
            routing = null;
        }
    }

    private static PrintStream route(PrintStream original, Function<JobOutput, OutputStream> select) {
        return new PrintStream(new Router(original, select), true, original.charset());
    }

    /** Sends each write to the calling thread's job output, or to the original stream. */
    private static final class Router extends OutputStream {

        private final PrintStream original;
        private final Function<JobOutput, OutputStream> select;

        Router(PrintStream original, Function<JobOutput, OutputStream> select) {
            this.original = original;
            this.select = select;
        }

        private OutputStream target() {
            RankEnvironment environment = RankEnvironment.current();
            JobOutput output = environment == null ? null : environment.output();
            return output == null ? original : select.apply(output);
        }

        @Override
        public void write(int value) throws IOException {
            target().write(value);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            target().write(bytes, offset, length);
        }

        @Override
        public void flush() throws IOException {
            target().flush();
        }
    }
}
