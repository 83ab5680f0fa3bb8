package org.mpjbuf;

import static org.mpjbuf.BufferDescriptor.BYTE_ORDER_OFFSET;
import static org.mpjbuf.BufferDescriptor.DYNAMIC_LENGTH_OFFSET;
import static org.mpjbuf.BufferDescriptor.DYNAMIC_REFERENCE_LENGTH;
import static org.mpjbuf.BufferDescriptor.ELEMENT_COUNT_OFFSET;
import static org.mpjbuf.BufferDescriptor.FRAME_LENGTH_OFFSET;
import static org.mpjbuf.BufferDescriptor.HEADER_RESERVED_OFFSET;
import static org.mpjbuf.BufferDescriptor.CHECKSUM_OFFSET;
import static org.mpjbuf.BufferDescriptor.MAGIC;
import static org.mpjbuf.BufferDescriptor.MAGIC_OFFSET;
import static org.mpjbuf.BufferDescriptor.MESSAGE_HEADER_LENGTH;
import static org.mpjbuf.BufferDescriptor.REFERENCE_RESERVED_OFFSET;
import static org.mpjbuf.BufferDescriptor.SECTION_COUNT_OFFSET;
import static org.mpjbuf.BufferDescriptor.SECTION_HEADER_LENGTH;
import static org.mpjbuf.BufferDescriptor.SECTION_RESERVED_LENGTH;
import static org.mpjbuf.BufferDescriptor.SECTION_RESERVED_OFFSET;
import static org.mpjbuf.BufferDescriptor.STATIC_LENGTH_OFFSET;
import static org.mpjbuf.BufferDescriptor.TYPE_CODE_OFFSET;
import static org.mpjbuf.BufferDescriptor.VERSION;
import static org.mpjbuf.BufferDescriptor.VERSION_OFFSET;

import java.io.ObjectInputFilter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.nio.ByteOrder;
import java.util.Locale;
import java.util.Objects;

import org.mpjbuf.raw.RawBuffer;
import org.mpjbuf.raw.RawBuffers;

/**
 * The state machine behind a {@link Buffer}: which mode it is in, which section is open, where
 * the next element goes or comes from, and the generic element moves for every family, over the
 * static {@link RawBuffer} or the dynamic byte array.
 *
 * <p>Design note. Primitive elements of every type take one path: the caller names the element
 * {@link Type}; {@code writeIndex}/{@code readIndex} check mode, section type and room, and return
 * the byte index of the first element; the raw layer's bulk, gather or strided copy moves the
 * elements; only then does the cursor count them, so a copy that fails its argument checks leaves
 * the buffer as it was. Contiguous {@code write}/{@code read} of a static section, the hot case,
 * first try a short path that checks the same conditions with a few compares and calls
 * {@code MemorySegment.copy} on the storage directly; anything it does not accept goes the long
 * way, which also builds every error message. A dynamic section is copied through a heap {@link RawBuffer} over the
 * dynamic array, in the message's byte order. Objects go through {@link DynamicSection}.
 *
 * <p>Writing: a section's element count (and a dynamic section's frame length) is stored when the
 * section closes, that is when the next section starts or the buffer commits; the padding bytes are
 * zeroed then too. Reading: the headers are trusted only after {@link MessageValidator} has checked
 * them, or because this cursor wrote them.
 *
 * <p>Not thread-safe: owned by one {@link Buffer}.
 */
final class SectionCursor {
    private static final byte[] NO_BYTES = new byte[0];

    private final RawBuffer storage;
    private final ByteOrder writeOrder;
    private final DynamicSection dynamic;
    private final ObjectInputFilter patterns;
    private RawBuffer dynamicView;
    private byte[] dynamicViewArray;
    private ClassLoader loader;

    private boolean readable;
    /** Whether the message is big-endian: the storage's order, kept here for the bulk copies. */
    private boolean bigEndian;
    /** Read mode: whether the checksum in the header is the message's own. */
    private boolean sealed;
    /** Write: the end of the closed sections. Read: the static length. */
    private int end = MESSAGE_HEADER_LENGTH;
    /** Write: sections started. Read: sections in the message. */
    private int sectionCount;
    private int sectionsVisited;
    private int sectionIndex = -1;
    private Type sectionType;
    /** Write: elements written in the open section. Read: elements in the current section. */
    private int elements;
    private int consumed;
    private int frameIndex;
    private int frameLength;
    private int nextSectionIndex;
    private int nextFrameIndex;
    /**
     * A receive: the array the first section's elements are copied into as they land
     * ({@link #receiveInto}), or {@code null}.
     */
    private Object landingTarget;
    private int landingOffset;
    private int landingCapacity;
    /** Whether the landed message's header and first section header have been looked at. */
    private boolean landingChecked;
    /** The layout of the landing elements once their section fits the target; {@code null} otherwise. */
    private ValueLayout landingLayout;
    /** The landing section's elements. */
    private int landingCount;
    /** The landing section's elements copied so far. */
    private int landingCopied;
    /** Read mode: the first section's elements that were copied as they landed, all of them or 0. */
    private int landedElements;

    SectionCursor(RawBuffer storage, ByteOrder order, int dynamicCapacity, ObjectInputFilter patterns) {
        this.storage = storage;
        this.writeOrder = order;
        this.dynamic = new DynamicSection(dynamicCapacity);
        this.patterns = patterns;
        order(order);
    }

    private void order(ByteOrder order) {
        storage.order(order);
        bigEndian = order == ByteOrder.BIG_ENDIAN;
    }

    RawBuffer storage() {
        return storage;
    }

    ByteOrder order() {
        return storage.order();
    }

    boolean isReadable() {
        return readable;
    }

    int end() {
        return end;
    }

    int dynamicLength() {
        return dynamic.length();
    }

    byte[] dynamicArray() {
        return dynamic.array();
    }

    void classLoader(ClassLoader classLoader) {
        this.loader = classLoader;
    }

    int sectionSize() {
        if (sectionIndex < 0) {
            throw new IllegalStateException("no current section: " + (readable
                    ? "call getSectionHeader() first" : "call putSectionHeader(Type) first"));
        }
        return elements;
    }

    // ---------------------------------------------------------------- modes

    void clear() {
        landingTarget = null;
        landingChecked = false;
        landingLayout = null;
        landingCopied = 0;
        landedElements = 0;
        readable = false;
        sealed = false;
        order(writeOrder);
        end = MESSAGE_HEADER_LENGTH;
        sectionCount = 0;
        sectionIndex = -1;
        sectionType = null;
        elements = 0;
        dynamic.clear();
    }

    void commit() {
        requireWritable("commit");
        closeSection();
        for (int offset = 0; offset < Integer.BYTES; offset++) {
            storage.putByte(MAGIC_OFFSET + offset, (byte) (MAGIC >>> (Byte.SIZE * (Integer.BYTES - 1 - offset))));
        }
        storage.putByte(VERSION_OFFSET, VERSION);
        storage.putByte(BYTE_ORDER_OFFSET, BufferDescriptor.orderCode(storage.order()));
        storage.putShort(HEADER_RESERVED_OFFSET, (short) 0);
        storage.putInt(STATIC_LENGTH_OFFSET, end);
        storage.putInt(DYNAMIC_LENGTH_OFFSET, dynamic.length());
        storage.putInt(SECTION_COUNT_OFFSET, sectionCount);
        sealed = false;
        startReading();
    }

    /**
     * Stores the checksum of a committed message, once: called before its bytes leave the buffer.
     * A received message is sealed already, its checksum checked.
     */
    void seal() {
        if (!sealed) {
            storage.putInt(CHECKSUM_OFFSET, BufferDescriptor.checksumOf(
                    storage.byteBuffer().limit(end), dynamic.array(), dynamic.length()));
            sealed = true;
        }
    }

    /**
     * Switches to reading the message held in the storage and the given dynamic bytes, after
     * validating it (with the checksum of the bytes as they arrived, if given).
     */
    void commitReceived(byte[] dynamicBytes, int dynamicPresent, ReceivedChecksum arrived) {
        if (dynamicPresent < 0 || dynamicBytes == null && dynamicPresent != 0
                || dynamicBytes != null && dynamicPresent > dynamicBytes.length) {
            throw new IllegalArgumentException("dynamicLength " + dynamicPresent + " must be between 0 and "
                    + (dynamicBytes == null ? 0 : dynamicBytes.length) + ", the length of dynamicBytes");
        }
        int copied = landingLayout != null && landingCopied == landingCount ? landingCopied : 0;
        clear();
        int staticLength = MessageValidator.validate(storage.segment(), dynamicBytes, dynamicPresent, arrived);
        landedElements = copied;
        order(BufferDescriptor.byteOrder(storage.segment()));
        end = staticLength;
        sectionCount = storage.getInt(SECTION_COUNT_OFFSET);
        dynamic.adopt(dynamicBytes == null ? NO_BYTES : dynamicBytes, storage.getInt(DYNAMIC_LENGTH_OFFSET));
        sealed = true;
        startReading();
    }

    /** Names where the first section's elements of the message to be received go as they land. */
    void receiveInto(Object dest, int dstOff, int numEls) {
        requireWritable("receive into an array");
        Class<?> component = dest == null ? null : dest.getClass().componentType();
        if (component == null || !component.isPrimitive() || component == boolean.class) {
            throw new IllegalArgumentException("cannot receive into " + (dest == null ? "null"
                    : dest.getClass().getTypeName()) + ": the elements land in a primitive array, not boolean");
        }
        if (!inArray(dest, dstOff, numEls)) {
            throw new IndexOutOfBoundsException("elements " + dstOff + " to " + ((long) dstOff + numEls)
                    + " are not a range of the array of " + Array.getLength(dest));
        }
        landingTarget = dest;
        landingOffset = dstOff;
        landingCapacity = numEls;
        landingChecked = false;
        landingLayout = null;
        landingCopied = 0;
    }

    /**
     * Copies the elements of the first section that have landed in the storage, up to static
     * index {@code index}, into the array named by {@link #receiveInto}: once the message header
     * and the section header are in, and only if the section is static, of the array's element
     * type and no longer than the room given. Otherwise nothing is copied, and reading the message
     * reports what is wrong.
     */
    void landed(int index) {
        if (landingTarget == null || readable) {
            return;
        }
        int payload = MESSAGE_HEADER_LENGTH + SECTION_HEADER_LENGTH;
        if (!landingChecked) {
            if (index < payload) {
                return;
            }
            landingChecked = true;
            landingLayout = landingLayout();
        }
        if (landingLayout == null) {
            return;
        }
        int length = (int) landingLayout.byteSize();
        int count = (int) Math.min(landingCount, ((long) Math.min(index, storage.capacity()) - payload) / length);
        if (count > landingCopied) {
            MemorySegment.copy(storage.segment(), landingLayout, payload + (long) landingCopied * length,
                    landingTarget, landingOffset + landingCopied, count - landingCopied);
            landingCopied = count;
        }
    }

    /** The layout of the landing message's first section's elements if they fit the target, else {@code null}. */
    private ValueLayout landingLayout() {
        MemorySegment message = storage.segment();
        ByteOrder order;
        try {
            order = BufferDescriptor.byteOrder(message);
        } catch (MalformedMessageException notAMessage) {
            return null;
        }
        ValueLayout.OfInt intLayout = BufferDescriptor.intLayout(order);
        if (message.get(intLayout, SECTION_COUNT_OFFSET) < 1) {
            return null;
        }
        Type type = Type.ofCode(message.get(ValueLayout.JAVA_BYTE, MESSAGE_HEADER_LENGTH + TYPE_CODE_OFFSET));
        ValueLayout layout = type == null ? null : type.bulkLayout(order == ByteOrder.BIG_ENDIAN);
        int count = message.get(intLayout, MESSAGE_HEADER_LENGTH + ELEMENT_COUNT_OFFSET);
        if (layout == null || layout.carrier() != landingTarget.getClass().componentType() || count < 0
                || count > landingCapacity) {
            return null;
        }
        landingCount = count;
        return layout;
    }

    /** Returns the first section's elements copied as they landed: all of them, or 0. */
    int landedElements() {
        return landedElements;
    }

    void rewind() {
        requireReadable("rewind");
        startReading();
    }

    private void startReading() {
        readable = true;
        sectionsVisited = 0;
        sectionIndex = -1;
        sectionType = null;
        nextSectionIndex = MESSAGE_HEADER_LENGTH;
        nextFrameIndex = 0;
        dynamic.closeObjectInput();
    }

    private void requireWritable(String operation) {
        if (readable) {
            throw new IllegalStateException("cannot " + operation + ": the buffer is readable (committed); "
                    + "call clear() to write a new message");
        }
    }

    private void requireReadable(String operation) {
        if (!readable) {
            throw new IllegalStateException("cannot " + operation + ": the buffer is writable; "
                    + "call commit() before reading");
        }
    }

    // ---------------------------------------------------------------- section headers

    void putSectionHeader(Type type) {
        Objects.requireNonNull(type, "type must not be null");
        requireWritable("put a section header");
        landingTarget = null;
        closeSection();
        int headerLength = BufferDescriptor.sectionSize(type, 0);
        if ((long) end + headerLength > storage.capacity()) {
            throw overflow(type, headerLength);
        }
        storage.putByte(end + TYPE_CODE_OFFSET, type.code());
        for (int offset = 0; offset < SECTION_RESERVED_LENGTH; offset++) {
            storage.putByte(end + SECTION_RESERVED_OFFSET + offset, (byte) 0);
        }
        storage.putInt(end + ELEMENT_COUNT_OFFSET, 0);
        sectionIndex = end;
        sectionType = type;
        elements = 0;
        frameIndex = dynamic.length();
        sectionCount++;
    }

    private void closeSection() {
        if (sectionIndex < 0) {
            return;
        }
        storage.putInt(sectionIndex + ELEMENT_COUNT_OFFSET, elements);
        int payloadIndex = sectionIndex + SECTION_HEADER_LENGTH;
        if (sectionType.isDynamic()) {
            dynamic.closeObjectFrame();
            storage.putInt(payloadIndex + FRAME_LENGTH_OFFSET, dynamic.length() - frameIndex);
            storage.putInt(payloadIndex + REFERENCE_RESERVED_OFFSET, 0);
            end = payloadIndex + DYNAMIC_REFERENCE_LENGTH;
        } else {
            int payloadEnd = payloadIndex + elements * sectionType.elementLength();
            end = (int) BufferDescriptor.align(payloadEnd);
            for (int index = payloadEnd; index < end; index++) {
                storage.putByte(index, (byte) 0);
            }
        }
        sectionIndex = -1;
        sectionType = null;
    }

    Type getSectionHeader() {
        requireReadable("read a section header");
        if (sectionsVisited == sectionCount) {
            throw new IllegalStateException("no more sections: all " + sectionCount
                    + " sections of this message have been read");
        }
        int index = nextSectionIndex;
        byte code = storage.getByte(index + TYPE_CODE_OFFSET);
        Type type = Type.ofCode(code);
        if (type == null) {
            throw new MalformedMessageException("unknown type code " + code + " at byte " + index
                    + "; the message changed after it was validated");
        }
        elements = storage.getInt(index + ELEMENT_COUNT_OFFSET);
        dynamic.closeObjectInput();
        if (type.isDynamic()) {
            frameIndex = nextFrameIndex;
            frameLength = storage.getInt(index + SECTION_HEADER_LENGTH + FRAME_LENGTH_OFFSET);
            nextFrameIndex = frameIndex + frameLength;
            nextSectionIndex = index + SECTION_HEADER_LENGTH + DYNAMIC_REFERENCE_LENGTH;
        } else {
            nextSectionIndex = index + SECTION_HEADER_LENGTH
                    + (int) BufferDescriptor.align((long) elements * type.elementLength());
        }
        sectionIndex = index;
        sectionType = type;
        consumed = 0;
        sectionsVisited++;
        return type;
    }

    // ---------------------------------------------------------------- primitive elements

    /**
     * Checks a write of {@code count} elements of {@code element} and returns the byte index of the
     * first, in {@link #target()}.
     */
    private int writeIndex(Type element, long count) {
        requireWritable("write");
        requireSection(element, "write");
        requireCount(count);
        int length = element.elementLength();
        if (sectionType.isDynamic()) {
            return dynamic.ensure(count * length);
        }
        long payloadIndex = sectionIndex + SECTION_HEADER_LENGTH;
        long needed = payloadIndex + BufferDescriptor.align((elements + count) * length);
        if (needed > storage.capacity()) {
            throw overflow(sectionType, needed - end);
        }
        return (int) (payloadIndex + (long) elements * length);
    }

    /** Counts {@code count} elements as written, after they were copied. */
    private void wrote(int count) {
        elements += count;
        if (sectionType.isDynamic()) {
            dynamic.advance(count * sectionType.elementLength());
        }
    }

    /**
     * Checks a read of {@code count} elements of {@code element} and returns the byte index of the
     * first, in {@link #target()}.
     */
    private int readIndex(Type element, long count) {
        requireReadable("read");
        requireSection(element, "read");
        requireCount(count);
        requireRemaining(count);
        long offset = (long) consumed * element.elementLength();
        return (int) (sectionType.isDynamic()
                ? frameIndex + offset
                : sectionIndex + SECTION_HEADER_LENGTH + offset);
    }

    /** Counts {@code count} elements as read, after they were copied. */
    private void read(int count) {
        consumed += count;
    }

    /** The raw buffer the open section's elements live in. */
    private RawBuffer target() {
        if (!sectionType.isDynamic()) {
            return storage;
        }
        byte[] array = dynamic.array();
        if (array != dynamicViewArray) {
            dynamicView = RawBuffers.wrap(array);
            dynamicViewArray = array;
        }
        return dynamicView.order(storage.order());
    }

    private void requireSection(Type element, String operation) {
        if (sectionType == null) {
            throw new IllegalStateException("cannot " + operation + " " + describe(element) + ": no current section; "
                    + (readable ? "call getSectionHeader() first" : "call putSectionHeader(Type) first"));
        }
        boolean matches = element == Type.OBJECT
                ? sectionType == Type.OBJECT
                : sectionType.isPrimitive() && sectionType.staticType() == element;
        if (!matches) {
            throw new IllegalStateException("cannot " + operation + " " + describe(element) + " in a "
                    + sectionType + " section");
        }
    }

    private static String describe(Type element) {
        return element == Type.OBJECT ? "objects" : element.name().toLowerCase(Locale.ROOT) + " elements";
    }

    private static void requireCount(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("numEls must not be negative, was " + count);
        }
    }

    private void requireRemaining(long count) {
        if (count > elements - consumed) {
            throw new IllegalStateException("cannot read " + count + " elements: the " + sectionType
                    + " section holds " + elements + " and " + consumed + " have been read");
        }
    }

    private IllegalStateException overflow(Type type, long needed) {
        return new IllegalStateException("static section full: the " + type + " section needs " + needed
                + " bytes but " + (storage.capacity() - end) + " of the buffer's "
                + (storage.capacity() - MESSAGE_HEADER_LENGTH) + " bytes remain; size it with "
                + "BufferDescriptor.sectionSize");
    }

    // ---------------------------------------------------------------- primitive families

    /**
     * Writes {@code src[srcOff .. srcOff + numEls)}. The common case, an open static section of
     * the same type with room for the elements, is one {@code MemorySegment.copy} after a few
     * compares, straight into the storage's segment (which refuses a freed buffer); every other
     * case, and every error, takes {@link #writeArrayChecked}, which names what is wrong. It skips
     * the raw buffer's type switch and second round of checks; where the JIT inlines it into the
     * caller's loop a 64 B write measured about 2 ns over the bare copy instead of about 28 ns,
     * where it does not the gain is smaller (see benchmarks/README.md). A try/catch around the
     * copy, letting it check the array range, measured as slow as the checked path: the compares
     * come first instead.
     */
    void writeArray(Type element, Object src, int srcOff, int numEls) {
        ValueLayout layout = element.bulkLayout(bigEndian);
        if (element == sectionType && !readable && layout != null && inArray(src, srcOff, numEls)) {
            long index = sectionIndex + SECTION_HEADER_LENGTH + (long) elements * element.elementLength();
            long length = (long) numEls * element.elementLength();
            if (BufferDescriptor.align(index + length) <= storage.capacity()) {
                MemorySegment.copy(src, srcOff, storage.segment(), layout, index, numEls);
                elements += numEls;
                return;
            }
        }
        writeArrayChecked(element, src, srcOff, numEls);
    }

    /**
     * Appends {@code numEls} elements of {@code element}, packed in {@code src} in
     * {@code srcOrder}, converted to the storage's order as they are copied: one copy, checked as
     * an array write is.
     */
    void writeSegment(Type element, MemorySegment src, ByteOrder srcOrder, int numEls) {
        ValueLayout to = element.bulkLayout(bigEndian);
        if (to == null) {
            throw new IllegalArgumentException(element + " elements are not copied from memory: only the static"
                + " primitive types other than BOOLEAN are");
        }
        requireCount(numEls);
        long length = (long) numEls * element.elementLength();
        if (src.byteSize() < length) {
            throw new IllegalArgumentException(numEls + " " + element + " elements need " + length
                + " bytes, the segment has " + src.byteSize());
        }
        int index = writeIndex(element, numEls);
        MemorySegment.copy(src, element.bulkLayout(srcOrder == ByteOrder.BIG_ENDIAN), 0, storage.segment(), to,
            index, numEls);
        wrote(numEls);
    }

    /** Whether {@code array[offset .. offset + count)} is a range of a non-null array. */
    private static boolean inArray(Object array, int offset, int count) {
        return array != null && offset >= 0 && count >= 0 && offset <= Array.getLength(array) - count;
    }

    private void writeArrayChecked(Type element, Object src, int srcOff, int numEls) {
        int index = writeIndex(element, numEls);
        target().putArray(index, src, srcOff, numEls);
        wrote(numEls);
    }

    /**
     * Reads into {@code dest[dstOff .. dstOff + numEls)}; the common case, as for
     * {@link #writeArray}, is one {@code MemorySegment.copy}.
     */
    void readArray(Type element, Object dest, int dstOff, int numEls) {
        ValueLayout layout = element.bulkLayout(bigEndian);
        if (element == sectionType && readable && layout != null && inArray(dest, dstOff, numEls)
                && numEls <= elements - consumed) {
            long index = sectionIndex + SECTION_HEADER_LENGTH + (long) consumed * element.elementLength();
            MemorySegment.copy(storage.segment(), layout, index, dest, dstOff, numEls);
            consumed += numEls;
            return;
        }
        readArrayChecked(element, dest, dstOff, numEls);
    }

    private void readArrayChecked(Type element, Object dest, int dstOff, int numEls) {
        int index = readIndex(element, numEls);
        target().getArray(index, dest, dstOff, numEls);
        read(numEls);
    }

    void gatherArray(Type element, Object src, int numEls, int idxOff, int[] indexes) {
        int index = writeIndex(element, numEls);
        target().gather(index, src, indexes, idxOff, numEls);
        wrote(numEls);
    }

    void scatterArray(Type element, Object dest, int numEls, int idxOff, int[] indexes) {
        int index = readIndex(element, numEls);
        target().scatter(index, dest, indexes, idxOff, numEls);
        read(numEls);
    }

    void strGatherArray(Type element, Object src, int srcOff, int rank, int exts, int strs, int[] shape) {
        int count = StridedShape.count(rank, exts, strs, shape);
        int index = writeIndex(element, count);
        target().stridedGather(index, src, srcOff, rank, exts, strs, shape);
        wrote(count);
    }

    void strScatterArray(Type element, Object dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        int count = StridedShape.count(rank, exts, strs, shape);
        int index = readIndex(element, count);
        target().stridedScatter(index, dest, dstOff, rank, exts, strs, shape);
        read(count);
    }

    // ---------------------------------------------------------------- objects

    /** Checks a write of {@code count} objects. */
    void checkObjectWrite(long count) {
        requireWritable("write");
        requireSection(Type.OBJECT, "write");
        requireCount(count);
    }

    /** Writes one object to the open object section. */
    void writeObject(Object object) {
        dynamic.writeObject(object);
        elements++;
    }

    /** Checks a read of {@code count} objects. */
    void checkObjectRead(long count) {
        requireReadable("read");
        requireSection(Type.OBJECT, "read");
        requireCount(count);
        requireRemaining(count);
    }

    /** Reads the next object of the current object section. */
    Object readObject() {
        ClassLoader resolver = loader != null ? loader : Thread.currentThread().getContextClassLoader();
        Object object = dynamic.readObject(frameIndex, frameLength, patterns, resolver);
        consumed++;
        return object;
    }
}
