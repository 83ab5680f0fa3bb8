package org.mpjbuf.buddy;

import java.util.List;

/**
 * A block allocated and not freed, reported by {@link BufferPool#leaks()} when leak tracking is on.
 *
 * <p>Thread safety: immutable.
 *
 * @param regionId the region holding the block.
 * @param offset the block's offset in its region.
 * @param byteSize the requested size.
 * @param threadName the name of the allocating thread.
 * @param allocationSite the stack of the allocating call, innermost frame first.
 */
public record LeakedBlock(int regionId, long offset, long byteSize, String threadName,
    List<StackTraceElement> allocationSite) {
    /**
     * Creates a leak report entry.
     *
     * @param regionId the region holding the block.
     * @param offset the block's offset in its region.
     * @param byteSize the requested size.
     * @param threadName the name of the allocating thread.
     * @param allocationSite the stack of the allocating call, innermost frame first.
     */
    public LeakedBlock {
        allocationSite = List.copyOf(allocationSite);
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder()
            .append(byteSize).append(" bytes at offset ").append(offset).append(" of region ").append(regionId)
            .append(" allocated by thread \"").append(threadName).append("\" and never freed");
        for (final StackTraceElement frame : allocationSite) {
            text.append(System.lineSeparator()).append("\tat ").append(frame);
        }
        return text.toString();
    }
}
