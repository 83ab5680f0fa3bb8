package org.mpjbuf;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The freed buffers a {@link BufferFactory} keeps to hand out again, with their pooled storage,
 * so that a program that sends many messages of a few sizes allocates no buffer, storage or
 * view object per message.
 *
 * <p>Buffers are kept by size class: the power of two their storage fills (the factory gives a
 * recycling buffer the whole buddy block, so any request of its class fits). Each class holds at
 * most {@code perClass} buffers; a buffer freed into a full class, or larger than
 * {@code largestStorage}, returns its storage to the pool at once.
 *
 * <p>Thread-safe and lock-free: one slot array per class, taken and filled with compare-and-set.
 */
final class BufferRecycler {
    private static final int CLASSES = Integer.SIZE;

    private final int perClass;
    private final int largestStorage;
    private final AtomicReferenceArray<Buffer> slots;

    /**
     * Creates an empty recycler.
     *
     * @param perClass the buffers kept per size class, at least 1
     * @param largestStorage the largest storage, in bytes with the message header, that is kept
     */
    BufferRecycler(int perClass, int largestStorage) {
        this.perClass = perClass;
        this.largestStorage = largestStorage;
        this.slots = new AtomicReferenceArray<>(CLASSES * perClass);
    }

    /**
     * Tells whether storage of {@code storageBytes} is kept when freed.
     *
     * @param storageBytes the storage requested, message header included
     * @return whether it is small enough
     */
    boolean recycles(int storageBytes) {
        return storageBytes <= largestStorage;
    }

    /**
     * Rounds a storage request up to its size class, so that the buffer made for it can serve any
     * later request of the same class.
     *
     * @param storageBytes the storage requested, message header included, at least 1
     * @return the power of two at or above it
     */
    static int classBytes(int storageBytes) {
        return storageBytes <= 1 ? 1 : Integer.highestOneBit(storageBytes - 1) << 1;
    }

    /**
     * Takes a kept buffer whose storage holds {@code storageBytes}, emptied and writable.
     *
     * @param storageBytes the storage requested, message header included
     * @return the buffer, or {@code null} when its class keeps none
     */
    Buffer take(int storageBytes) {
        int first = classOf(storageBytes) * perClass;
        for (int slot = first; slot < first + perClass; slot++) {
            Buffer kept = slots.get(slot);
            if (kept != null && slots.compareAndSet(slot, kept, null)) {
                kept.reuse();
                return kept;
            }
        }
        return null;
    }

    /**
     * Keeps a freed buffer if its class has room.
     *
     * @param buffer a buffer of this recycler's factory, just freed by its owner
     * @return whether it was kept; if not, the caller returns its storage to the pool
     */
    boolean keep(Buffer buffer) {
        int storageBytes = buffer.rawBuffer().capacity();
        if (!recycles(storageBytes)) {
            return false;
        }
        buffer.recycle();
        int first = classOf(storageBytes) * perClass;
        for (int slot = first; slot < first + perClass; slot++) {
            if (slots.get(slot) == null && slots.compareAndSet(slot, null, buffer)) {
                return true;
            }
        }
        buffer.reuse();
        return false;
    }

    /**
     * Returns the storage of every kept buffer to its pool.
     */
    void drain() {
        for (int slot = 0; slot < slots.length(); slot++) {
            Buffer kept = slots.getAndSet(slot, null);
            if (kept != null) {
                kept.reuse();
                kept.release();
            }
        }
    }

    private static int classOf(int storageBytes) {
        return Integer.SIZE - Integer.numberOfLeadingZeros(Math.max(storageBytes, 1) - 1);
    }
}
