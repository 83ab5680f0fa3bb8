package org.mpjbuf.dev.smdev;

/**
 * Padding that gives fields written on one core and read on another cache lines of their own, so
 * that a write to a neighbouring object does not take the line from the reader. A subclass of
 * {@link Line} has 56 bytes of padding before its own fields (a superclass's fields are laid out
 * first); {@link Reference} has as much after its value as well.
 *
 * <p>The padding fields are never read; they only take room.
 */
final class Padded {
    private Padded() {
    }

    /**
     * 56 bytes ahead of a subclass's fields. The {@code int} first takes the four bytes between a
     * 12-byte object header and the first 8-byte-aligned field: HotSpot fills such a gap with a
     * field of any class in the hierarchy that fits, so without it a subclass's {@code int} or
     * reference went there, ahead of the padding, beside the previous object's fields and a line
     * away from the subclass's other fields.
     */
    @SuppressWarnings("unused")
    abstract static class Line {
        private int p0;
        private long p1;
        private long p2;
        private long p3;
        private long p4;
        private long p5;
        private long p6;
        private long p7;
    }

    /**
     * The value of a {@link Reference}, between the padding before it and the padding after.
     *
     * @param <T> the value's type
     */
    abstract static class ReferenceValue<T> extends Line {
        /** The value. */
        volatile T value;
    }

    /**
     * A volatile reference with a cache line of its own.
     *
     * @param <T> the value's type
     */
    @SuppressWarnings("unused")
    static final class Reference<T> extends ReferenceValue<T> {
        private long q1;
        private long q2;
        private long q3;
        private long q4;
        private long q5;
        private long q6;
        private long q7;

        /**
         * Creates a reference to {@code value}.
         *
         * @param value the first value
         */
        Reference(final T value) {
            this.value = value;
        }
    }
}
