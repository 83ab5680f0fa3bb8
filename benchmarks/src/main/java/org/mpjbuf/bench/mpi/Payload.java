package org.mpjbuf.bench.mpi;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * What a ping-pong message is made of, for a message of {@code size} bytes: the user's array, the
 * MPI datatype and count describing it, and the contiguous array the device-level baseline sends
 * instead.
 */
public enum Payload {
    /** {@code size} bytes of a {@code byte[]}, as {@code MPI.BYTE}. */
    BYTES,
    /** {@code size / 8} doubles of a {@code double[]} (at least one), as {@code MPI.DOUBLE}. */
    DOUBLES,
    /**
     * Every other double of a {@code double[]} twice as long, as one {@code Vector(n, 1, 2,
     * MPI.DOUBLE)}: packed once, then scattered on receipt from where the device holds it; the
     * device baseline sends the n doubles contiguously.
     */
    VECTOR;

    /** Returns how many base elements a message of {@code size} bytes has. */
    int elements(int size) {
        return this == BYTES ? size : Math.max(1, size / Double.BYTES);
    }

    /** Returns a user buffer for a message of {@code size} bytes, filled with {@code value}. */
    Object newBuffer(int size, int value) {
        int elements = elements(size);
        if (this == BYTES) {
            byte[] bytes = new byte[elements];
            java.util.Arrays.fill(bytes, (byte) value);
            return bytes;
        }
        double[] doubles = new double[this == VECTOR ? 2 * elements : elements];
        java.util.Arrays.fill(doubles, value);
        return doubles;
    }

    /** Returns a contiguous array of the base type, what the device baseline sends. */
    Object newContiguous(int size, int value) {
        return this == VECTOR ? DOUBLES.newBuffer(size, value) : newBuffer(size, value);
    }

    /** Returns the datatype of one message ({@link #count} items of it). */
    Datatype datatype(int size) throws MPIException {
        return switch (this) {
            case BYTES -> MPI.BYTE;
            case DOUBLES -> MPI.DOUBLE;
            case VECTOR -> {
                Datatype vector = Datatype.Vector(elements(size), 1, 2, MPI.DOUBLE);
                vector.Commit();
                yield vector;
            }
        };
    }

    /** Returns the count of datatype items of one message. */
    int count(int size) {
        return this == VECTOR ? 1 : elements(size);
    }
}
