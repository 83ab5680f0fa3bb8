package org.mpjbuf.dev.ibvdev;

/**
 * A completion queue of a {@link SoftVerbs} device: a single-producer, single-consumer ring of
 * {@code capacity} completions in parallel arrays, filled by the device's HCA thread (the only
 * producer) and drained by {@link Verbs#poll} (one poller at a time, as {@link Verbs} requires).
 * The producer writes an entry, then publishes it with a volatile write of the tail; the poller
 * reads the tail, copies the entries and publishes its head. Neither side allocates or locks.
 *
 * <p><b>Overflow.</b> A completion that finds the ring full is lost, and the queue is marked
 * overflowed. Hardware raises the asynchronous event {@code IBV_EVENT_CQ_ERR} and the queue is
 * unusable from then on; this queue has no event channel, so instead every later {@code poll}
 * throws a {@link VerbsException} saying the queue overflowed. Size a queue for every work request
 * that can complete into it (both queues of every queue pair using it).
 */
final class SoftCompletionQueue extends SoftObjects.SoftObject implements Verbs.CompletionQueue {
    final SoftObjects.SoftContext context;
    private final int capacity;
    private final long[] wrIds;
    private final int[] statuses;
    private final int[] opcodes;
    private final int[] byteLengths;
    private final boolean[] withImmediate;
    private final int[] immediateData;
    private final int[] queuePairNumbers;
    private volatile long head;
    private volatile long tail;
    private volatile boolean overflowed;

    SoftCompletionQueue(SoftObjects.SoftContext context, int capacity) {
        super(context.owner);
        this.context = context;
        this.capacity = capacity;
        wrIds = new long[capacity];
        statuses = new int[capacity];
        opcodes = new int[capacity];
        byteLengths = new int[capacity];
        withImmediate = new boolean[capacity];
        immediateData = new int[capacity];
        queuePairNumbers = new int[capacity];
    }

    @Override
    public int capacity() {
        return capacity;
    }

    /**
     * Adds a completion; called by the HCA thread only.
     */
    void add(long wrId, int status, int opcode, int byteLength, boolean hasImmediate, int immediate,
             int queuePairNumber) {
        long position = tail;
        if (position - head == capacity) {
            overflowed = true;
            return;
        }
        int index = (int) (position % capacity);
        wrIds[index] = wrId;
        statuses[index] = status;
        opcodes[index] = opcode;
        byteLengths[index] = byteLength;
        withImmediate[index] = hasImmediate;
        immediateData[index] = immediate;
        queuePairNumbers[index] = queuePairNumber;
        tail = position + 1;
    }

    /**
     * Moves the published completions into {@code completions}.
     *
     * @return how many
     * @throws VerbsException if the queue overflowed
     */
    int poll(Completions completions) {
        if (overflowed) {
            completions.count(0);
            throw new VerbsException("ibv_poll_cq", "completion queue of " + capacity + " entries overflowed:"
                + " completions were lost (hardware raises IBV_EVENT_CQ_ERR); the queue is unusable");
        }
        long first = head;
        int count = (int) Math.min(tail - first, completions.capacity());
        for (int i = 0; i < count; i++) {
            int index = (int) ((first + i) % capacity);
            completions.set(i, wrIds[index], statuses[index], opcodes[index], byteLengths[index],
                withImmediate[index], immediateData[index], queuePairNumbers[index]);
        }
        completions.count(count);
        head = first + count;
        return count;
    }

    @Override
    public String toString() {
        return "soft completion queue of " + capacity;
    }
}
