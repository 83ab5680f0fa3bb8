package org.mpjbuf.bench.mpi;

/** Rank 0's end of a ping-pong whose rank 1 echoes every message on a thread of its own. */
interface PingPongEnd {

    /** Sends the message to rank 1 and receives its echo. */
    void roundTrip() throws Exception;

    /** Returns what the last echo delivered, to be checked after the timed loop. */
    Object received();

    /** Stops rank 1 and releases both ends. */
    void stop() throws Exception;
}
