package mpi;

import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.runtime.RuntimeConfiguration;

/**
 * Reusable contiguous arrays into which point-to-point on a thread device packs the items of a
 * non-contiguous datatype before sending them (and {@code Sendrecv_replace} keeps its outgoing
 * copy), so that a derived-type message allocates nothing in the steady state; receives scatter
 * straight from where the device holds the elements and take no array.
 *
 * <h2>Design</h2>
 * Arrays are kept per base type in power-of-two size classes of at least {@link #MIN_LENGTH}
 * elements, {@link #SLOTS} arrays per class; a request for {@code n} elements gets an array of
 * the class above {@code n} (the caller uses its first {@code n} elements). Each slot is one
 * reference taken and returned with a compare-and-set, so taking and returning is lock-free and
 * allocation-free. An array is returned once the operation that used it has completed; when all
 * slots of its class are full it is dropped for the collector. Arrays larger than
 * {@link RuntimeConfiguration#PACK_CACHE_BYTES} and {@code Object} arrays (which would keep the
 * user's objects reachable) are never kept.
 *
 * <p>Thread-safe: any thread of any rank that loaded this class may take and return arrays.
 */
final class PackedArrays {

    /** The smallest class: shorter requests share it. */
    private static final int MIN_SHIFT = 6;
    private static final int MIN_LENGTH = 1 << MIN_SHIFT;
    /** Arrays kept per base type and size class. */
    private static final int SLOTS = 2;
    private static final int CLASSES = Integer.SIZE - MIN_SHIFT;
    private static final BaseType[] TYPES = BaseType.values();

    private static final AtomicReferenceArray<Object> SLOT_TABLE =
        new AtomicReferenceArray<>(TYPES.length * CLASSES * SLOTS);

    private PackedArrays() {
    }

    /**
     * Takes an array of the base type with at least {@code length} elements.
     *
     * @param base the element type
     * @param length elements needed, {@code >= 0}
     * @return a kept array, or a new one
     */
    static Object take(BaseType base, int length) {
        int shift = shiftOf(length);
        if (!keeps(base, shift)) {
            return Array.newInstance(base.arrayClass().getComponentType(), length);
        }
        int first = firstSlot(base, shift);
        for (int slot = first; slot < first + SLOTS; slot++) {
            Object array = SLOT_TABLE.getPlain(slot);
            if (array != null && SLOT_TABLE.compareAndSet(slot, array, null)) {
                return array;
            }
        }
        return Array.newInstance(base.arrayClass().getComponentType(), 1 << shift);
    }

    /**
     * Returns an array taken with {@link #take}, once nothing reads or writes it any more.
     *
     * @param base the element type it was taken for
     * @param array the array
     */
    static void give(BaseType base, Object array) {
        int length = Array.getLength(array);
        int shift = Integer.numberOfTrailingZeros(length);
        if (length != 1 << shift || shift < MIN_SHIFT || !keeps(base, shift)) {
            return;
        }
        int first = firstSlot(base, shift);
        for (int slot = first; slot < first + SLOTS; slot++) {
            if (SLOT_TABLE.getPlain(slot) == null && SLOT_TABLE.compareAndSet(slot, null, array)) {
                return;
            }
        }
    }

    private static int shiftOf(int length) {
        return length <= MIN_LENGTH ? MIN_SHIFT : Integer.SIZE - Integer.numberOfLeadingZeros(length - 1);
    }

    private static boolean keeps(BaseType base, int shift) {
        return base.isPrimitive() && shift < Integer.SIZE - 1
            && ((long) Types.width(base) << shift) <= RuntimeConfiguration.PACK_CACHE_BYTES;
    }

    private static int firstSlot(BaseType base, int shift) {
        return (base.ordinal() * CLASSES + shift - MIN_SHIFT) * SLOTS;
    }
}
