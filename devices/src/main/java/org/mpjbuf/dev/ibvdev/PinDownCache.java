package org.mpjbuf.dev.ibvdev;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;

/**
 * A registration (pin-down) cache for native memory outside the registered pool: a user's direct
 * buffer, a segment from the user's arena. Registering memory costs a system call and pins pages,
 * far more than a message; a program sends from the same buffers again and again, so the first
 * use registers the memory and later uses of it, or of any range inside it, reuse the
 * registration.
 *
 * <pre>{@code
 * try (PinDownCache cache = new PinDownCache(verbs, domain, ACCESS_LOCAL_WRITE | ACCESS_REMOTE_WRITE)) {
 *     Verbs.MemoryRegion region = cache.acquire(userSegment);
 *     send.gather(userSegment.address(), length, region.lkey());   // or hand region.rkey() to the peer
 *     ...                                                          // until the work request completed
 *     cache.release(region);
 * }
 * }</pre>
 *
 * <h2>Design</h2>
 * Notation: a registration covers the bytes {@code [start, end)}; a request asks for
 * {@code [s, e)}, the bytes of a segment.
 * <pre>
 *   starts    | 0x1000 | 0x1000 | 0x5000 | 0x5400 | 0x9000 |   sorted by start
 *   ends      | 0x2000 | 0x8000 | 0x5800 | 0x5600 | 0xA000 |
 *   maxEnds   | 0x2000 | 0x8000 | 0x8000 | 0x8000 | 0xA000 |   running maximum of ends
 *
 *   idle list: least recently released -&gt; ... -&gt; most recently released
 * </pre>
 * <ol>
 *   <li>Look-up: binary search for the last registration with {@code start <= s}, then walk
 *       towards lower starts while {@code maxEnds[i] >= e}; the first one with {@code end >= e}
 *       covers the request. Registrations may overlap (a request that sticks out of every
 *       registration gets one of its own), which is why one probe is not enough and why the
 *       running maximum stops the walk as soon as nothing to the left can reach {@code e}. A
 *       registration whose memory was freed (its segment's scope is no longer alive) never
 *       answers.</li>
 *   <li>Hit: the registration's use count goes up; if it was idle, it leaves the idle list.</li>
 *   <li>Miss: if the registrations in use plus the new one would break a bound, the request
 *       fails ({@link PinDownCacheFullException}); otherwise idle registrations of freed memory
 *       are dropped, then the least recently released idle ones until the new one fits, then the
 *       memory is registered and inserted with a use count of one.</li>
 *   <li>Release: the use count goes down; at zero the registration joins the idle list's tail,
 *       stays registered and can be found again. Only idle registrations are ever deregistered,
 *       so a registration named by a posted work request is never revoked under it.</li>
 * </ol>
 * This is the scheme of Tezuka et al., "Pin-down Cache: A Virtual Memory Management Technique for
 * Zero-copy Communication" (IPPS 1998), which MVAPICH and Open MPI's registration caches follow.
 *
 * <h2>Threads</h2>
 * Thread-safe: every method may be called from any thread; one lock guards the cache, and a
 * registration or deregistration runs while it is held (it is the slow path and keeps two threads
 * from registering the same memory twice). A hit allocates nothing. {@link #close()} must not race
 * with other calls.
 *
 * <h2>Ownership of native memory</h2>
 * The memory stays the caller's. The cache holds the segment of each registration it keeps, so
 * memory of an automatic arena stays reachable while registered; memory of an explicitly closed
 * arena is detected through its scope and its registration is dropped, never reused. Memory freed
 * behind the segment's back (a global segment over {@code malloc}ed memory) cannot be detected: call
 * {@link #invalidate(MemorySegment)} before freeing it. Registrations belong to the cache:
 * {@link #close()} deregisters every one, and the protection domain must outlive the cache.
 *
 * <h2>Errors</h2>
 * A segment that is not native, or empty, throws {@link IllegalArgumentException}; a registration
 * the device refuses throws its {@link VerbsException} (the cache is unchanged but for the idle
 * registrations already evicted to make room); a full cache throws
 * {@link PinDownCacheFullException}; a release of something not acquired here, or released once
 * too often, throws {@link IllegalArgumentException} or {@link IllegalStateException}.
 */
public final class PinDownCache implements AutoCloseable {
    private final Verbs verbs;
    private final Verbs.ProtectionDomain domain;
    private final int accessFlags;
    private final int maximumEntries;
    private final long maximumBytes;
    private final Object lock = new Object();

    private long[] starts = new long[16];
    private long[] maxEnds = new long[16];
    private Pin[] pins = new Pin[16];
    private int count;
    private long registeredBytes;
    private int inUseCount;
    private long inUseBytes;
    /** Least recently released idle registration: the next to evict. */
    private Pin idleHead;
    /** Most recently released idle registration. */
    private Pin idleTail;
    private long hits;
    private long misses;
    private long evictions;
    private boolean closed;

    /**
     * A cache bounded by {@link IbvdevConfiguration#PIN_DOWN_CACHE_ENTRIES} registrations and
     * {@link IbvdevConfiguration#PIN_DOWN_CACHE_BYTES} bytes.
     *
     * @param verbs the verbs implementation the domain belongs to
     * @param domain the protection domain of the queue pairs that will use the memory
     * @param accessFlags {@code ACCESS_*} flags of {@link VerbsConstants} for every registration
     * @throws NullPointerException if {@code verbs} or {@code domain} is null
     */
    public PinDownCache(final Verbs verbs, final Verbs.ProtectionDomain domain, final int accessFlags) {
        this(verbs, domain, accessFlags, IbvdevConfiguration.PIN_DOWN_CACHE_ENTRIES,
            IbvdevConfiguration.PIN_DOWN_CACHE_BYTES);
    }

    /**
     * A cache with its own bounds.
     *
     * @param verbs the verbs implementation the domain belongs to
     * @param domain the protection domain of the queue pairs that will use the memory
     * @param accessFlags {@code ACCESS_*} flags of {@link VerbsConstants} for every registration
     * @param maximumEntries the most registrations held, in use or idle, at least 1
     * @param maximumBytes the most bytes registered, in use or idle, at least 1
     * @throws NullPointerException if {@code verbs} or {@code domain} is null
     * @throws IllegalArgumentException if a bound is less than 1
     */
    public PinDownCache(final Verbs verbs, final Verbs.ProtectionDomain domain, final int accessFlags,
                        final int maximumEntries, final long maximumBytes) {
        if (maximumEntries < 1 || maximumBytes < 1) {
            throw new IllegalArgumentException("the bounds of a pin-down cache must be at least 1, not "
                + maximumEntries + " registrations and " + maximumBytes + " bytes");
        }
        this.verbs = Objects.requireNonNull(verbs, "verbs");
        this.domain = Objects.requireNonNull(domain, "domain");
        this.accessFlags = accessFlags;
        this.maximumEntries = maximumEntries;
        this.maximumBytes = maximumBytes;
    }

    /**
     * A registration covering a segment, for use until {@link #release}: an existing one if one
     * covers the whole segment, otherwise a new one of exactly the segment. The registration may
     * start before the segment ({@link Verbs.MemoryRegion#address()} is the registration's first
     * byte); work requests and peers name the segment by its own address with the registration's
     * keys. Each acquire needs one release.
     *
     * @param segment non-empty native memory, alive until the registration is released
     * @return the registration, with its use count raised
     * @throws NullPointerException if {@code segment} is null
     * @throws IllegalArgumentException if the segment is not native or is empty
     * @throws PinDownCacheFullException if no registration covers the segment and a new one would
     *         break a bound even after evicting every idle registration
     * @throws VerbsException if the device refuses to register the memory
     * @throws IllegalStateException if the cache is closed
     */
    public Verbs.MemoryRegion acquire(final MemorySegment segment) {
        if (!segment.isNative() || segment.byteSize() == 0) {
            throw new IllegalArgumentException("only non-empty native memory can be registered, not " + segment);
        }
        final long start = segment.address();
        final long end = start + segment.byteSize();
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("the pin-down cache is closed");
            }
            final Pin found = covering(start, end);
            if (found != null) {
                hits++;
                use(found);
                return found;
            }
            misses++;
            return register(segment);
        }
    }

    /**
     * Gives back a registration from {@link #acquire}. When no acquirer uses it any more it stays
     * registered, as the most recently used idle registration, until it is evicted. After
     * {@link #close()} this does nothing.
     *
     * @param registration what {@code acquire} returned
     * @throws NullPointerException if {@code registration} is null
     * @throws IllegalArgumentException if it did not come from this cache
     * @throws IllegalStateException if it was released as often as it was acquired already
     */
    public void release(final Verbs.MemoryRegion registration) {
        Objects.requireNonNull(registration, "registration");
        if (!(registration instanceof Pin pin) || pin.cache != this) {
            throw new IllegalArgumentException(registration + " was not acquired from this pin-down cache");
        }
        synchronized (lock) {
            if (closed) {
                return;
            }
            if (pin.users == 0) {
                throw new IllegalStateException(pin + " was released more often than it was acquired");
            }
            if (--pin.users == 0) {
                inUseCount--;
                inUseBytes -= pin.byteSize();
                appendIdle(pin);
            }
        }
    }

    /**
     * Deregisters every idle registration that overlaps a segment, so that its memory may be
     * freed; call it before freeing memory the cache cannot see freed (see the class comment).
     *
     * @param segment native memory about to be freed
     * @return the registrations deregistered
     * @throws NullPointerException if {@code segment} is null
     * @throws IllegalArgumentException if the segment is not native
     * @throws IllegalStateException if a registration overlapping the segment is in use (nothing is
     *         deregistered then), or the cache is closed
     * @throws VerbsException if the device refuses a deregistration
     */
    public int invalidate(final MemorySegment segment) {
        if (!segment.isNative()) {
            throw new IllegalArgumentException("only native memory is registered, not " + segment);
        }
        final long start = segment.address();
        final long end = start + segment.byteSize();
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("the pin-down cache is closed");
            }
            int overlapping = 0;
            for (int i = 0; i < count && starts[i] < end; i++) {
                final Pin pin = pins[i];
                if (pin.end > start) {
                    if (pin.users > 0) {
                        throw new IllegalStateException("cannot invalidate " + segment + ": " + pin + " is in use by "
                            + pin.users + " acquirer(s)");
                    }
                    overlapping++;
                }
            }
            int dropped = 0;
            for (int i = count - 1; i >= 0 && dropped < overlapping; i--) {
                final Pin pin = pins[i];
                if (pin.start < end && pin.end > start) {
                    evict(pin);
                    dropped++;
                }
            }
            return dropped;
        }
    }

    /**
     * The registrations held, in use or idle.
     *
     * @return the count, at most {@link #maximumEntries()}
     */
    public int entryCount() {
        synchronized (lock) {
            return count;
        }
    }

    /**
     * The bytes registered, in use or idle.
     *
     * @return the sum of the registrations' sizes, at most {@link #maximumBytes()}
     */
    public long registeredBytes() {
        synchronized (lock) {
            return registeredBytes;
        }
    }

    /**
     * The registrations acquired and not yet released.
     *
     * @return the count
     */
    public int inUseCount() {
        synchronized (lock) {
            return inUseCount;
        }
    }

    /**
     * The acquires a held registration answered.
     *
     * @return the count since creation
     */
    public long hitCount() {
        synchronized (lock) {
            return hits;
        }
    }

    /**
     * The acquires that registered memory.
     *
     * @return the count since creation
     */
    public long missCount() {
        synchronized (lock) {
            return misses;
        }
    }

    /**
     * The idle registrations deregistered to make room, or because their memory was freed.
     *
     * @return the count since creation
     */
    public long evictionCount() {
        synchronized (lock) {
            return evictions;
        }
    }

    /**
     * The bound on registrations.
     *
     * @return the most registrations held at once
     */
    public int maximumEntries() {
        return maximumEntries;
    }

    /**
     * The bound on registered bytes.
     *
     * @return the most bytes registered at once
     */
    public long maximumBytes() {
        return maximumBytes;
    }

    /**
     * Deregisters every registration, idle or still in use (a work request still naming one of them
     * then fails with a protection error), and refuses later acquires. Closing twice does nothing.
     *
     * @throws VerbsException the first deregistration the device refused, after trying every one
     */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            RuntimeException failure = null;
            for (int i = 0; i < count; i++) {
                try {
                    verbs.deregister(pins[i].region);
                } catch (final RuntimeException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
                pins[i] = null;
            }
            count = 0;
            registeredBytes = 0;
            inUseCount = 0;
            inUseBytes = 0;
            idleHead = null;
            idleTail = null;
            if (failure != null) {
                throw failure;
            }
        }
    }

    @Override
    public String toString() {
        synchronized (lock) {
            return "PinDownCache{" + count + " registrations of " + registeredBytes + " bytes (" + inUseCount
                + " in use), bounds " + maximumEntries + " registrations and " + maximumBytes + " bytes, " + hits
                + " hits, " + misses + " misses, " + evictions + " evictions}";
        }
    }

    /** Returns a live registration covering {@code [start, end)}, or null. */
    private Pin covering(final long start, final long end) {
        for (int i = lastStartingAtOrBefore(start); i >= 0 && maxEnds[i] >= end; i--) {
            final Pin pin = pins[i];
            if (pin.end >= end && pin.memory.scope().isAlive()) {
                return pin;
            }
        }
        return null;
    }

    /** Returns the index of the last registration with {@code start <= address}, or -1. */
    private int lastStartingAtOrBefore(final long address) {
        int low = 0;
        int high = count - 1;
        while (low <= high) {
            final int middle = (low + high) >>> 1;
            if (starts[middle] <= address) {
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return high;
    }

    private void use(final Pin pin) {
        if (pin.users++ == 0) {
            unlinkIdle(pin);
            inUseCount++;
            inUseBytes += pin.byteSize();
        }
    }

    private Pin register(final MemorySegment segment) {
        final long length = segment.byteSize();
        if (inUseCount >= maximumEntries || length > maximumBytes - inUseBytes) {
            throw full(segment);
        }
        dropFreedMemory();
        while (count >= maximumEntries || length > maximumBytes - registeredBytes) {
            evict(idleHead); // not null: the registrations in use leave room, so some are idle
        }
        final Pin pin = new Pin(this, segment, verbs.register(domain, segment, accessFlags));
        insert(pin);
        pin.users = 1;
        inUseCount++;
        inUseBytes += length;
        return pin;
    }

    /** Deregisters the idle registrations whose memory was freed. */
    private void dropFreedMemory() {
        Pin pin = idleHead;
        while (pin != null) {
            final Pin next = pin.newer;
            if (!pin.memory.scope().isAlive()) {
                evict(pin);
            }
            pin = next;
        }
    }

    /** Removes an idle registration and deregisters it. */
    private void evict(final Pin pin) {
        unlinkIdle(pin);
        remove(pin);
        evictions++;
        verbs.deregister(pin.region);
    }

    private void insert(final Pin pin) {
        if (count == pins.length) {
            final int capacity = (int) Math.min((long) maximumEntries, 2L * count);
            starts = Arrays.copyOf(starts, capacity);
            maxEnds = Arrays.copyOf(maxEnds, capacity);
            pins = Arrays.copyOf(pins, capacity);
        }
        final int at = lastStartingAtOrBefore(pin.start) + 1;
        System.arraycopy(starts, at, starts, at + 1, count - at);
        System.arraycopy(pins, at, pins, at + 1, count - at);
        starts[at] = pin.start;
        pins[at] = pin;
        count++;
        registeredBytes += pin.byteSize();
        recomputeMaxEnds(at);
    }

    private void remove(final Pin pin) {
        int at = lastStartingAtOrBefore(pin.start);
        while (pins[at] != pin) {
            at--; // registrations with the same start sit together, before the one found
        }
        System.arraycopy(starts, at + 1, starts, at, count - at - 1);
        System.arraycopy(pins, at + 1, pins, at, count - at - 1);
        count--;
        pins[count] = null;
        registeredBytes -= pin.byteSize();
        recomputeMaxEnds(at);
    }

    private void recomputeMaxEnds(final int from) {
        long running = from == 0 ? Long.MIN_VALUE : maxEnds[from - 1];
        for (int i = from; i < count; i++) {
            running = Math.max(running, pins[i].end);
            maxEnds[i] = running;
        }
    }

    private void appendIdle(final Pin pin) {
        pin.older = idleTail;
        pin.newer = null;
        if (idleTail == null) {
            idleHead = pin;
        } else {
            idleTail.newer = pin;
        }
        idleTail = pin;
    }

    private void unlinkIdle(final Pin pin) {
        if (pin.older == null) {
            idleHead = pin.newer;
        } else {
            pin.older.newer = pin.newer;
        }
        if (pin.newer == null) {
            idleTail = pin.older;
        } else {
            pin.newer.older = pin.older;
        }
        pin.older = null;
        pin.newer = null;
    }

    private PinDownCacheFullException full(final MemorySegment segment) {
        final String reason;
        if (segment.byteSize() > maximumBytes) {
            reason = "that is more than the cache's bound of " + maximumBytes + " bytes";
        } else if (inUseCount >= maximumEntries) {
            reason = "all " + inUseCount + " registrations the cache may hold are in use (bound "
                + maximumEntries + " registrations)";
        } else {
            reason = "the " + inUseCount + " registrations in use hold " + inUseBytes + " bytes, and "
                + segment.byteSize() + " more would exceed the cache's bound of " + maximumBytes + " bytes";
        }
        return new PinDownCacheFullException("cannot register " + segment.byteSize() + " bytes at 0x"
            + Long.toHexString(segment.address()) + ": " + reason + "; release registrations, or raise "
            + IbvdevConfiguration.PIN_DOWN_CACHE_ENTRIES_PROP_NAME + " or "
            + IbvdevConfiguration.PIN_DOWN_CACHE_BYTES_PROP_NAME);
    }

    /**
     * One registration: the device's memory region, the segment it was made for, its use count and
     * its place in the idle list (linked only while the count is zero).
     */
    private static final class Pin implements Verbs.MemoryRegion {
        final PinDownCache cache;
        final MemorySegment memory;
        final Verbs.MemoryRegion region;
        final long start;
        final long end;
        int users;
        Pin older;
        Pin newer;

        Pin(final PinDownCache cache, final MemorySegment memory, final Verbs.MemoryRegion region) {
            this.cache = cache;
            this.memory = memory;
            this.region = region;
            this.start = memory.address();
            this.end = start + memory.byteSize();
        }

        @Override
        public long address() {
            return start;
        }

        @Override
        public long byteSize() {
            return end - start;
        }

        @Override
        public int lkey() {
            return region.lkey();
        }

        @Override
        public int rkey() {
            return region.rkey();
        }

        @Override
        public String toString() {
            return "registration of " + byteSize() + " bytes at 0x" + Long.toHexString(start);
        }
    }
}
