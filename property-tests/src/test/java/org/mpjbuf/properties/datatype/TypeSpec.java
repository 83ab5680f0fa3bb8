package org.mpjbuf.properties.datatype;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mpi.Datatype;
import mpi.MPIException;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.BasicTypes;

/**
 * A randomly generated datatype constructor tree over one base type, which builds both the
 * {@link Datatype} and its reference type map, expanded directly from the MPI-1.1 definitions.
 */
record TypeSpec(Kind kind, int count, int blocklength, int stride, int[] blocklengths,
                int[] displacements, List<TypeSpec> children) {

    enum Kind { BASIC, PAIR, LB, UB, CONTIGUOUS, VECTOR, HVECTOR, INDEXED, HINDEXED, STRUCT }

    static TypeSpec leaf(Kind kind) {
        return new TypeSpec(kind, 0, 0, 0, null, null, List.of());
    }

    /** One entry of a reference type map: a displacement and what sits there. */
    record Entry(long displacement, Kind what) {
        Entry shifted(long shift) {
            return new Entry(displacement + shift, what);
        }
    }

    /** Builds the datatype over {@code base}. */
    Datatype build(BaseType base) throws MPIException {
        return switch (kind) {
            case BASIC -> basic(base);
            case PAIR -> pair(base);
            case LB -> BasicTypes.LB;
            case UB -> BasicTypes.UB;
            case CONTIGUOUS -> Datatype.Contiguous(count, child(0, base));
            case VECTOR -> Datatype.Vector(count, blocklength, stride, child(0, base));
            case HVECTOR -> Datatype.Hvector(count, blocklength, stride, child(0, base));
            case INDEXED -> Datatype.Indexed(blocklengths, displacements, child(0, base));
            case HINDEXED -> Datatype.Hindexed(blocklengths, displacements, child(0, base));
            case STRUCT -> {
                Datatype[] types = new Datatype[children.size()];
                for (int i = 0; i < types.length; i++) {
                    types[i] = child(i, base);
                }
                yield Datatype.Struct(blocklengths, displacements, types);
            }
        };
    }

    private Datatype child(int index, BaseType base) throws MPIException {
        return children.get(index).build(base);
    }

    /** Expands the type map from the definitions; {@code null} if it exceeds {@code limit}. */
    List<Entry> typeMap(int limit) {
        List<Entry> map = new ArrayList<>();
        switch (kind) {
            case BASIC -> map.add(new Entry(0, Kind.BASIC));
            case PAIR -> {
                map.add(new Entry(0, Kind.BASIC));
                map.add(new Entry(1, Kind.BASIC));
            }
            case LB, UB -> map.add(new Entry(0, kind));
            case CONTIGUOUS, VECTOR, HVECTOR, INDEXED, HINDEXED, STRUCT -> {
                for (int block = 0; block < blockCount(); block++) {
                    List<Entry> old = children.get(kind == Kind.STRUCT ? block : 0).typeMap(limit);
                    if (old == null) {
                        return null;
                    }
                    long extent = extent(old);
                    for (int j = 0; j < blockLength(block); j++) {
                        long shift = blockStart(block, extent) + j * extent;
                        for (Entry entry : old) {
                            map.add(entry.shifted(shift));
                        }
                        if (map.size() > limit) {
                            return null;
                        }
                    }
                }
            }
            default -> throw new IllegalStateException(kind.toString());
        }
        return map;
    }

    private int blockCount() {
        return switch (kind) {
            case CONTIGUOUS -> 1;
            case VECTOR, HVECTOR -> count;
            default -> blocklengths.length;
        };
    }

    private int blockLength(int block) {
        return switch (kind) {
            case CONTIGUOUS -> count;
            case VECTOR, HVECTOR -> blocklength;
            default -> blocklengths[block];
        };
    }

    private long blockStart(int block, long extent) {
        return switch (kind) {
            case CONTIGUOUS -> 0;
            case VECTOR -> (long) block * stride * extent;
            case HVECTOR -> (long) block * stride;
            case INDEXED -> displacements[block] * extent;
            default -> displacements[block];
        };
    }

    /** The MPI-1.1 lower bound of a type map. */
    static long lb(List<Entry> map) {
        boolean data = false;
        long markerLb = Long.MAX_VALUE;
        long dataMin = Long.MAX_VALUE;
        long markerUb = Long.MIN_VALUE;
        for (Entry entry : map) {
            switch (entry.what()) {
                case LB -> markerLb = Math.min(markerLb, entry.displacement());
                case UB -> markerUb = Math.max(markerUb, entry.displacement());
                default -> {
                    data = true;
                    dataMin = Math.min(dataMin, entry.displacement());
                }
            }
        }
        if (markerLb != Long.MAX_VALUE) {
            return markerLb;
        }
        return data ? dataMin : markerUb != Long.MIN_VALUE ? markerUb : 0;
    }

    /** The MPI-1.1 upper bound of a type map. */
    static long ub(List<Entry> map) {
        boolean data = false;
        long markerUb = Long.MIN_VALUE;
        long dataMax = Long.MIN_VALUE;
        for (Entry entry : map) {
            switch (entry.what()) {
                case UB -> markerUb = Math.max(markerUb, entry.displacement());
                case LB -> { }
                default -> {
                    data = true;
                    dataMax = Math.max(dataMax, entry.displacement() + 1);
                }
            }
        }
        if (markerUb != Long.MIN_VALUE) {
            return markerUb;
        }
        return data ? dataMax : lb(map);
    }

    static long extent(List<Entry> map) {
        return ub(map) - lb(map);
    }

    /** The displacements of the data entries, in type-map order. */
    static long[] data(List<Entry> map) {
        return map.stream().filter(entry -> entry.what() == Kind.BASIC)
            .mapToLong(Entry::displacement).toArray();
    }

    static Datatype basic(BaseType base) {
        return switch (base) {
            case BYTE -> BasicTypes.BYTE;
            case CHAR -> BasicTypes.CHAR;
            case SHORT -> BasicTypes.SHORT;
            case BOOLEAN -> BasicTypes.BOOLEAN;
            case INT -> BasicTypes.INT;
            case LONG -> BasicTypes.LONG;
            case FLOAT -> BasicTypes.FLOAT;
            case DOUBLE -> BasicTypes.DOUBLE;
            case OBJECT -> BasicTypes.OBJECT;
        };
    }

    /** The pair type of {@code base}, or {@code Contiguous(2, basic)} where MPI has none. */
    static Datatype pair(BaseType base) throws MPIException {
        return switch (base) {
            case SHORT -> BasicTypes.SHORT2;
            case INT -> BasicTypes.INT2;
            case LONG -> BasicTypes.LONG2;
            case FLOAT -> BasicTypes.FLOAT2;
            case DOUBLE -> BasicTypes.DOUBLE2;
            default -> Datatype.Contiguous(2, basic(base));
        };
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BASIC, PAIR, LB, UB -> kind.toString();
            case CONTIGUOUS -> "Contiguous(" + count + ", " + children.get(0) + ")";
            case VECTOR, HVECTOR -> kind + "(" + count + ", " + blocklength + ", " + stride + ", "
                + children.get(0) + ")";
            default -> kind + "(" + Arrays.toString(blocklengths) + ", "
                + Arrays.toString(displacements) + ", " + children + ")";
        };
    }
}
