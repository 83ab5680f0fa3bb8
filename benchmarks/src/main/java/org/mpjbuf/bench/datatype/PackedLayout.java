package org.mpjbuf.bench.datatype;

import mpi.Datatype;
import mpi.MPIException;
import org.mpjbuf.mpj.datatype.BasicTypes;

/**
 * The data layouts the datatype benchmarks pack, each as a derived datatype and as the element
 * indices a hand-written loop visits.
 */
public enum PackedLayout {
    /** Column 7 of a flattened 512 x 512 {@code double} matrix: {@code Vector(512, 1, 512, DOUBLE)}. */
    COLUMN(512 * 512, 7, 1) {
        @Override
        Datatype datatype() throws MPIException {
            return Datatype.Vector(512, 1, 512, BasicTypes.DOUBLE);
        }

        @Override
        int[] indices() {
            int[] indices = new int[512];
            for (int i = 0; i < indices.length; i++) {
                indices[i] = offset() + i * 512;
            }
            return indices;
        }
    },
    /**
     * Every other element of a {@code double[]} of 16384: {@code Vector(8192, 1, 2, DOUBLE)}, the
     * 64 KiB message of the {@code mpi} ping-pong's {@code VECTOR} payload.
     */
    EVERY_OTHER(2 * 8192, 0, 1) {
        @Override
        Datatype datatype() throws MPIException {
            return Datatype.Vector(8192, 1, 2, BasicTypes.DOUBLE);
        }

        @Override
        int[] indices() {
            int[] indices = new int[8192];
            for (int i = 0; i < indices.length; i++) {
                indices[i] = 2 * i;
            }
            return indices;
        }
    },
    /**
     * 1024 particles of 10 {@code double}s each, sending position (3), velocity (3) and mass (1):
     * {@code Struct([1,1,1], [0,8,10], [Struct([1,1], [0,4], [vec3, vec3]), DOUBLE, UB])}.
     */
    PARTICLES(1024 * 10, 0, 1024) {
        @Override
        Datatype datatype() throws MPIException {
            Datatype vec3 = Datatype.Contiguous(3, BasicTypes.DOUBLE);
            Datatype motion = Datatype.Struct(new int[] {1, 1}, new int[] {0, 4},
                new Datatype[] {vec3, vec3});
            return Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 8, 10},
                new Datatype[] {motion, BasicTypes.DOUBLE, BasicTypes.UB});
        }

        @Override
        int[] indices() {
            int[] fields = {0, 1, 2, 4, 5, 6, 8};
            int[] indices = new int[1024 * fields.length];
            for (int p = 0; p < 1024; p++) {
                for (int f = 0; f < fields.length; f++) {
                    indices[p * fields.length + f] = p * 10 + fields[f];
                }
            }
            return indices;
        }
    };

    private final int arrayLength;
    private final int offset;
    private final int count;

    PackedLayout(int arrayLength, int offset, int count) {
        this.arrayLength = arrayLength;
        this.offset = offset;
        this.count = count;
    }

    /** Builds the (uncommitted) datatype of one item. */
    abstract Datatype datatype() throws MPIException;

    /** Returns the indices of the packed elements, in type-map order. */
    abstract int[] indices();

    int arrayLength() {
        return arrayLength;
    }

    int offset() {
        return offset;
    }

    int count() {
        return count;
    }
}
