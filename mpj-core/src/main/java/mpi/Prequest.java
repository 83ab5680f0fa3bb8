package mpi;

/**
 * A persistent request ({@code Send_init}, {@code Recv_init}, ...): the arguments of an
 * operation bound once, started any number of times with {@link #Start()}. Each start is
 * completed like a {@link Request}; afterwards the request is inactive but not null, ready to be
 * started again.
 *
 * <p><b>Buffer ownership.</b> The buffer belongs to the library from {@code Start} until the
 * operation completes.
 *
 * <p><b>Thread safety.</b> As {@link Request}; starting the same persistent request from two
 * threads at once is an error.
 */
public class Prequest extends Request {

    /** Starts the bound operation on a request. */
    @FunctionalInterface
    interface Starter {
        void start(Request target) throws MPIException;
    }

    private final Starter starter;

    Prequest(RankState state, Starter starter) {
        super(state);
        this.starter = starter;
    }

    /**
     * Starts the operation.
     *
     * @throws MPIException (MPI_ERR_REQUEST) when the previous start has not been completed by a
     *                      wait or test, or as the corresponding blocking call
     */
    public void Start() throws MPIException {
        synchronized (this) {
            if (isActive()) {
                throw Checks.error(MPIException.ERR_REQUEST, "Start() of a persistent request that "
                    + "is still active (complete it with Wait or Test first)");
            }
            starter.start(this);
        }
    }

    /**
     * Starts several persistent requests, in order.
     *
     * @param requests the requests
     * @throws MPIException as {@link #Start()}, naming the request
     */
    public static void Startall(Prequest[] requests) throws MPIException {
        Checks.notNull(requests, "requests");
        for (int i = 0; i < requests.length; i++) {
            Checks.notNull(requests[i], "requests[" + i + "]");
            requests[i].Start();
        }
    }

    /**
     * Tells whether this is a null request; a persistent request never is.
     *
     * @return false
     */
    @Override
    public boolean Is_null() {
        return false;
    }
}
