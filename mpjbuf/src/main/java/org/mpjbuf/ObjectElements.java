package org.mpjbuf;

import java.util.Objects;

/**
 * The three element families for {@code Object} arrays: the raw layer moves primitives only, so
 * objects are visited here, checked first, and handed one by one to the cursor's object stream.
 *
 * <p>Stateless; the cursor it is given is not thread-safe.
 */
final class ObjectElements {
    private ObjectElements() {
    }

    static void writeObjects(SectionCursor cursor, Object[] src, int srcOff, int numEls) {
        cursor.checkObjectWrite(numEls);
        Objects.checkFromIndexSize(srcOff, numEls, src.length);
        for (int i = 0; i < numEls; i++) {
            cursor.writeObject(src[srcOff + i]);
        }
    }

    static void readObjects(SectionCursor cursor, Object[] dest, int dstOff, int numEls) {
        cursor.checkObjectRead(numEls);
        Objects.checkFromIndexSize(dstOff, numEls, dest.length);
        for (int i = 0; i < numEls; i++) {
            dest[dstOff + i] = cursor.readObject();
        }
    }

    static void gatherObjects(SectionCursor cursor, Object[] src, int numEls, int idxOff, int[] indexes) {
        cursor.checkObjectWrite(numEls);
        checkIndexes(src.length, numEls, idxOff, indexes);
        for (int i = 0; i < numEls; i++) {
            cursor.writeObject(src[indexes[idxOff + i]]);
        }
    }

    static void scatterObjects(SectionCursor cursor, Object[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.checkObjectRead(numEls);
        checkIndexes(dest.length, numEls, idxOff, indexes);
        for (int i = 0; i < numEls; i++) {
            dest[indexes[idxOff + i]] = cursor.readObject();
        }
    }

    private static void checkIndexes(int arrayLength, int numEls, int idxOff, int[] indexes) {
        Objects.checkFromIndexSize(idxOff, numEls, indexes.length);
        for (int i = idxOff; i < idxOff + numEls; i++) {
            if (indexes[i] < 0 || indexes[i] >= arrayLength) {
                throw new IndexOutOfBoundsException("indexes[" + i + "] = " + indexes[i]
                        + " is outside an array of length " + arrayLength);
            }
        }
    }

    static void strGatherObjects(SectionCursor cursor, Object[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        int count = StridedShape.count(rank, exts, strs, shape);
        cursor.checkObjectWrite(count);
        if (count > 0) {
            StridedShape.checkRegion(srcOff, rank, exts, strs, shape, src.length);
            StridedShape.forEach(srcOff, rank, exts, strs, shape, i -> cursor.writeObject(src[i]));
        }
    }

    static void strScatterObjects(SectionCursor cursor, Object[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        int count = StridedShape.count(rank, exts, strs, shape);
        cursor.checkObjectRead(count);
        if (count > 0) {
            StridedShape.checkRegion(dstOff, rank, exts, strs, shape, dest.length);
            StridedShape.forEach(dstOff, rank, exts, strs, shape, i -> dest[i] = cursor.readObject());
        }
    }
}
