package org.mpjbuf.bench.coll;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.mpjbuf.dev.HostProcessors;
import org.mpjbuf.mpj.coll.Allgather;
import org.mpjbuf.mpj.coll.Allreduce;
import org.mpjbuf.mpj.coll.Alltoall;
import org.mpjbuf.mpj.coll.Barrier;
import org.mpjbuf.mpj.coll.Bcast;
import org.mpjbuf.mpj.coll.CollectiveConfiguration;
import org.mpjbuf.mpj.coll.Reduce;
import org.mpjbuf.mpj.coll.SelectionTable;

/**
 * The collectives the sweep times, with their algorithm override property, their
 * algorithms, and the algorithm {@link SelectionTable} picks for a size. Message size follows
 * IMB: the whole vector for Bcast, Reduce and Allreduce, one rank's block for Allgather, one
 * pair's block for Alltoall.
 */
enum CollectiveKind {
    BARRIER(CollectiveConfiguration.BARRIER_ALGORITHM_PROP_NAME, Barrier.Algorithm.values()),
    BCAST(CollectiveConfiguration.BCAST_ALGORITHM_PROP_NAME, Bcast.Algorithm.values()),
    REDUCE(CollectiveConfiguration.REDUCE_ALGORITHM_PROP_NAME, Reduce.Algorithm.values()),
    ALLREDUCE(CollectiveConfiguration.ALLREDUCE_ALGORITHM_PROP_NAME, Allreduce.Algorithm.values()),
    ALLGATHER(CollectiveConfiguration.ALLGATHER_ALGORITHM_PROP_NAME, Allgather.Algorithm.values()),
    ALLTOALL(CollectiveConfiguration.ALLTOALL_ALGORITHM_PROP_NAME, Alltoall.Algorithm.values());

    /** The sweeps run smdev ranks as threads of this JVM: they have processors when they are at most these. */
    private static final int PROCESSORS = HostProcessors.count();

    final String property;
    private final Enum<?>[] algorithms;

    CollectiveKind(String property, Enum<?>[] algorithms) {
        this.property = property;
        this.algorithms = algorithms;
    }

    /** Returns the algorithm names, lower case as the override property takes them. */
    List<String> algorithms() {
        List<String> names = new ArrayList<>();
        for (Enum<?> algorithm : algorithms) {
            names.add(algorithm.name().toLowerCase(Locale.ROOT));
        }
        return names;
    }

    /** Returns the algorithm the selection table picks, lower case. */
    String automaticChoice(long bytes, int ranks) {
        Enum<?> choice = switch (this) {
            case BARRIER -> SelectionTable.barrier(ranks, ranks <= PROCESSORS);
            case BCAST -> SelectionTable.bcast(bytes, ranks);
            case REDUCE -> SelectionTable.reduce(bytes, ranks);
            case ALLREDUCE -> SelectionTable.allreduce(bytes, ranks, ranks <= PROCESSORS);
            case ALLGATHER -> SelectionTable.allgather(bytes, ranks);
            case ALLTOALL -> SelectionTable.alltoall(bytes, ranks);
        };
        return choice.name().toLowerCase(Locale.ROOT);
    }

    /** Returns the message sizes timed: none for Barrier, 8 B to {@code maxBytes} in powers of two otherwise. */
    long[] sizes(long maxBytes) {
        if (this == BARRIER) {
            return new long[] {0};
        }
        int steps = Long.numberOfTrailingZeros(Long.highestOneBit(maxBytes)) - 2;
        long[] sizes = new long[steps];
        for (int i = 0; i < steps; i++) {
            sizes[i] = 8L << i;
        }
        return sizes;
    }
}
