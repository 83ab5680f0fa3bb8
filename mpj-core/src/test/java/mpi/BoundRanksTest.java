package mpi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.HostProcessors;
import org.mpjbuf.mpj.runtime.Job;

/**
 * Rank threads bound to a core each see one processor in {@link Runtime#availableProcessors()};
 * the choices that depend on whether ranks outnumber processors must still count the host's.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BoundRanksTest {

    @Test
    void shouldCountTheHostsProcessorsWhateverTheRankThreadIsBoundTo() {
        // bound ranks first: a count cached from an unbound thread would hide the difference
        int size = Math.min(2, HostProcessors.count());
        Job.of(size).runTasks(world ->
            assertTrue(new CollectiveTransport(world).ranksHaveProcessors(),
                "rank " + world.Rank() + " of " + size + " sees " + Runtime.getRuntime().availableProcessors()
                    + " processor(s) in its thread, the host has " + HostProcessors.count())).orThrow();
        Job.of(HostProcessors.count() + 1).runTasks(world ->
            assertFalse(new CollectiveTransport(world).ranksHaveProcessors())).orThrow();
    }
}
