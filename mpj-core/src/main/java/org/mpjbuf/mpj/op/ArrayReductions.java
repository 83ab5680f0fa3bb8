package org.mpjbuf.mpj.op;

/**
 * Plain loops for the reductions that dominate numerical codes: SUM, MAX and MIN over runs of
 * {@code double[]}, {@code long[]} and {@code int[]}. The general path of {@link ElementLane}
 * reads and writes every element through a method handle and an operator chosen per element;
 * a loop per (operation, array type), chosen once per run, lets the compiler unroll and
 * vectorise it. Every other case returns {@code false} and takes the general path, which
 * computes the same values.
 *
 * <p>Stateless and thread-safe.
 */
final class ArrayReductions {

    private ArrayReductions() {
    }

    /**
     * Computes {@code inout[inoutIndex + i] = in[inIndex + i] op inout[inoutIndex + i]} for
     * {@code i < length} when a plain loop covers the operation and array type.
     *
     * @return {@code false}, having changed nothing, when it does not
     */
    static boolean combine(OpKind kind, Object in, int inIndex, Object inout, int inoutIndex, int length) {
        if (kind != OpKind.SUM && kind != OpKind.MAX && kind != OpKind.MIN) {
            return false;
        }
        if (in instanceof double[] a && inout instanceof double[] b) {
            switch (kind) {
                case SUM -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = a[inIndex + i] + b[inoutIndex + i];
                    }
                }
                case MAX -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = Math.max(a[inIndex + i], b[inoutIndex + i]);
                    }
                }
                default -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = Math.min(a[inIndex + i], b[inoutIndex + i]);
                    }
                }
            }
            return true;
        }
        if (in instanceof long[] a && inout instanceof long[] b) {
            switch (kind) {
                case SUM -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = a[inIndex + i] + b[inoutIndex + i];
                    }
                }
                case MAX -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = Math.max(a[inIndex + i], b[inoutIndex + i]);
                    }
                }
                default -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = Math.min(a[inIndex + i], b[inoutIndex + i]);
                    }
                }
            }
            return true;
        }
        if (in instanceof int[] a && inout instanceof int[] b) {
            switch (kind) {
                case SUM -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = a[inIndex + i] + b[inoutIndex + i];
                    }
                }
                case MAX -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = Math.max(a[inIndex + i], b[inoutIndex + i]);
                    }
                }
                default -> {
                    for (int i = 0; i < length; i++) {
                        b[inoutIndex + i] = Math.min(a[inIndex + i], b[inoutIndex + i]);
                    }
                }
            }
            return true;
        }
        return false;
    }
}
