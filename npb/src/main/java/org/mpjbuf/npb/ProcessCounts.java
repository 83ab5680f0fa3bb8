package org.mpjbuf.npb;

import java.util.StringJoiner;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * The process counts a benchmark can run on for one class: the powers of two
 * up to a limit (CG, EP, FT, IS, MG), the squares up to a limit (the
 * multi-partition of SP and BT), or every count from the size of a graph on (DT).
 *
 * <p>Immutable and thread-safe.
 */
public final class ProcessCounts {
    /** The most counts a usage message lists before it writes "..." and the largest. */
    private static final int LISTED = 12;
    /** The counts a usage message lists where there is no largest. */
    private static final int LISTED_UNBOUNDED = 3;

    private final String kind;
    private final int min;
    private final int max;
    private final IntPredicate member;
    private final IntUnaryOperator next;

    private ProcessCounts(String kind, int min, int max, IntPredicate member, IntUnaryOperator next) {
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.member = member;
        this.next = next;
    }

    /**
     * {@return the powers of two from 1 to {@code max}}
     *
     * @param max the largest count, a power of two
     */
    public static ProcessCounts powersOfTwo(int max) {
        return new ProcessCounts("a power of two", 1, max, count -> Integer.bitCount(count) == 1,
                count -> count << 1);
    }

    /**
     * {@return the squares from 1 to {@code max}}
     *
     * @param max the largest count, a square
     */
    public static ProcessCounts squares(int max) {
        return new ProcessCounts("a square", 1, max, count -> {
            int root = (int) Math.round(Math.sqrt(count));
            return root * root == count;
        }, count -> {
            int root = (int) Math.round(Math.sqrt(count)) + 1;
            return root * root;
        });
    }

    /**
     * {@return every count from {@code min} on}
     *
     * @param min the least count
     */
    public static ProcessCounts atLeast(int min) {
        return new ProcessCounts("at least " + min, min, Integer.MAX_VALUE, count -> true, count -> count + 1);
    }

    /** {@return the least count allowed} */
    public int min() {
        return min;
    }

    /** {@return the largest count allowed, {@link Integer#MAX_VALUE} where there is no limit} */
    public int max() {
        return max;
    }

    /**
     * {@return whether a benchmark can run on {@code processes} processes}
     *
     * @param processes the size of the communicator
     */
    public boolean allows(int processes) {
        return processes >= min && processes <= max && member.test(processes);
    }

    /**
     * {@return what a usage message says is allowed, for example "the process
     * count must be a power of two from 1 to 8 (1, 2, 4, 8)"}
     */
    public String describe() {
        StringJoiner listed = new StringJoiner(", ", " (", ")");
        int count = min;
        int limit = max == Integer.MAX_VALUE ? LISTED_UNBOUNDED : LISTED;
        for (int shown = 0; count <= max && shown < limit; shown++) {
            listed.add(Integer.toString(count));
            count = next.applyAsInt(count);
        }
        if (max == Integer.MAX_VALUE) {
            return "the process count must be " + kind + listed.add("...");
        }
        if (count < max) {
            listed.add("...");
        }
        if (count <= max) {
            listed.add(Integer.toString(max));
        }
        return "the process count must be " + kind + " from " + min + " to " + max + listed;
    }
}
