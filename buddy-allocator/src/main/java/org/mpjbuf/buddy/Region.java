package org.mpjbuf.buddy;

import static org.mpjbuf.buddy.BlockMapDescriptor.NEXT_OFFSET;
import static org.mpjbuf.buddy.BlockMapDescriptor.PREVIOUS_OFFSET;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * A region of memory and its block map (see {@link BlockMapDescriptor}). The map is written under the
 * central allocator's lock for free blocks, and with single-byte atomic operations for blocks in use or
 * cached, so that a block is claimed by exactly one {@code free}.
 */
final class Region implements PoolRegion {
    private static final VarHandle MAP = MethodHandles.arrayElementVarHandle(byte[].class);
    /** Page alignment of native regions: blocks of up to 4 KiB are aligned to their size in absolute terms. */
    static final long NATIVE_ALIGNMENT = 4096;

    private final int id;
    private final Medium medium;
    private final long byteSize;
    private final int unitShift;
    private final int topOrder;
    private final boolean dedicated;
    private final byte[] map;
    private final Arena arena;
    private final byte[] array;
    private final MemorySegment segment;
    private final ByteBuffer buffer;
    private final long address;
    /** Free lists of this region alone (per-region strategy), {@code null} with shared free lists. */
    final FreeLists lists;
    /** Whether the whole region is one free top-level block; maintained under the central lock. */
    boolean empty;
    private volatile Object attachment;

    Region(final int id, final Medium medium, final long byteSize, final int unitShift, final boolean dedicated,
        final boolean ownLists) {
        this.id = id;
        this.medium = medium;
        this.byteSize = byteSize;
        this.unitShift = unitShift;
        this.dedicated = dedicated;
        this.topOrder = dedicated ? BlockMapDescriptor.DEDICATED_ORDER : Long.numberOfTrailingZeros(byteSize) - unitShift;
        this.map = new byte[dedicated ? 1 : (int) (byteSize >>> unitShift)];
        if (medium == Medium.HEAP) {
            arena = null;
            array = new byte[Math.toIntExact(byteSize)];
            segment = MemorySegment.ofArray(array);
            buffer = ByteBuffer.wrap(array);
            address = 0;
        } else {
            arena = Arena.ofShared();
            try {
                segment = arena.allocate(byteSize, NATIVE_ALIGNMENT);
            } catch (final RuntimeException | OutOfMemoryError e) {
                arena.close();
                throw e;
            }
            array = null;
            buffer = byteSize <= Integer.MAX_VALUE ? segment.asByteBuffer() : null;
            address = segment.address();
        }
        lists = ownLists && !dedicated ? new FreeLists(topOrder + 1) : null;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public Medium medium() {
        return medium;
    }

    @Override
    public long byteSize() {
        return byteSize;
    }

    @Override
    public MemorySegment segment() {
        return segment;
    }

    @Override
    public boolean dedicated() {
        return dedicated;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public void attach(final Object attachment) {
        this.attachment = attachment;
    }

    int topOrder() {
        return topOrder;
    }

    int unitCount() {
        return map.length;
    }

    long address() {
        return address;
    }

    byte[] array() {
        return array;
    }

    long offsetOf(final int unit) {
        return (long) unit << unitShift;
    }

    long blockSize(final int order) {
        return dedicated ? byteSize : 1L << (order + unitShift);
    }

    ByteBuffer byteBuffer(final int unit, final int length) {
        return buffer.slice(unit << unitShift, length);
    }

    MemorySegment slice(final int unit, final long length) {
        return segment.asSlice((long) unit << unitShift, length);
    }

    int entry(final int unit) {
        return map[unit];
    }

    int entryVolatile(final int unit) {
        return (byte) MAP.getVolatile(map, unit);
    }

    void setEntry(final int unit, final int entry) {
        map[unit] = (byte) entry;
    }

    void setEntryRelease(final int unit, final int entry) {
        MAP.setRelease(map, unit, (byte) entry);
    }

    boolean compareAndSetEntry(final int unit, final int expected, final int entry) {
        return MAP.compareAndSet(map, unit, (byte) expected, (byte) entry);
    }

    long nextLink(final int unit) {
        return segment.get(ValueLayout.JAVA_LONG_UNALIGNED, offsetOf(unit) + NEXT_OFFSET);
    }

    long previousLink(final int unit) {
        return segment.get(ValueLayout.JAVA_LONG_UNALIGNED, offsetOf(unit) + PREVIOUS_OFFSET);
    }

    void setNextLink(final int unit, final long handle) {
        segment.set(ValueLayout.JAVA_LONG_UNALIGNED, offsetOf(unit) + NEXT_OFFSET, handle);
    }

    void setPreviousLink(final int unit, final long handle) {
        segment.set(ValueLayout.JAVA_LONG_UNALIGNED, offsetOf(unit) + PREVIOUS_OFFSET, handle);
    }

    /** Returns the bytes of block metadata this region keeps outside its blocks. */
    long metadataBytes() {
        return map.length + (lists != null ? lists.metadataBytes() : 0);
    }

    /** Releases the region's memory; blocks still referenced by buffers become inaccessible (native media). */
    void release() {
        if (arena != null) {
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "region " + id + " (" + medium + ", " + byteSize + " bytes" + (dedicated ? ", dedicated" : "") + ")";
    }
}
