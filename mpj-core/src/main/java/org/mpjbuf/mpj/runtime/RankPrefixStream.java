package org.mpjbuf.mpj.runtime;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * An output stream that prefixes every line written by a rank's threads with {@code [rank] }.
 * Each thread collects its current line on its own and writes it whole, so lines of different
 * ranks never interleave (a line is written when its newline is). Only threads of a job's ranks
 * write here ({@link StandardStreams} routes them), so the calling thread names its rank.
 *
 * <p>Thread-safe: per-thread line buffers; whole lines are written under the target's lock.
 */
final class RankPrefixStream extends OutputStream {

    private final PrintStream target;
    private final ThreadLocal<ByteArrayOutputStream> line =
        ThreadLocal.withInitial(ByteArrayOutputStream::new);

    /**
     * @param target where whole, prefixed lines go
     */
    RankPrefixStream(PrintStream target) {
        this.target = target;
    }

    /**
     * Writes the calling rank thread's unfinished line, if any, ended by a newline; called when
     * the rank ends so that a last {@code print} without a newline is not lost.
     *
     * @param rank the rank the calling thread ran
     */
    void endLine(int rank) {
        ByteArrayOutputStream pending = line.get();
        if (pending.size() > 0) {
            pending.write('\n');
            emit(rank, pending);
        }
        line.remove();
    }

    @Override
    public void write(int value) {
        write(new byte[] {(byte) value}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        int rank = RankEnvironment.current().rank();
        ByteArrayOutputStream pending = line.get();
        int start = offset;
        int end = offset + length;
        for (int index = offset; index < end; index++) {
            if (bytes[index] == '\n') {
                pending.write(bytes, start, index + 1 - start);
                emit(rank, pending);
                start = index + 1;
            }
        }
        pending.write(bytes, start, end - start);
    }

    /** Flushes the target; a rank's unfinished line stays pending until its newline. */
    @Override
    public void flush() {
        target.flush();
    }

    private void emit(int rank, ByteArrayOutputStream pending) {
        byte[] prefix = ("[" + rank + "] ").getBytes(StandardCharsets.UTF_8);
        synchronized (target) {
            target.write(prefix, 0, prefix.length);
            target.write(pending.toByteArray(), 0, pending.size());
            target.flush();
        }
        pending.reset();
    }
}
