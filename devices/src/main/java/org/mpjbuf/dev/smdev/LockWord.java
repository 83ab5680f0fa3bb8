package org.mpjbuf.dev.smdev;

import java.lang.invoke.VarHandle;

/**
 * A lock kept in a {@code volatile long} field of the object whose fields it guards, 0 when free
 * and 1 when held, so that taking it brings their cache line along.
 *
 * <p>Taking it is one compare-and-set; releasing it is an ordered store. Leaving a
 * {@code synchronized} block is a second atomic instruction, which on this device's shortest path
 * cost about 7 ns a message ({@code SelfMessageBenchmark}, see the benchmarks README).
 *
 * <p>A thread that finds the lock held spins, then yields between attempts (the holder may have
 * lost its core when ranks outnumber cores). It never parks: what such a lock guards is a few
 * field and queue operations, far shorter than a wake-up.
 *
 * <p>Not reentrant. Stateless: the word is the caller's field, reached through a
 * {@link VarHandle} of a {@code long} field that the caller keeps in a static final field, so
 * that the compiled lock works on the field directly.
 */
final class LockWord {
    /** Attempts on a held lock that only spin; after them each attempt yields first. */
    private static final int SPINS_BEFORE_YIELDING = 128;

    private LockWord() {
    }

    /**
     * Takes the lock, waiting as the class comment says while another thread holds it.
     *
     * @param word a handle on the lock's {@code long} field
     * @param holder the object whose field it is
     */
    static void lock(final VarHandle word, final Object holder) {
        if (!word.compareAndSet(holder, 0L, 1L)) {
            awaitLock(word, holder);
        }
    }

    private static void awaitLock(final VarHandle word, final Object holder) {
        for (int attempt = 1; ; attempt++) {
            if (attempt < SPINS_BEFORE_YIELDING) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
            if ((long) word.getOpaque(holder) == 0L && word.compareAndSet(holder, 0L, 1L)) {
                return;
            }
        }
    }

    /**
     * Releases the lock, which the calling thread holds.
     *
     * @param word a handle on the lock's {@code long} field
     * @param holder the object whose field it is
     */
    static void unlock(final VarHandle word, final Object holder) {
        word.setRelease(holder, 0L);
    }
}
