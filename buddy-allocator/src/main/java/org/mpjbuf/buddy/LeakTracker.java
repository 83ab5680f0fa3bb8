package org.mpjbuf.buddy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers where each live block was allocated, so that blocks never freed can be reported with their
 * allocation stack. Costly (a stack walk per allocation); off by default.
 */
final class LeakTracker {
    private record Site(long byteSize, String threadName, StackTraceElement[] stack) {
    }

    private final ConcurrentHashMap<Long, Site> live = new ConcurrentHashMap<>();

    void allocated(final long handle, final long byteSize) {
        final StackTraceElement[] stack = new Throwable().getStackTrace();
        int first = 0;
        while (first < stack.length && isPoolFrame(stack[first])) {
            first++;
        }
        final StackTraceElement[] callerStack = Arrays.copyOfRange(stack, first, stack.length);
        live.put(handle, new Site(byteSize, Thread.currentThread().getName(), callerStack));
    }

    private static boolean isPoolFrame(final StackTraceElement frame) {
        return frame.getClassName().equals(LeakTracker.class.getName())
            || frame.getClassName().equals(BufferPool.class.getName());
    }

    void freed(final long handle) {
        live.remove(handle);
    }

    List<LeakedBlock> leaks(final RegionTable table) {
        final List<LeakedBlock> leaks = new ArrayList<>();
        live.forEach((handle, site) -> {
            final Region region = table.get(BlockMapDescriptor.regionId(handle));
            final long offset = region == null ? -1 : region.offsetOf(BlockMapDescriptor.unit(handle));
            leaks.add(new LeakedBlock(BlockMapDescriptor.regionId(handle), offset, site.byteSize(), site.threadName(),
                List.of(site.stack())));
        });
        leaks.sort(Comparator.comparingInt(LeakedBlock::regionId).thenComparingLong(LeakedBlock::offset));
        return leaks;
    }
}
