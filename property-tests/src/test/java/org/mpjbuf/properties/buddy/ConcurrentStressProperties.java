package org.mpjbuf.properties.buddy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.mpjbuf.buddy.BufferPool;

/**
 * Several threads allocate random sizes, check and free their own blocks and blocks handed over by other
 * threads. Every block handed out must be distinct from every block held at that moment (none duplicated);
 * at quiescence the invariants hold and freeing everything leaves every region one free block (none lost).
 * The seed printed by jqwik fixes the sizes and choices; thread interleavings vary from run to run.
 */
class ConcurrentStressProperties {
    private static final int OPERATIONS_PER_THREAD = 1500;
    private static final int MAXIMUM_HELD_PER_THREAD = 24;
    private static final long JOIN_MILLIS = 60_000;

    @Property(tries = 20)
    void threadsNeverShareABlockAndLoseNone(@ForAll("configurations") final PoolConfiguration configuration,
        @ForAll @IntRange(min = 2, max = 4) final int threadCount, @ForAll final long seed) throws InterruptedException {
        try (BufferPool pool = configuration.builder().build()) {
            final Set<String> held = ConcurrentHashMap.newKeySet();
            final ConcurrentLinkedQueue<LiveBlock> handedOver = new ConcurrentLinkedQueue<>();
            final List<Throwable> failures = new CopyOnWriteArrayList<>();
            final List<Thread> threads = new ArrayList<>();
            for (int index = 0; index < threadCount; index++) {
                final SplittableRandom random = new SplittableRandom(seed + index);
                final byte fill = (byte) (index + 1);
                threads.add(Thread.ofPlatform().name("stress-" + index).start(() -> {
                    try {
                        work(pool, configuration, random, fill, held, handedOver);
                    } catch (final Throwable failure) {
                        failures.add(failure);
                    }
                }));
            }
            for (final Thread thread : threads) {
                thread.join(JOIN_MILLIS);
                assertFalse(thread.isAlive(), thread.getName() + " did not finish");
            }
            assertEquals(List.of(), failures);
            final List<LiveBlock> remaining = new ArrayList<>(handedOver);
            PoolInvariants.check(pool, remaining);
            for (final LiveBlock block : remaining) {
                assertTrue(held.remove(key(block)));
                block.free(pool);
            }
            pool.trimThreadCache();
            assertTrue(held.isEmpty(), "blocks still marked held: " + held);
            PoolInvariants.check(pool, List.of());
            PoolInvariants.checkAllFree(pool);
        }
    }

    @Provide
    Arbitrary<PoolConfiguration> configurations() {
        return PoolConfiguration.all();
    }

    private static void work(final BufferPool pool, final PoolConfiguration configuration,
        final SplittableRandom random, final byte fill, final Set<String> held,
        final ConcurrentLinkedQueue<LiveBlock> handedOver) {
        final List<LiveBlock> mine = new ArrayList<>();
        for (int operation = 0; operation < OPERATIONS_PER_THREAD; operation++) {
            final int choice = random.nextInt(10);
            if (choice < 5 && mine.size() < MAXIMUM_HELD_PER_THREAD) {
                final int size = random.nextInt(8) == 0
                    ? configuration.regionSize() + 1 + random.nextInt(configuration.regionSize())
                    : 1 + random.nextInt(random.nextBoolean() ? 256 : configuration.regionSize());
                final Object handle = random.nextBoolean() ? pool.allocate(size) : pool.allocateSegment(size);
                final LiveBlock block = LiveBlock.of(pool, handle, fill);
                if (!held.add(key(block))) {
                    throw new AssertionError("block handed out twice: " + block);
                }
                mine.add(block);
            } else if (choice < 8 && !mine.isEmpty()) {
                release(pool, mine.remove(random.nextInt(mine.size())), held);
            } else if (choice == 8 && !mine.isEmpty()) {
                handedOver.add(mine.remove(random.nextInt(mine.size())));
            } else {
                final LiveBlock other = handedOver.poll();
                if (other != null) {
                    release(pool, other, held);
                }
            }
        }
        for (final LiveBlock block : mine) {
            release(pool, block, held);
        }
    }

    private static void release(final BufferPool pool, final LiveBlock block, final Set<String> held) {
        if (block.firstCorruptedByte() != -1) {
            throw new AssertionError("contents of " + block + " were changed by another thread");
        }
        if (!held.remove(key(block))) {
            throw new AssertionError("block released but not held: " + block);
        }
        block.free(pool);
    }

    private static String key(final LiveBlock block) {
        return block.regionId() + "@" + block.offset();
    }
}
