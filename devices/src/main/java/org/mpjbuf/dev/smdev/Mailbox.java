package org.mpjbuf.dev.smdev;

/** The receiving side of one rank: matching of sends against posted receives. */
sealed interface Mailbox permits LockedMailbox, InboxMailbox {
    int rank();

    long arrivals();

    void prober(Thread thread);

    SmdevRequest matchOrQueue(SmdevRequest send, Transfers transfers);

    SmdevRequest matchOrPost(SmdevRequest receive);

    SmdevRequest firstMessage(int source, int tag, int context);

    boolean unpost(SmdevRequest receive);

    void close(Transfers transfers);

    /** Lets the receiving rank match what has arrived; called by its waiting threads. */
    void progress();

    /** Tells the mailbox that a thread of its rank is about to park. */
    void idling(Thread waiter);
}
