package org.mpjbuf.dev.smdev;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A large array-to-array copy split into chunks that two threads claim in turn: the thread that
 * matched the message, and the peer that waits for it (the receiver waiting for its data, or a
 * rendezvous sender waiting for its array to be read). The waiting thread would otherwise only
 * spin or sleep; copying with two cores gives the copy the bandwidth of two caches.
 *
 * <p>Steps: the delivering thread publishes the copy on both requests and wakes a parked peer;
 * each helper claims the next chunk with {@code getAndIncrement} until none is left, copying it
 * with {@link System#arraycopy}; the delivering thread then waits until every claimed chunk is
 * copied ({@link #awaitCopied}) before it completes the receive, so the data are in place when the
 * receive completes.
 *
 * <p>Thread-safe.
 */
final class SharedCopy {
    /** Bytes per chunk: large enough that claiming costs nothing, small enough to share the work. */
    static final int CHUNK_BYTES = 128 * 1024;

    /**
     * Smallest copy worth sharing: 2 MiB. Waking the peer and waiting for its last chunk cost
     * microseconds, and a 1 MiB copy still fits the copying core's L2 cache; measured, sharing
     * paid at 4 MiB and not at 1 MiB.
     */
    static final long THRESHOLD_BYTES = 16L * CHUNK_BYTES;

    private static final int SPINS_BEFORE_YIELD = 10_000;

    private final Object source;
    private final int sourceOffset;
    private final Object destination;
    private final int destinationOffset;
    private final int count;
    private final int chunkCount;
    private final int elementsPerChunk;
    private final AtomicInteger nextChunk = new AtomicInteger();
    private final AtomicInteger copiedChunks = new AtomicInteger();

    /**
     * Describes a copy of {@code count} elements of {@code byteSize} bytes between two arrays of
     * the same primitive type.
     */
    SharedCopy(final Object source, final int sourceOffset, final Object destination,
               final int destinationOffset, final int count, final int byteSize) {
        this.source = source;
        this.sourceOffset = sourceOffset;
        this.destination = destination;
        this.destinationOffset = destinationOffset;
        this.count = count;
        this.elementsPerChunk = CHUNK_BYTES / byteSize;
        this.chunkCount = (count + elementsPerChunk - 1) / elementsPerChunk;
    }

    /** Copies chunks until none is left to claim. */
    void help() {
        for (int chunk = nextChunk.getAndIncrement(); chunk < chunkCount; chunk = nextChunk.getAndIncrement()) {
            final int first = chunk * elementsPerChunk;
            System.arraycopy(source, sourceOffset + first, destination, destinationOffset + first,
                Math.min(elementsPerChunk, count - first));
            copiedChunks.incrementAndGet();
        }
    }

    /**
     * Waits until every chunk is copied. A helper is at most one chunk from done, so this spins
     * first; it yields after a while in case the helper lost its core.
     */
    void awaitCopied() {
        for (int spins = 0; copiedChunks.get() < chunkCount; spins++) {
            if (spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }
}
