package org.mpjbuf.mpj.op;

import java.util.EnumSet;
import java.util.Set;
import org.mpjbuf.mpj.datatype.BaseType;

/**
 * The predefined reduction operations of MPI: what each computes, in the {@code long} and the
 * {@code double} lane of {@link ElementLane}, and which base types it applies to.
 *
 * <p>{@code combine(a, b)} receives the left operand (from {@code invec}) first. MAXLOC and MINLOC
 * work on (value, index) pairs and are handled by {@link PredefinedFunction}; their
 * {@code combine} compares values only. Immutable and thread-safe.
 */
enum OpKind {
    /** Maximum. */
    MAX(Applies.NUMERIC) {
        @Override long combine(long a, long b) { return Math.max(a, b); }
        @Override double combine(double a, double b) { return Math.max(a, b); }
    },
    /** Minimum. */
    MIN(Applies.NUMERIC) {
        @Override long combine(long a, long b) { return Math.min(a, b); }
        @Override double combine(double a, double b) { return Math.min(a, b); }
    },
    /** Sum. */
    SUM(Applies.NUMERIC) {
        @Override long combine(long a, long b) { return a + b; }
        @Override double combine(double a, double b) { return a + b; }
    },
    /** Product. */
    PROD(Applies.NUMERIC) {
        @Override long combine(long a, long b) { return a * b; }
        @Override double combine(double a, double b) { return a * b; }
    },
    /** Logical and: 1 if both operands are non-zero (true), else 0. */
    LAND(Applies.LOGICAL) {
        @Override long combine(long a, long b) { return a != 0 && b != 0 ? 1 : 0; }
    },
    /** Bitwise and. */
    BAND(Applies.LOGICAL) {
        @Override long combine(long a, long b) { return a & b; }
    },
    /** Logical or. */
    LOR(Applies.LOGICAL) {
        @Override long combine(long a, long b) { return a != 0 || b != 0 ? 1 : 0; }
    },
    /** Bitwise or. */
    BOR(Applies.LOGICAL) {
        @Override long combine(long a, long b) { return a | b; }
    },
    /** Logical exclusive or. */
    LXOR(Applies.LOGICAL) {
        @Override long combine(long a, long b) { return (a != 0) != (b != 0) ? 1 : 0; }
    },
    /** Bitwise exclusive or. */
    BXOR(Applies.LOGICAL) {
        @Override long combine(long a, long b) { return a ^ b; }
    },
    /** Maximum value with its index, the lower index on ties. */
    MAXLOC(Applies.PAIRS) {
        @Override long combine(long a, long b) { return Long.compare(a, b); }
        @Override double combine(double a, double b) { return Double.compare(a, b); }
    },
    /** Minimum value with its index, the lower index on ties. */
    MINLOC(Applies.PAIRS) {
        @Override long combine(long a, long b) { return Long.compare(b, a); }
        @Override double combine(double a, double b) { return Double.compare(b, a); }
    };

    private final Set<BaseType> baseTypes;

    OpKind(Set<BaseType> baseTypes) {
        this.baseTypes = baseTypes;
    }

    /**
     * Combines two operands in the {@code long} lane; for MAXLOC/MINLOC, returns a positive
     * number if the left value wins, zero on a tie, a negative number otherwise.
     */
    abstract long combine(long a, long b);

    /** Combines two operands in the {@code double} lane; see {@link #combine(long, long)}. */
    double combine(double a, double b) {
        throw new IllegalStateException(this + " has no floating-point form");
    }

    /** Returns whether the operation applies to elements of {@code type}. */
    boolean appliesTo(BaseType type) {
        return baseTypes.contains(type);
    }

    /** Returns whether the operation combines (value, index) pairs. */
    boolean isLocation() {
        return this == MAXLOC || this == MINLOC;
    }

    /** Base-type sets, kept out of the enum's constant initialisers. */
    private static final class Applies {
        static final Set<BaseType> NUMERIC = EnumSet.of(BaseType.BYTE, BaseType.CHAR,
            BaseType.SHORT, BaseType.INT, BaseType.LONG, BaseType.FLOAT, BaseType.DOUBLE);
        static final Set<BaseType> LOGICAL = EnumSet.of(BaseType.BOOLEAN, BaseType.BYTE,
            BaseType.CHAR, BaseType.SHORT, BaseType.INT, BaseType.LONG);
        static final Set<BaseType> PAIRS = EnumSet.of(BaseType.SHORT, BaseType.INT,
            BaseType.LONG, BaseType.FLOAT, BaseType.DOUBLE);
    }
}
