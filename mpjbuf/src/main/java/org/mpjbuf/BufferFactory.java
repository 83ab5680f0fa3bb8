package org.mpjbuf;

import java.io.ObjectInputFilter;
import java.nio.ByteOrder;
import java.util.Objects;

import org.mpjbuf.buddy.AllocationStrategy;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.raw.RawBuffer;
import org.mpjbuf.raw.RawBufferPool;

/**
 * Creates and destroys {@link Buffer}s whose static sections come from a buddy {@link BufferPool}.
 *
 * <p>Two ways to use it:
 * <ul>
 *   <li>the process-wide API of the MPJ Express paper: {@link #init(AllocationStrategy)},
 *       {@link #create(int)}, {@link #destroy(Buffer)}, {@link #shut()}. {@code init} and
 *       {@code shut} are counted, so every rank of a thread-based job may call both: the first
 *       {@code init} builds the shared pool (medium from {@link MpjbufConfiguration#MEDIUM}), the
 *       last {@code shut} closes it;</li>
 *   <li>an instance built with {@link #builder()}, for code that wants its own pool, medium, byte
 *       order or object filter: {@link #allocate(int)}, {@link #free(Buffer)}, {@link #close()}.</li>
 * </ul>
 *
 * <p>Ownership: a buffer owns its pooled static storage until it is destroyed or freed; it may be
 * destroyed by any factory or thread, because the storage knows its pool.
 *
 * <p><b>Thread safety.</b> All methods are thread-safe; the buffers they hand out are not.
 */
public final class BufferFactory implements AutoCloseable {
    private static final Object LOCK = new Object();
    private static BufferFactory shared;
    private static int initCount;

    private final RawBufferPool rawPool;
    private final BufferPool ownedPool;
    private final ByteOrder order;
    private final int dynamicCapacity;
    private final ObjectInputFilter objectFilter;
    /** The freed buffers kept for reuse; {@code null} unless the builder asked for recycling. */
    private final BufferRecycler recycler;

    private BufferFactory(FactoryBuilder builder) {
        BufferPool pool = builder.pool;
        if (pool == null) {
            pool = BufferPool.builder().medium(builder.medium).strategy(builder.strategy).build();
            ownedPool = pool;
        } else {
            ownedPool = null;
        }
        this.rawPool = new RawBufferPool(pool);
        this.order = builder.order;
        this.dynamicCapacity = builder.dynamicCapacity;
        this.objectFilter = builder.objectFilter;
        this.recycler = builder.recycledPerSize == 0 ? null
                : new BufferRecycler(builder.recycledPerSize, builder.largestRecycled);
    }

    /**
     * Starts building a factory with its own pool and the configured defaults.
     *
     * @return a new builder
     */
    public static FactoryBuilder builder() {
        return new FactoryBuilder();
    }

    // ------------------------------------------------------------------ the paper's process-wide API

    /**
     * Initialises the process-wide factory with a pool of the given strategy, or counts one more
     * user of the existing one.
     *
     * @param strategy how the pool keeps its free lists
     * @throws NullPointerException if {@code strategy} is null
     * @throws IllegalStateException if the factory is already initialised with another strategy
     */
    public static void init(AllocationStrategy strategy) {
        Objects.requireNonNull(strategy, "strategy must not be null");
        synchronized (LOCK) {
            if (shared == null) {
                shared = builder().strategy(strategy).build();
            } else if (shared.pool().strategy() != strategy) {
                throw new IllegalStateException("BufferFactory is already initialised with strategy "
                        + shared.pool().strategy() + ", not " + strategy);
            }
            initCount++;
        }
    }

    /**
     * Initialises the process-wide factory with the configured strategy
     * ({@link MpjbufConfiguration#POOL_STRATEGY}).
     *
     * @throws IllegalStateException if the factory is already initialised with another strategy
     */
    public static void init() {
        init(MpjbufConfiguration.POOL_STRATEGY);
    }

    /**
     * Creates a writable buffer from the process-wide factory whose sections may take
     * {@code size} static bytes.
     *
     * @param size the static capacity for sections, the sum of
     *     {@link BufferDescriptor#sectionSize(Type, int)} over them
     * @return a new, empty, writable buffer
     * @throws IllegalStateException if {@link #init(AllocationStrategy)} has not been called, or
     *     the pool is exhausted
     * @throws IllegalArgumentException if {@code size} is negative or too large
     */
    public static Buffer create(int size) {
        return sharedFactory().allocate(size);
    }

    /**
     * Destroys a buffer: its static storage goes back to its pool (a wrapped buffer is only
     * retired). The buffer must not be used afterwards.
     *
     * @param buffer the buffer
     * @throws NullPointerException if {@code buffer} is null
     * @throws IllegalStateException if the buffer was already destroyed
     */
    public static void destroy(Buffer buffer) {
        Objects.requireNonNull(buffer, "buffer must not be null").release();
    }

    /**
     * Counts one user fewer of the process-wide factory, and closes its pool when it was the last.
     *
     * @throws IllegalStateException if the factory is not initialised
     */
    public static void shut() {
        synchronized (LOCK) {
            if (shared == null) {
                throw new IllegalStateException("BufferFactory.shut() without a matching init()");
            }
            if (--initCount == 0) {
                shared.close();
                shared = null;
            }
        }
    }

    private static BufferFactory sharedFactory() {
        synchronized (LOCK) {
            if (shared == null) {
                throw new IllegalStateException("BufferFactory.init(strategy) has not been called");
            }
            return shared;
        }
    }

    // ------------------------------------------------------------------ the instance API

    /**
     * Creates a writable buffer whose sections may take {@code size} static bytes; the message
     * header's {@value BufferDescriptor#MESSAGE_HEADER_LENGTH} bytes are added.
     *
     * @param size the static capacity for sections
     * @return a new, empty, writable buffer
     * @throws IllegalArgumentException if {@code size} is negative or too large
     * @throws IllegalStateException if the factory is closed or its pool exhausted
     */
    public Buffer allocate(int size) {
        if (size < 0 || size > Integer.MAX_VALUE - BufferDescriptor.MESSAGE_HEADER_LENGTH) {
            throw new IllegalArgumentException("size must be between 0 and "
                    + (Integer.MAX_VALUE - BufferDescriptor.MESSAGE_HEADER_LENGTH) + ", was " + size);
        }
        int storageBytes = size + BufferDescriptor.MESSAGE_HEADER_LENGTH;
        if (recycler != null && recycler.recycles(storageBytes)) {
            Buffer kept = recycler.take(storageBytes);
            if (kept != null) {
                return kept;
            }
            RawBuffer storage = rawPool.allocate(BufferRecycler.classBytes(storageBytes), order);
            return new Buffer(storage, order, dynamicCapacity, objectFilter, recycler);
        }
        RawBuffer storage = rawPool.allocate(storageBytes, order);
        return new Buffer(storage, order, dynamicCapacity, objectFilter);
    }

    /**
     * Frees a buffer, as {@link #destroy(Buffer)} does; a factory built with
     * {@link FactoryBuilder#recycle(int, int)} may keep one of its own buffers instead, emptied,
     * to hand out again. The caller must not use the buffer afterwards: a kept buffer belongs to
     * whoever allocates it next.
     *
     * @param buffer the buffer
     * @throws NullPointerException if {@code buffer} is null
     * @throws IllegalStateException if the buffer was already freed
     */
    public void free(Buffer buffer) {
        Objects.requireNonNull(buffer, "buffer must not be null");
        if (recycler == null || buffer.recycler() != recycler || !recycler.keep(buffer)) {
            buffer.release();
        }
    }

    /**
     * Returns the storage of the buffers kept for reuse to the pool, so that its statistics count
     * only the buffers in use; a factory that does not recycle has none.
     */
    public void trim() {
        if (recycler != null) {
            recycler.drain();
        }
    }

    /**
     * Returns the pool the static sections come from.
     *
     * @return the pool
     */
    public BufferPool pool() {
        return rawPool.pool();
    }

    /**
     * Returns the byte order of the buffers this factory creates.
     *
     * @return the byte order
     */
    public ByteOrder order() {
        return order;
    }

    /** Closes the pool this factory built; a pool given to the builder stays open. */
    @Override
    public void close() {
        trim();
        if (ownedPool != null) {
            ownedPool.close();
        }
    }

    /**
     * Builds a {@link BufferFactory}; not thread-safe.
     */
    public static final class FactoryBuilder {
        private Medium medium = MpjbufConfiguration.MEDIUM;
        private AllocationStrategy strategy = MpjbufConfiguration.POOL_STRATEGY;
        private BufferPool pool;
        private ByteOrder order = MpjbufConfiguration.BYTE_ORDER;
        private int dynamicCapacity = MpjbufConfiguration.DYNAMIC_INITIAL_CAPACITY;
        private ObjectInputFilter objectFilter = FrameObjectFilter.CONFIGURED;
        private int recycledPerSize;
        private int largestRecycled;

        private FactoryBuilder() {
        }

        /**
         * Sets the medium of the pool the factory builds.
         *
         * @param medium heap, direct or native memory
         * @return this builder
         * @throws NullPointerException if {@code medium} is null
         */
        public FactoryBuilder medium(Medium medium) {
            this.medium = Objects.requireNonNull(medium, "medium must not be null");
            return this;
        }

        /**
         * Sets the strategy of the pool the factory builds.
         *
         * @param strategy free lists shared by all regions or kept per region
         * @return this builder
         * @throws NullPointerException if {@code strategy} is null
         */
        public FactoryBuilder strategy(AllocationStrategy strategy) {
            this.strategy = Objects.requireNonNull(strategy, "strategy must not be null");
            return this;
        }

        /**
         * Uses an existing pool instead of building one; the factory does not close it, and
         * medium and strategy are the pool's.
         *
         * @param pool the pool
         * @return this builder
         * @throws NullPointerException if {@code pool} is null
         */
        public FactoryBuilder pool(BufferPool pool) {
            this.pool = Objects.requireNonNull(pool, "pool must not be null");
            return this;
        }

        /**
         * Sets the byte order buffers write in.
         *
         * @param order big or little endian
         * @return this builder
         * @throws NullPointerException if {@code order} is null
         */
        public FactoryBuilder byteOrder(ByteOrder order) {
            this.order = Objects.requireNonNull(order, "order must not be null");
            return this;
        }

        /**
         * Sets the initial capacity of each buffer's dynamic section.
         *
         * @param capacity bytes, zero or more
         * @return this builder
         * @throws IllegalArgumentException if {@code capacity} is negative
         */
        public FactoryBuilder dynamicCapacity(int capacity) {
            if (capacity < 0) {
                throw new IllegalArgumentException("dynamic capacity must not be negative, was " + capacity);
            }
            this.dynamicCapacity = capacity;
            return this;
        }

        /**
         * Sets the object filter patterns for reading {@link Type#OBJECT} sections, in the syntax
         * of {@link ObjectInputFilter.Config#createFilter(String)}; classes the patterns leave
         * undecided are rejected.
         *
         * @param patterns the patterns, for example {@code "com.example.**;java.lang.*;!*"}
         * @return this builder
         * @throws NullPointerException if {@code patterns} is null
         * @throws IllegalArgumentException if the patterns are empty or malformed
         */
        public FactoryBuilder objectFilter(String patterns) {
            this.objectFilter = FrameObjectFilter.compile(Objects.requireNonNull(patterns, "patterns must not be null"));
            return this;
        }

        /**
         * Keeps freed buffers for reuse instead of returning their storage to the pool at once:
         * up to {@code perSize} buffers of each power-of-two storage size, for storage of at most
         * {@code largestBytes} bytes (message header included). A recycling factory gives such
         * buffers their whole buddy block, so their {@link Buffer#capacity()} may exceed the size
         * asked for. A program that allocates and frees message buffers of a few sizes then
         * allocates nothing per message; at most {@code perSize} times about twice
         * {@code largestBytes} stays held, until {@link BufferFactory#trim()} or
         * {@link BufferFactory#close()}.
         *
         * @param perSize buffers kept per storage size, 1 to 64
         * @param largestBytes the largest storage kept, a power of two
         * @return this builder
         * @throws IllegalArgumentException if {@code perSize} is out of range or
         *     {@code largestBytes} is not a positive power of two
         */
        public FactoryBuilder recycle(int perSize, int largestBytes) {
            if (perSize < 1 || perSize > 64) {
                throw new IllegalArgumentException("buffers kept per size must be 1 to 64, was " + perSize);
            }
            if (largestBytes <= 0 || Integer.bitCount(largestBytes) != 1) {
                throw new IllegalArgumentException("the largest storage kept must be a positive power of two, was "
                        + largestBytes);
            }
            this.recycledPerSize = perSize;
            this.largestRecycled = largestBytes;
            return this;
        }

        /**
         * Builds the factory, and its pool unless one was given.
         *
         * @return the factory
         */
        public BufferFactory build() {
            return new BufferFactory(this);
        }
    }
}
