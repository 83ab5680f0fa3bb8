package org.mpjbuf.mpj.datatype;

import mpi.MPIException;

/**
 * The compiled form of a committed type whose runs are short: its elements as a small table of
 * indices repeated over a regular grid, so that packing is one tight loop per element width
 * instead of one call per run.
 *
 * <h2>Notation</h2>
 * The items of a message are grouped into <em>units</em> of {@code itemsPerUnit} consecutive
 * items; unit {@code u} starts at {@code offset + u * unitExtent}. A unit holds
 * {@code unitSize} elements in type-map order, cut into <em>blocks</em> of {@code table.length}
 * elements; block {@code b} of a unit reads the elements
 * <pre>
 *   unitOrigin + b * blockStride + table[k],   k = 0 .. table.length - 1
 * </pre>
 * and the last block of a unit (and of a message cut short by a limit) reads a prefix of the
 * table. Two shapes are compiled:
 * <ol>
 *   <li>a single multi-strided leaf (Vector, Hvector, a Vector of Vectors): the table covers
 *       {@code periods} repetitions of the outermost dimension (each repetition being the inner
 *       dimensions times the run), and {@code blockStride} is {@code periods} outer strides; a
 *       unit is one item. {@code Vector(n, 1, 2)} becomes the table
 *       {@code [0, 2, 4, ..., 2*(P-1)]} with block stride {@code 2P};</li>
 *   <li>any other type up to {@link MappedDatatype#TABLE_MAX_SIZE} elements (a struct): the
 *       table lists the indices of {@code itemsPerUnit} whole items, so a unit is one block and
 *       small items share one loop.</li>
 * </ol>
 * Tables are kept near {@link #TARGET_ENTRIES} entries: long enough that the per-block overhead
 * vanishes, short enough to stay in the first-level cache.
 *
 * <p>Immutable and thread-safe.
 */
final class ElementPattern {

    /** The table length compilation aims for. */
    static final int TARGET_ENTRIES = 256;

    /** Element indices of one block, relative to the block's origin, in type-map order. */
    final int[] table;
    /** Elements between the origins of two consecutive blocks of one unit. */
    final long blockStride;
    /** Elements of one unit. */
    final long unitSize;
    /** Elements between the origins of two consecutive units. */
    final long unitExtent;

    private ElementPattern(int[] table, long blockStride, long unitSize, long unitExtent) {
        this.table = table;
        this.blockStride = blockStride;
        this.unitSize = unitSize;
        this.unitExtent = unitExtent;
    }

    /**
     * Compiles the pattern of a type, or returns {@code null} when the type is better packed run
     * by run (long runs) or is too irregular and too large for a table.
     *
     * @param type a type with at least two elements
     * @return the pattern, or {@code null}
     */
    static ElementPattern compile(MappedDatatype type) {
        Segment[] program = type.program();
        if (program.length == 1 && program[0].isLeaf() && program[0].rank() > 0
            && program[0].size / program[0].counts[0] <= TARGET_ENTRIES) {
            return strided(type, program[0]);
        }
        if (type.size() > MappedDatatype.TABLE_MAX_SIZE) {
            return null;
        }
        int[] item = indicesOf(type);
        int items = Math.max(1, TARGET_ENTRIES / item.length);
        if (!fits((long) (items - 1) * type.extent() + type.dataMax())
            || !fits((long) (items - 1) * type.extent() + type.dataMin())) {
            items = 1;
        }
        int[] table = new int[items * item.length];
        for (int j = 0; j < items; j++) {
            int shift = j * type.extent();
            for (int k = 0; k < item.length; k++) {
                table[j * item.length + k] = shift + item[k];
            }
        }
        return new ElementPattern(table, 0, table.length, (long) items * type.extent());
    }

    private static ElementPattern strided(MappedDatatype type, Segment leaf) {
        long periodSize = leaf.size / leaf.counts[0];
        int periods = (int) Math.min(leaf.counts[0], Math.max(1, TARGET_ENTRIES / periodSize));
        int[] table = new int[(int) (periods * periodSize)];
        int position = 0;
        for (int p = 0; p < periods; p++) {
            position = fill(leaf, 1, (int) (leaf.offset + (long) p * leaf.strides[0]), table,
                position);
        }
        return new ElementPattern(table, (long) periods * leaf.strides[0], type.size(),
            type.extent());
    }

    /** Appends the elements of one period from {@code position}; returns the next position. */
    private static int fill(Segment leaf, int dimension, int index, int[] table, int position) {
        int next = position;
        if (dimension == leaf.rank()) {
            for (int i = 0; i < leaf.length; i++) {
                table[next++] = index + i;
            }
            return next;
        }
        for (int i = 0; i < leaf.counts[dimension]; i++) {
            next = fill(leaf, dimension + 1, (int) (index + (long) i * leaf.strides[dimension]),
                table, next);
        }
        return next;
    }

    private static int[] indicesOf(MappedDatatype type) {
        int[] indices = new int[type.size()];
        try {
            TypeWalker.walk(type, 1, 0, indices.length, new RunVisitor() {
                private int position;

                @Override
                public void run(int index, int length) {
                    for (int i = 0; i < length; i++) {
                        indices[position++] = index + i;
                    }
                }
            });
        } catch (MPIException e) {
            throw new IllegalStateException("walking a type map cannot fail", e);
        }
        return indices;
    }

    private static boolean fits(long index) {
        return index >= Integer.MIN_VALUE && index <= Integer.MAX_VALUE;
    }
}
