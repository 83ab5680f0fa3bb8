package org.mpjbuf.mpj.coll;

/**
 * Message tags used on the collective context, one per collective.
 *
 * <p>The collective context carries no user traffic and every rank calls the
 * collectives of a communicator in the same order, so with MPI's non-overtaking
 * rule a tag per collective keeps consecutive calls apart; distinct tags make a
 * mismatched call sequence fail loudly instead of mixing data.
 */
final class Tags {
    static final int BARRIER = 1;
    static final int BCAST = 2;
    static final int GATHER = 3;
    static final int GATHERV = 4;
    static final int SCATTER = 5;
    static final int SCATTERV = 6;
    static final int ALLGATHER = 7;
    static final int ALLGATHERV = 8;
    static final int ALLTOALL = 9;
    static final int ALLTOALLV = 10;
    static final int REDUCE = 11;
    static final int ALLREDUCE = 12;
    static final int REDUCE_SCATTER = 13;
    static final int SCAN = 14;

    private Tags() {
    }
}
