package org.mpjbuf.bench.alloc;

/**
 * One allocator under test, seen through the two calls every benchmark needs. Implementations are
 * thread-safe as far as the allocator they wrap is.
 */
interface Allocator extends AutoCloseable {
    /**
     * Allocates {@code size} bytes and returns the handle to pass to {@link #free(Object)}.
     *
     * @param size the number of bytes.
     * @return the buffer, segment or arena holding them.
     */
    Object allocate(int size);

    /**
     * Releases memory returned by {@link #allocate(int)}; a no-op where only the garbage collector can.
     *
     * @param handle what {@link #allocate(int)} returned.
     */
    void free(Object handle);

    /**
     * Describes the memory the allocator holds right now (reserved, in use, metadata), for the overhead report.
     *
     * @return a one-line description.
     */
    String memoryReport();

    @Override
    void close();
}
