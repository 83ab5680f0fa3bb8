package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random sequences of acquires and releases over a small, bounded cache: a registration always
 * covers its request, a request covered by a live registration never registers again, a
 * registration in use is never deregistered, the bounds hold, the full error comes only when the
 * registrations in use leave no room, and close leaves nothing registered. jqwik prints the seed
 * of a failing sequence.
 */
class PinDownCachePropertyTest {
    private static final int BUFFER_LENGTH = 4096;

    @Property(tries = 60)
    void registrationsCoverTheirRequestsAndInUseOnesSurvive(@ForAll final long seed,
                                                           @ForAll @IntRange(min = 1, max = 6) final int maximumEntries,
                                                           @ForAll @IntRange(min = 1024, max = 16384) final int maximumBytes)
        throws IOException {
        Path directory = Files.createTempDirectory("pin-down-property");
        try (SoftVerbs verbs = new SoftVerbs(directory.resolve("wire")); Arena arena = Arena.ofConfined()) {
            Verbs.Context context = verbs.open(SoftVerbs.DEVICE_NAME);
            Verbs.ProtectionDomain domain = verbs.allocateProtectionDomain(context);
            List<MemorySegment> buffers = List.of(arena.allocate(BUFFER_LENGTH), arena.allocate(BUFFER_LENGTH),
                arena.allocate(BUFFER_LENGTH));
            Random random = new Random(seed);
            List<Verbs.MemoryRegion> held = new ArrayList<>();
            List<Verbs.MemoryRegion> seen = new ArrayList<>();
            PinDownCache cache = new PinDownCache(verbs, domain, SoftEndpoint.ALL_ACCESS, maximumEntries, maximumBytes);
            for (int step = 0; step < 200; step++) {
                if (!held.isEmpty() && random.nextInt(3) == 0) {
                    cache.release(held.remove(random.nextInt(held.size())));
                } else {
                    MemorySegment buffer = buffers.get(random.nextInt(buffers.size()));
                    int offset = random.nextInt(BUFFER_LENGTH);
                    MemorySegment request = buffer.asSlice(offset, 1 + random.nextInt(BUFFER_LENGTH - offset));
                    acquire(verbs, cache, request, held, seen);
                }
                assertTrue(cache.entryCount() <= maximumEntries, cache.toString());
                assertTrue(cache.registeredBytes() <= maximumBytes, cache.toString());
                assertEquals(cache.entryCount(), verbs.regions().count(), "the device holds what the cache holds");
                for (Verbs.MemoryRegion registration : held) {
                    assertTrue(registered(verbs, registration), registration + " is in use");
                }
            }
            cache.close();
            assertEquals(0, verbs.regions().count());
            verbs.deallocate(domain);
            verbs.close(context);
        } finally {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    private static void acquire(SoftVerbs verbs, PinDownCache cache, MemorySegment request,
                                List<Verbs.MemoryRegion> held, List<Verbs.MemoryRegion> seen) {
        boolean covered = seen.stream().anyMatch(r -> registered(verbs, r) && covers(r, request));
        long misses = cache.missCount();
        try {
            Verbs.MemoryRegion registration = cache.acquire(request);
            assertTrue(covers(registration, request), registration + " covers " + request);
            assertEquals(covered ? misses : misses + 1, cache.missCount(),
                covered ? "a live registration covered the request" : "nothing covered the request");
            held.add(registration);
            seen.add(registration);
        } catch (PinDownCacheFullException full) {
            Map<Verbs.MemoryRegion, Boolean> inUse = new IdentityHashMap<>();
            held.forEach(r -> inUse.put(r, true));
            long inUseBytes = inUse.keySet().stream().mapToLong(Verbs.MemoryRegion::byteSize).sum();
            assertTrue(!covered && (inUse.size() >= cache.maximumEntries()
                || inUseBytes + request.byteSize() > cache.maximumBytes()), full.getMessage());
        }
    }

    private static boolean registered(SoftVerbs verbs, Verbs.MemoryRegion registration) {
        return verbs.regions().local(registration.lkey()) != null;
    }

    private static boolean covers(Verbs.MemoryRegion registration, MemorySegment request) {
        return registration.address() <= request.address()
            && registration.address() + registration.byteSize() >= request.address() + request.byteSize();
    }
}
