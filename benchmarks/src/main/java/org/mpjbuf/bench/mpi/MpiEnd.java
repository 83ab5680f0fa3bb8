package org.mpjbuf.bench.mpi;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;
import org.mpjbuf.mpj.runtime.Job;

/**
 * The measured side: a two-rank job of the embedding API ({@link Job#runTasks}); rank 1 echoes
 * with {@code Recv}/{@code Send}, rank 0 hands its world communicator to the benchmark thread
 * and waits until the benchmark closes.
 */
final class MpiEnd implements PingPongEnd {

    private static final int DATA = 0;
    private static final int STOP = 1;

    private final Intracomm world;
    private final Datatype datatype;
    private final int count;
    private final Object outgoing;
    private final Object incoming;
    private final CountDownLatch closing = new CountDownLatch(1);
    private final Thread job;

    MpiEnd(Payload payload, int size) throws Exception {
        CompletableFuture<Intracomm> rankZero = new CompletableFuture<>();
        outgoing = payload.newBuffer(size, 0x5a);
        incoming = payload.newBuffer(size, 0);
        count = payload.count(size);
        job = Thread.ofPlatform().name("mpi-bench-job").daemon(true).start(() -> Job.of(2).runTasks(comm -> {
            Datatype type = payload.datatype(size);
            if (comm.Rank() == 0) {
                rankZero.complete(comm);
                closing.await();
            } else {
                Object echo = payload.newBuffer(size, 0);
                Status status;
                while ((status = comm.Recv(echo, 0, count, type, 0, MPI.ANY_TAG)).tag == DATA) {
                    comm.Send(echo, 0, count, type, 0, DATA);
                }
                if (status.tag != STOP) {
                    throw new IllegalStateException("unexpected tag " + status.tag);
                }
            }
        }).orThrow());
        world = rankZero.get(30, TimeUnit.SECONDS);
        datatype = payload.datatype(size);
    }

    @Override
    public void roundTrip() throws Exception {
        world.Send(outgoing, 0, count, datatype, 1, DATA);
        world.Recv(incoming, 0, count, datatype, 1, DATA);
    }

    @Override
    public Object received() {
        return incoming;
    }

    @Override
    public void stop() throws Exception {
        world.Send(outgoing, 0, count, datatype, 1, STOP);
        closing.countDown();
        job.join(10_000);
    }
}
