package org.mpjbuf.dev.ibvdev;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.BufferPoolBuilder;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.buddy.PoolRegion;
import org.mpjbuf.buddy.RegionListener;

/**
 * A buffer pool whose every region is registered with one protection domain: a region is
 * registered as the pool creates it, before any block of it is handed out, and deregistered
 * before the pool releases it. A message packed into a block of the pool is therefore already
 * registered, and the data path only looks its keys up.
 *
 * <pre>{@code
 * try (RegisteredPool registered = new RegisteredPool(verbs, domain,
 *         ACCESS_LOCAL_WRITE | ACCESS_REMOTE_WRITE, BufferPool.builder().medium(Medium.NATIVE))) {
 *     MemorySegment message = registered.pool().allocateSegment(4096);
 *     Verbs.MemoryRegion region = registered.find(message);  // lkey, rkey, address of the pool region
 *     send.gather(message.address(), 4096, region.lkey());
 *     ...
 * }
 * }</pre>
 *
 * <p><b>Look-ups.</b> {@link #find(MemorySegment)} finds the pool region holding a segment through
 * the pool's own directory ({@link BufferPool#findRegion(MemorySegment)}: a binary search over
 * region addresses) and returns the {@link Verbs.MemoryRegion} attached to it. The same object is
 * what {@code RawBuffer.registrationKey()} reports for a pooled buffer, since it is the pool
 * region's attachment. A segment that is not wholly inside one registered region gives
 * {@code null}, never the keys of a region that does not cover it.
 *
 * <p><b>Threads.</b> {@link #find} may be called from any number of threads at once; it takes no
 * lock and allocates nothing. Regions are registered and deregistered by whichever thread makes
 * the pool create or release a region ({@code allocate}, {@code free}, {@code close}), while the
 * pool holds its lock, as {@link RegionListener} states; {@link Verbs#register} and
 * {@link Verbs#deregister} may be called from any thread. {@link #close()} must not race with
 * other calls.
 *
 * <p><b>Errors.</b> A registration the device refuses makes the pool allocation that needed the
 * region throw the {@link VerbsException} (the region is released again, so nothing leaks). A
 * refused deregistration makes the {@code free} or {@code close} that released the region throw
 * it; the pool releases the memory regardless.
 *
 * <p><b>Ownership.</b> This object owns the pool and the registrations of its regions; the pool
 * owns the native memory. {@link #close()} closes the pool, which deregisters every region and
 * then frees its memory; blocks must not be used afterwards. The protection domain stays the
 * caller's and must outlive this object: close it before deallocating the domain.
 */
public final class RegisteredPool implements AutoCloseable {
    private final Verbs verbs;
    private final Verbs.ProtectionDomain domain;
    private final int accessFlags;
    private final BufferPool pool;
    /** Written by the region callbacks only, which the pool serialises under its lock. */
    private volatile int registeredCount;

    /**
     * Builds a pool whose regions are registered with {@code domain} as they are created. The
     * builder's region listener, if any, is replaced.
     *
     * @param verbs the verbs implementation the domain belongs to
     * @param domain the protection domain of the queue pairs that will use the pool's memory
     * @param accessFlags {@code ACCESS_*} flags of {@link VerbsConstants} for every region
     *        ({@code REMOTE_WRITE} requires {@code LOCAL_WRITE}; the device checks them when it
     *        registers the first region)
     * @param builder the pool's configuration, of the {@link Medium#NATIVE} or {@link Medium#DIRECT}
     *        medium
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the builder is of the heap medium, whose memory cannot be
     *         registered
     */
    public RegisteredPool(final Verbs verbs, final Verbs.ProtectionDomain domain, final int accessFlags,
                          final BufferPoolBuilder builder) {
        this.verbs = Objects.requireNonNull(verbs, "verbs");
        this.domain = Objects.requireNonNull(domain, "domain");
        this.accessFlags = accessFlags;
        final BufferPool built = Objects.requireNonNull(builder, "builder").regionListener(new Registrar()).build();
        if (built.medium() == Medium.HEAP) {
            built.close();
            throw new IllegalArgumentException("a pool of heap memory cannot be registered: the garbage collector "
                + "moves heap arrays; build the pool with Medium.NATIVE or Medium.DIRECT");
        }
        this.pool = built;
    }

    /**
     * The pool to allocate registered blocks from. It stays owned by this object: close this
     * object, not the pool.
     *
     * @return the pool
     */
    public BufferPool pool() {
        return pool;
    }

    /**
     * The registration covering a segment: the memory region of the pool region holding it, whose
     * {@link Verbs.MemoryRegion#lkey() lkey} a local work request names the segment by and whose
     * {@link Verbs.MemoryRegion#rkey() rkey} a peer names it by in an RDMA write (with the
     * segment's own address, since a region is registered at its virtual address). Takes no lock
     * and allocates nothing.
     *
     * @param segment any segment
     * @return the region's registration, or {@code null} if the segment is not wholly inside one
     *         registered region of the pool (memory from elsewhere, a heap segment, or a segment
     *         running past the end of its region)
     * @throws NullPointerException if {@code segment} is null
     * @throws IllegalStateException if this object was closed
     */
    public Verbs.MemoryRegion find(final MemorySegment segment) {
        final PoolRegion region = pool.findRegion(segment);
        if (region == null || !(region.attachment() instanceof Verbs.MemoryRegion registration)) {
            return null;
        }
        final long offset = segment.address() - registration.address();
        return offset >= 0 && offset <= registration.byteSize() - segment.byteSize() ? registration : null;
    }

    /**
     * The regions registered now: one per live region of the pool.
     *
     * @return the count
     */
    public int registeredCount() {
        return registeredCount;
    }

    /**
     * Closes the pool: every region is deregistered, then its memory freed.
     *
     * @throws VerbsException the first deregistration the device refused, after every region was
     *         released regardless
     */
    @Override
    public void close() {
        pool.close();
    }

    @Override
    public String toString() {
        return "RegisteredPool{" + registeredCount + " regions registered, access 0x"
            + Integer.toHexString(accessFlags) + ", " + pool + '}';
    }

    /** Registers each region as it is created and deregisters it before it is released. */
    private final class Registrar implements RegionListener {
        @Override
        public void regionCreated(final PoolRegion region) {
            final MemorySegment memory = region.segment();
            if (!memory.isNative()) {
                throw new IllegalArgumentException("a heap region cannot be registered: " + region.medium());
            }
            region.attach(verbs.register(domain, memory, accessFlags));
            registeredCount++;
        }

        @Override
        public void regionReleasing(final PoolRegion region) {
            if (region.attachment() instanceof Verbs.MemoryRegion registration) {
                // Detached first, so that a look-up racing with the release finds nothing rather than revoked keys.
                region.attach(null);
                registeredCount--;
                verbs.deregister(registration);
            }
        }
    }
}
