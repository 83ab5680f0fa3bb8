package org.mpjbuf.mpj.op;

import mpi.MPIException;
import mpi.Op;
import mpi.User_function;

/**
 * The bridge through which the reduction engine reads the private state of {@link Op}, which
 * lives in the public {@code mpi} package.
 *
 * <p>{@code Op} installs the accessor when its class initialises, which happens before any
 * {@code Op} exists; code holding an {@code Op} can therefore always use {@link #get()}.
 * Thread-safe.
 */
public final class OpAccess {

    /** Reads an operation's state. */
    public interface Accessor {
        /**
         * Returns the function of an operation that has not been freed.
         *
         * @param op the operation
         * @return its function
         * @throws MPIException {@code ERR_OP} if the operation has been freed
         */
        User_function function(Op op) throws MPIException;

        /**
         * Returns whether an operation is commutative.
         *
         * @param op the operation
         * @return the flag given at construction
         */
        boolean isCommutative(Op op);
    }

    private static volatile Accessor accessor;

    private OpAccess() {
    }

    /**
     * Installs the accessor; called once by {@link Op}.
     *
     * @param installed the accessor
     * @throws IllegalStateException if an accessor is already installed
     */
    public static void install(Accessor installed) {
        if (accessor != null) {
            throw new IllegalStateException("the Op accessor is already installed");
        }
        accessor = installed;
    }

    static Accessor get() {
        return accessor;
    }
}
