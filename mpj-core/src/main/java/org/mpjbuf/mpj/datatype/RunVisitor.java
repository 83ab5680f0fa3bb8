package org.mpjbuf.mpj.datatype;

import mpi.MPIException;

/**
 * Receives the element runs of a type map, in type-map order, from {@link TypeWalker}.
 *
 * <p>Indices are absolute element indices in the buffer being walked. Implementations are used
 * by one thread at a time.
 */
public interface RunVisitor {

    /**
     * Visits {@code length} consecutive elements starting at {@code index}.
     *
     * @param index index of the first element
     * @param length number of elements, at least 1
     * @throws MPIException if the visitor fails
     */
    void run(int index, int length) throws MPIException;

    /**
     * Visits a multi-strided block: for every point {@code i} of the index space
     * {@code counts} (outermost first), the run of {@code length} elements at
     * {@code index + sum(i[k] * strides[k])}, in lexicographic order of {@code i}.
     *
     * <p>The default visits each run with {@link #run}; visitors with a bulk strided primitive
     * override it. The arrays belong to the type and must not be modified.
     *
     * @param index index of the first element of the first run
     * @param length elements per run, at least 1
     * @param counts extent of each dimension, outermost first
     * @param strides distance between runs along each dimension, in elements
     * @throws MPIException if the visitor fails
     */
    default void strided(int index, int length, int[] counts, int[] strides)
        throws MPIException {
        rows(this, index, length, counts, strides, 0);
    }

    private static void rows(RunVisitor visitor, int index, int length, int[] counts,
                             int[] strides, int dimension) throws MPIException {
        if (dimension == counts.length) {
            visitor.run(index, length);
            return;
        }
        int count = counts[dimension];
        int stride = strides[dimension];
        for (int i = 0; i < count; i++) {
            rows(visitor, index + i * stride, length, counts, strides, dimension + 1);
        }
    }
}
