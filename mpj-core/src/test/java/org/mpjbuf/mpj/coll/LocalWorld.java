package org.mpjbuf.mpj.coll;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An in-memory message-passing world of N rank threads for testing the algorithms
 * without the runtime: each message is copied into a list of values when sent and
 * matched on (source, tag) in send order, like MPI.
 */
final class LocalWorld {
    /** The body a rank runs. */
    interface RankBody {
        void run(Channel channel);
    }

    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final int size;
    private final Object lock = new Object();
    private final List<List<Message>> unexpected = new ArrayList<>();
    private final List<List<Receive>> posted = new ArrayList<>();
    private final Class<?> elementClass;

    private LocalWorld(final int size, final Class<?> elementClass) {
        this.size = size;
        this.elementClass = elementClass;
        for (int rank = 0; rank < size; rank++) {
            unexpected.add(new ArrayList<>());
            posted.add(new ArrayList<>());
        }
    }

    /**
     * Runs {@code body} on {@code size} threads and rethrows the first failure.
     *
     * @param elementClass the component class of scratch arrays ({@code int.class} or {@code Object.class})
     */
    static void run(final int size, final Class<?> elementClass, final RankBody body) {
        final LocalWorld world = new LocalWorld(size, elementClass);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        for (int rank = 0; rank < size; rank++) {
            final Channel channel = world.new Channel(rank);
            final Thread thread = new Thread(() -> {
                try {
                    body.run(channel);
                } catch (final Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "rank-" + rank);
            threads.add(thread);
            thread.start();
        }
        for (final Thread thread : threads) {
            try {
                thread.join();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("a rank failed: " + failure.get(), failure.get());
        }
    }

    private record Message(int source, int tag, List<Object> values) {
    }

    private final class Receive implements Pending<RuntimeException> {
        private final int source;
        private final int tag;
        private final Object buffer;
        private final int index;
        private final int count;
        private final TestType type;
        private boolean done;

        Receive(final int source, final int tag, final Object buffer, final int index, final int count,
                final TestType type) {
            this.source = source;
            this.tag = tag;
            this.buffer = buffer;
            this.index = index;
            this.count = count;
            this.type = type;
        }

        void complete(final List<Object> values) {
            type.expand(values, buffer, index, count);
            done = true;
            lock.notifyAll();
        }

        @Override
        public void await() {
            synchronized (lock) {
                final long deadline = System.nanoTime() + WAIT_NANOS;
                while (!done) {
                    final long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new IllegalStateException("receive from " + source + " tag " + tag + " never matched");
                    }
                    try {
                        TimeUnit.NANOSECONDS.timedWait(lock, left);
                    } catch (final InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
    }

    /** One rank's end of the world. */
    final class Channel implements CollectiveChannel<TestType, RuntimeException> {
        private final int rank;

        Channel(final int rank) {
            this.rank = rank;
        }

        @Override
        public int rank() {
            return rank;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public boolean ranksHaveProcessors() {
            return size <= Runtime.getRuntime().availableProcessors();
        }

        @Override
        public void send(final Object buffer, final int index, final int count, final TestType type, final int dest,
                         final int tag) {
            deliver(dest, tag, type.flatten(buffer, index, count));
        }

        @Override
        public void recv(final Object buffer, final int index, final int count, final TestType type,
                         final int source, final int tag) {
            irecv(buffer, index, count, type, source, tag).await();
        }

        @Override
        public Pending<RuntimeException> isend(final Object buffer, final int index, final int count,
                                               final TestType type, final int dest, final int tag) {
            send(buffer, index, count, type, dest, tag);
            return () -> { };
        }

        @Override
        public Pending<RuntimeException> irecv(final Object buffer, final int index, final int count,
                                               final TestType type, final int source, final int tag) {
            checkPeer(source);
            final Receive receive = new Receive(source, tag, buffer, index, count, type);
            synchronized (lock) {
                final Iterator<Message> messages = unexpected.get(rank).iterator();
                while (messages.hasNext()) {
                    final Message message = messages.next();
                    if (message.source() == source && message.tag() == tag) {
                        messages.remove();
                        receive.complete(message.values());
                        return receive;
                    }
                }
                posted.get(rank).add(receive);
            }
            return receive;
        }

        @Override
        public void sendSignal(final int dest, final int tag) {
            deliver(dest, tag, List.of());
        }

        @Override
        public void recvSignal(final int source, final int tag) {
            irecv(null, 0, 0, TestType.SINGLE, source, tag).await();
        }

        @Override
        public int extent(final TestType type) {
            return type.extent();
        }

        @Override
        public long byteSize(final TestType type, final int count) {
            return 4L * type.map().length * count;
        }

        @Override
        public Object allocate(final TestType type, final int count) {
            return Array.newInstance(elementClass, type.extent() * count + 1);
        }

        @Override
        public int scratchIndex(final TestType type, final int count) {
            return 1;
        }

        @Override
        public void copy(final Object source, final int sourceIndex, final int sourceCount, final TestType sourceType,
                         final Object dest, final int destIndex, final int destCount, final TestType destType) {
            destType.expand(sourceType.flatten(source, sourceIndex, sourceCount), dest, destIndex, destCount);
        }

        @Override
        public RuntimeException argumentError(final Problem problem, final String message) {
            return new IllegalArgumentException(message);
        }

        private void checkPeer(final int peer) {
            if (peer < 0 || peer >= size || peer == rank) {
                throw new IllegalStateException("rank " + rank + " talks to bad peer " + peer);
            }
        }

        private void deliver(final int dest, final int tag, final List<Object> values) {
            checkPeer(dest);
            synchronized (lock) {
                final Iterator<Receive> receives = posted.get(dest).iterator();
                while (receives.hasNext()) {
                    final Receive receive = receives.next();
                    if (receive.source == rank && receive.tag == tag) {
                        receives.remove();
                        receive.complete(values);
                        return;
                    }
                }
                unexpected.get(dest).add(new Message(rank, tag, values));
            }
        }
    }
}
