package org.mpjbuf;

import java.io.ObjectInputFilter;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

import org.mpjbuf.raw.RawBuffer;
import org.mpjbuf.raw.RawBuffers;

/**
 * A message buffer: zero or more typed sections in a static part held in a pooled
 * {@link RawBuffer} and a dynamic part held in a growable byte array, as in the MPJ Express
 * buffering layer. {@code docs/wire-format.md} gives the byte layout; {@link BufferDescriptor}
 * its offsets.
 *
 * <h2>Life cycle</h2>
 * <ol>
 *   <li>A buffer from {@link BufferFactory#create(int)} is <em>writable</em> and empty.
 *       {@link #putSectionHeader(Type)} opens a section; the {@link SectionWriter} methods append
 *       elements to it; the next header closes it.</li>
 *   <li>{@link #commit()} closes the last section, writes the message header and makes the buffer
 *       <em>readable</em>, positioned before its first section.</li>
 *   <li>{@link #getSectionHeader()} moves to the next section and returns its type,
 *       {@link #getSectionSize()} its element count, and the {@link SectionReader} methods take
 *       its elements. Sections are visited in order; elements not read are skipped.</li>
 *   <li>{@link #clear()} makes the buffer writable and empty again; {@link BufferFactory#destroy}
 *       returns its static storage to the pool.</li>
 * </ol>
 * Reading while writable, writing while readable, a section of the wrong type, reading more
 * elements than a section holds, or more sections than the message holds each raise an
 * {@link IllegalStateException} saying which. The static part never grows: a write that does not
 * fit raises {@link IllegalStateException}; size the buffer with
 * {@link BufferDescriptor#sectionSize(Type, int)}. The dynamic part grows as needed.
 *
 * <h2>Zero copy</h2>
 * A committed buffer exposes its message without copying: {@link #staticSegment()} or
 * {@link #staticByteBuffer()} is exactly the written static part, in the pooled memory it was
 * written in, and {@link #dynamicSegment()} or {@link #dynamicByteBuffer()} exactly the dynamic
 * part. A receiver either receives into the storage of a buffer of its own
 * ({@link #storageSegment()}) and calls {@link #commitReceived(byte[], int)}, or builds a readable
 * buffer over bytes it already has with {@link #wrap(MemorySegment, byte[], int)}. Either way the
 * bytes are validated first, checksum included, and a malformed or damaged message raises
 * {@link MalformedMessageException}: a receiver gets back the sender's values or that exception.
 * The views share memory with the buffer: they are valid until the buffer is cleared, written or
 * destroyed, and a caller must not change them while the buffer reads them.
 *
 * <h2>Objects</h2>
 * {@link Type#OBJECT} sections hold Java-serialized objects. They are read back with the class
 * loader set by {@link #classLoader(ClassLoader)}, else the reading thread's context class
 * loader, and every class is checked by the object filter the buffer was created with (by default
 * {@link MpjbufConfiguration#SERIAL_FILTER}): bytes from another process cannot name a class the
 * filter does not allow.
 *
 * <p><b>Thread safety.</b> A buffer is not thread-safe: use it from one thread at a time, and hand
 * it to another thread only through a happens-before edge (a queue, a lock, a volatile write and
 * read).
 */
public final class Buffer implements SectionWriter, SectionReader {
    private final SectionCursor cursor;
    /** The recycler this buffer returns to when its factory frees it; {@code null} if none. */
    private final BufferRecycler recycler;
    /** Whether the buffer is freed and kept by its recycler. */
    private boolean recycled;

    /**
     * Creates a writable buffer over static storage.
     *
     * @param storage the static storage, message header included; freeing it returns pooled memory
     * @param order the byte order to write in
     * @param dynamicCapacity the initial capacity of the dynamic section
     * @param patterns the object filter patterns
     */
    Buffer(RawBuffer storage, ByteOrder order, int dynamicCapacity, ObjectInputFilter patterns) {
        this(storage, order, dynamicCapacity, patterns, null);
    }

    /**
     * Creates a writable buffer over static storage that its factory keeps for reuse when freed.
     *
     * @param storage the static storage, message header included; freeing it returns pooled memory
     * @param order the byte order to write in
     * @param dynamicCapacity the initial capacity of the dynamic section
     * @param patterns the object filter patterns
     * @param recycler the factory's recycler, or {@code null}
     */
    Buffer(RawBuffer storage, ByteOrder order, int dynamicCapacity, ObjectInputFilter patterns,
           BufferRecycler recycler) {
        this.recycler = recycler;
        if (storage.capacity() < BufferDescriptor.MESSAGE_HEADER_LENGTH) {
            throw new IllegalArgumentException("static storage of " + storage.capacity()
                    + " bytes cannot hold the " + BufferDescriptor.MESSAGE_HEADER_LENGTH + "-byte message header");
        }
        this.cursor = new SectionCursor(storage, order, dynamicCapacity, patterns);
    }

    /**
     * Builds a readable buffer over a received message without copying it. The static bytes may be
     * longer than the message; the dynamic bytes are used in place.
     *
     * <p>The buffer owns no pooled memory; {@link BufferFactory#destroy(Buffer)} only retires it.
     * The caller keeps the memory and must not change it while the buffer reads it.
     *
     * @param staticBytes the received static part, starting with the message header
     * @param dynamicBytes the received dynamic part, or {@code null} when there is none
     * @param dynamicLength the number of valid bytes at the start of {@code dynamicBytes}
     * @return a readable buffer positioned before the first section
     * @throws NullPointerException if {@code staticBytes} is null
     * @throws IllegalArgumentException if {@code dynamicLength} is negative or longer than
     *     {@code dynamicBytes}
     * @throws MalformedMessageException if the bytes are not a well-formed message
     */
    public static Buffer wrap(MemorySegment staticBytes, byte[] dynamicBytes, int dynamicLength) {
        Objects.requireNonNull(staticBytes, "staticBytes must not be null");
        return received(RawBuffers.wrap(staticBytes), dynamicBytes, dynamicLength);
    }

    /**
     * Builds a readable buffer over a received message without copying it; the bytes between the
     * byte buffer's position and its limit are the static part. See
     * {@link #wrap(MemorySegment, byte[], int)}.
     *
     * @param staticBytes the received static part, from its position to its limit
     * @param dynamicBytes the received dynamic part, or {@code null} when there is none
     * @param dynamicLength the number of valid bytes at the start of {@code dynamicBytes}
     * @return a readable buffer positioned before the first section
     * @throws NullPointerException if {@code staticBytes} is null
     * @throws IllegalArgumentException if {@code dynamicLength} is negative or longer than
     *     {@code dynamicBytes}
     * @throws MalformedMessageException if the bytes are not a well-formed message
     */
    public static Buffer wrap(ByteBuffer staticBytes, byte[] dynamicBytes, int dynamicLength) {
        Objects.requireNonNull(staticBytes, "staticBytes must not be null");
        return received(RawBuffers.wrap(staticBytes.slice()), dynamicBytes, dynamicLength);
    }

    private static Buffer received(RawBuffer storage, byte[] dynamicBytes, int dynamicLength) {
        if (storage.capacity() < BufferDescriptor.MESSAGE_HEADER_LENGTH) {
            throw new MalformedMessageException("truncated message header: " + storage.capacity()
                    + " bytes present, " + BufferDescriptor.MESSAGE_HEADER_LENGTH + " expected");
        }
        Buffer buffer = new Buffer(storage, ByteOrder.nativeOrder(), 0, FrameObjectFilter.CONFIGURED);
        buffer.commitReceived(dynamicBytes, dynamicLength);
        return buffer;
    }

    /**
     * Returns the number of static bytes available to sections: the sum of
     * {@link BufferDescriptor#sectionSize(Type, int)} over the sections this buffer can hold.
     *
     * @return the static capacity, message header excluded
     */
    public int capacity() {
        return cursor.storage().capacity() - BufferDescriptor.MESSAGE_HEADER_LENGTH;
    }

    /**
     * Returns the byte order of the message: the buffer's own while it is written, the sender's
     * while a received message is read.
     *
     * @return the current byte order
     */
    public ByteOrder order() {
        return cursor.order();
    }

    /**
     * Returns whether the buffer is in read mode.
     *
     * @return {@code true} after {@link #commit()} or a received message, {@code false} while
     *     writable
     */
    public boolean isReadable() {
        return cursor.isReadable();
    }

    /**
     * Sets the class loader that resolves the classes of objects read from {@link Type#OBJECT}
     * sections.
     *
     * @param loader the loader, or {@code null} for the reading thread's context class loader
     */
    public void classLoader(ClassLoader loader) {
        cursor.classLoader(loader);
    }

    /**
     * Starts a new section of the given type, closing the current one.
     *
     * @param type the type of the section's elements
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalStateException if the buffer is readable, or the section header does not fit
     */
    public void putSectionHeader(Type type) {
        cursor.putSectionHeader(type);
    }

    /**
     * Moves to the next section and returns its type.
     *
     * @return the type of the new current section
     * @throws IllegalStateException if the buffer is writable or every section has been visited
     */
    public Type getSectionHeader() {
        return cursor.getSectionHeader();
    }

    /**
     * Returns the number of elements in the current section: written so far in write mode, held in
     * read mode.
     *
     * @return the element count
     * @throws IllegalStateException if there is no current section
     */
    public int getSectionSize() {
        return cursor.sectionSize();
    }

    /**
     * Ends writing: closes the last section, writes the message header, and makes the buffer
     * readable, positioned before its first section.
     *
     * <p>The message's checksum (a CRC-32C over all of it, see
     * {@link BufferDescriptor#CHECKSUM_OFFSET}) is stored when the message's bytes are first taken
     * out of the buffer ({@link #staticLength()}, {@link #staticSegment()},
     * {@link #staticByteBuffer()}, {@link #dynamicLength()}, {@link #dynamicArray()},
     * {@link #dynamicSegment()}, {@link #dynamicByteBuffer()}), so a buffer that is only read where
     * it was written never pays for it. Bytes taken from {@link #storageSegment()} without asking
     * for their length first carry no valid checksum, and a receiver refuses them.
     *
     * @throws IllegalStateException if the buffer is already readable
     */
    public void commit() {
        cursor.commit();
    }

    /**
     * Positions a readable buffer before its first section again, so the message can be read once
     * more (for example by several local receivers).
     *
     * @throws IllegalStateException if the buffer is writable
     */
    public void rewind() {
        cursor.rewind();
    }

    /**
     * Empties the buffer and makes it writable, in its own byte order; a received dynamic array is
     * let go of.
     */
    public void clear() {
        cursor.clear();
    }

    /**
     * Makes the buffer read the message a device placed in its {@link #storageSegment()}, after
     * validating it; the dynamic bytes are used in place, not copied.
     *
     * @param dynamicBytes the received dynamic part, or {@code null} when there is none; the caller
     *     must not change it while the buffer reads it
     * @param dynamicLength the number of valid bytes at the start of {@code dynamicBytes}
     * @throws IllegalArgumentException if {@code dynamicLength} is negative or longer than
     *     {@code dynamicBytes}
     * @throws MalformedMessageException if the bytes are not a well-formed message; the buffer is
     *     then writable and empty
     */
    public void commitReceived(byte[] dynamicBytes, int dynamicLength) {
        commitReceived(dynamicBytes, dynamicLength, null);
    }

    /**
     * Makes the buffer read the message a device placed in its {@link #storageSegment()}, as
     * {@link #commitReceived(byte[], int)} does, with the message's checksum computed while its
     * bytes arrived: the check compares it with the checksum field instead of reading the message
     * again, when it covered exactly the lengths the message's header gives (else the checksum is
     * computed from the bytes).
     *
     * @param dynamicBytes the received dynamic part, or {@code null} when there is none; the caller
     *     must not change it while the buffer reads it
     * @param dynamicLength the number of valid bytes at the start of {@code dynamicBytes}
     * @param arrived the checksum of the bytes as they arrived, or {@code null} to compute it here
     * @throws IllegalArgumentException if {@code dynamicLength} is negative or longer than
     *     {@code dynamicBytes}
     * @throws MalformedMessageException if the bytes are not a well-formed message, or their
     *     checksum is not the one they carry; the buffer is then writable and empty
     */
    public void commitReceived(byte[] dynamicBytes, int dynamicLength, ReceivedChecksum arrived) {
        try {
            cursor.commitReceived(dynamicBytes, dynamicLength, arrived);
        } catch (MalformedMessageException e) {
            cursor.clear();
            throw e;
        }
    }

    /**
     * Returns the whole static storage, for a device to receive a message into before
     * {@link #commitReceived(byte[], int)}.
     *
     * @return a segment of {@link #capacity()} plus {@value BufferDescriptor#MESSAGE_HEADER_LENGTH} bytes
     */
    public MemorySegment storageSegment() {
        return cursor.storage().segment();
    }

    /**
     * Returns the pooled raw buffer holding the static part, for the registration key a device
     * needs.
     *
     * @return the static storage
     */
    public RawBuffer rawBuffer() {
        return cursor.storage();
    }

    /**
     * Returns the length of the static part of the committed or received message.
     *
     * @return the static length, message header included
     * @throws IllegalStateException if the buffer is writable
     */
    public int staticLength() {
        requireReadable();
        return cursor.end();
    }

    /**
     * Returns the static part of the committed or received message, in place: a slice of the
     * storage of exactly {@link #staticLength()} bytes.
     *
     * @return the static part
     * @throws IllegalStateException if the buffer is writable
     */
    public MemorySegment staticSegment() {
        return cursor.storage().segment().asSlice(0, staticLength());
    }

    /**
     * Returns the static part of the committed or received message, in place, as a byte buffer
     * with position 0 and limit {@link #staticLength()}, for channel I/O.
     *
     * @return a new byte buffer sharing the storage
     * @throws IllegalStateException if the buffer is writable
     */
    public ByteBuffer staticByteBuffer() {
        return cursor.storage().byteBuffer().slice(0, staticLength());
    }

    /**
     * Returns the length of the dynamic part.
     *
     * @return the dynamic length
     * @throws IllegalStateException if the buffer is writable
     */
    public int dynamicLength() {
        requireReadable();
        return cursor.dynamicLength();
    }

    /**
     * Returns the array holding the dynamic part; its first {@link #dynamicLength()} bytes are the
     * dynamic part, in place.
     *
     * @return the dynamic array, valid until the buffer is cleared or written
     * @throws IllegalStateException if the buffer is writable
     */
    public byte[] dynamicArray() {
        requireReadable();
        return cursor.dynamicArray();
    }

    /**
     * Returns the dynamic part in place, as a heap segment of exactly {@link #dynamicLength()}
     * bytes.
     *
     * @return the dynamic part
     * @throws IllegalStateException if the buffer is writable
     */
    public MemorySegment dynamicSegment() {
        return MemorySegment.ofArray(dynamicArray()).asSlice(0, cursor.dynamicLength());
    }

    /**
     * Returns the dynamic part in place, as a byte buffer with position 0 and limit
     * {@link #dynamicLength()}.
     *
     * @return a new byte buffer sharing the dynamic array
     * @throws IllegalStateException if the buffer is writable
     */
    public ByteBuffer dynamicByteBuffer() {
        return ByteBuffer.wrap(dynamicArray(), 0, cursor.dynamicLength()).slice();
    }

    /**
     * Names where the elements of the next received message's first section go, so that a device
     * that receives the message piece by piece into {@link #storageSegment()} copies them there as
     * they land ({@link #landed(int)}), while the rest is on its way, instead of after the last
     * byte. After {@link #commitReceived}, {@link #landedElements()} tells whether they were; a
     * reader then need not read them again. Any other use of the buffer (writing, clearing, a
     * message that is not received in place) forgets the target.
     *
     * <p>The elements are copied before the message is checked: if the check then fails, the
     * receive fails with {@link MalformedMessageException} and {@code dest} holds bytes that were
     * not checked. Only a static section of {@code dest}'s element type with at most
     * {@code numEls} elements is copied; any other message is left to the reader, which reports
     * what does not fit.
     *
     * @param dest a primitive array (not {@code boolean[]}), which belongs to the buffer until the
     *     message is committed or the buffer cleared
     * @param dstOff the index of the first element's place
     * @param numEls the room for elements
     * @throws IllegalStateException if the buffer is readable
     * @throws IllegalArgumentException if {@code dest} is not a primitive array or is a
     *     {@code boolean[]}
     * @throws IndexOutOfBoundsException if the room is not a range of {@code dest}
     */
    public void receiveInto(Object dest, int dstOff, int numEls) {
        cursor.receiveInto(dest, dstOff, numEls);
    }

    /**
     * Tells the buffer that a message being received has landed in its storage up to static
     * index {@code index}: the elements named by {@link #receiveInto} that are now in are copied
     * out. Called by a device that reads into {@link #storageSegment()}, after each read, with
     * indexes that do not decrease; does nothing without a target.
     *
     * @param index the static index up to which the message's bytes are in the storage
     */
    public void landed(int index) {
        cursor.landed(index);
    }

    /**
     * Returns how many elements of the received message's first section were copied into the
     * target of {@link #receiveInto} as they landed: all of the section's, or 0.
     *
     * @return the section's element count if it was copied whole, else 0
     */
    public int landedElements() {
        return cursor.landedElements();
    }

    /** Checks that the message is complete, and stores its checksum if it has not been yet. */
    private void requireReadable() {
        if (!cursor.isReadable()) {
            throw new IllegalStateException("the message is not complete: call commit() before taking its bytes");
        }
        cursor.seal();
    }

    /**
     * Returns the static storage to its pool, or retires a wrapped buffer.
     *
     * @throws IllegalStateException if the buffer was already released
     */
    void release() {
        RawBuffer storage = cursor.storage();
        if (recycled || storage.isFreed()) {
            throw new IllegalStateException("buffer already destroyed");
        }
        storage.free();
    }

    /**
     * Empties a freed buffer that its factory keeps for reuse; until {@link #reuse()} it counts as
     * destroyed.
     *
     * @throws IllegalStateException if the buffer was already destroyed
     */
    void recycle() {
        if (recycled || cursor.storage().isFreed()) {
            throw new IllegalStateException("buffer already destroyed");
        }
        cursor.clear();
        recycled = true;
    }

    /** Hands a kept buffer out again, empty and writable. */
    void reuse() {
        recycled = false;
    }

    /** Returns the recycler of the factory that made this buffer, or {@code null}. */
    BufferRecycler recycler() {
        return recycler;
    }

    @Override
    public void write(byte[] src, int srcOff, int numEls) {
        cursor.writeArray(Type.BYTE, src, srcOff, numEls);
    }

    @Override
    public void gather(byte[] src, int numEls, int idxOff, int[] indexes) {
        cursor.gatherArray(Type.BYTE, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(byte[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        cursor.strGatherArray(Type.BYTE, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(byte[] dest, int dstOff, int numEls) {
        cursor.readArray(Type.BYTE, dest, dstOff, numEls);
    }

    @Override
    public void scatter(byte[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.scatterArray(Type.BYTE, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(byte[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        cursor.strScatterArray(Type.BYTE, dest, dstOff, rank, exts, strs, shape);
    }

    @Override
    public void write(short[] src, int srcOff, int numEls) {
        cursor.writeArray(Type.SHORT, src, srcOff, numEls);
    }

    @Override
    public void gather(short[] src, int numEls, int idxOff, int[] indexes) {
        cursor.gatherArray(Type.SHORT, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(short[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        cursor.strGatherArray(Type.SHORT, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(short[] dest, int dstOff, int numEls) {
        cursor.readArray(Type.SHORT, dest, dstOff, numEls);
    }

    @Override
    public void scatter(short[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.scatterArray(Type.SHORT, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(short[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        cursor.strScatterArray(Type.SHORT, dest, dstOff, rank, exts, strs, shape);
    }

    @Override
    public void write(int[] src, int srcOff, int numEls) {
        cursor.writeArray(Type.INT, src, srcOff, numEls);
    }

    @Override
    public void gather(int[] src, int numEls, int idxOff, int[] indexes) {
        cursor.gatherArray(Type.INT, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(int[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        cursor.strGatherArray(Type.INT, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(int[] dest, int dstOff, int numEls) {
        cursor.readArray(Type.INT, dest, dstOff, numEls);
    }

    @Override
    public void scatter(int[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.scatterArray(Type.INT, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(int[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        cursor.strScatterArray(Type.INT, dest, dstOff, rank, exts, strs, shape);
    }

    @Override
    public void write(long[] src, int srcOff, int numEls) {
        cursor.writeArray(Type.LONG, src, srcOff, numEls);
    }

    @Override
    public void gather(long[] src, int numEls, int idxOff, int[] indexes) {
        cursor.gatherArray(Type.LONG, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(long[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        cursor.strGatherArray(Type.LONG, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(long[] dest, int dstOff, int numEls) {
        cursor.readArray(Type.LONG, dest, dstOff, numEls);
    }

    @Override
    public void scatter(long[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.scatterArray(Type.LONG, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(long[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        cursor.strScatterArray(Type.LONG, dest, dstOff, rank, exts, strs, shape);
    }

    @Override
    public void write(float[] src, int srcOff, int numEls) {
        cursor.writeArray(Type.FLOAT, src, srcOff, numEls);
    }

    @Override
    public void gather(float[] src, int numEls, int idxOff, int[] indexes) {
        cursor.gatherArray(Type.FLOAT, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(float[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        cursor.strGatherArray(Type.FLOAT, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(float[] dest, int dstOff, int numEls) {
        cursor.readArray(Type.FLOAT, dest, dstOff, numEls);
    }

    @Override
    public void scatter(float[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.scatterArray(Type.FLOAT, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(float[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        cursor.strScatterArray(Type.FLOAT, dest, dstOff, rank, exts, strs, shape);
    }

    /**
     * Writes {@code numEls} elements that lie packed in {@code src}, in byte order {@code order},
     * to the current section, which must be of {@code type}: a static primitive type other than
     * {@link Type#BOOLEAN}. They are converted to this buffer's byte order as they are copied, in
     * one copy with no array in between (a message's payload as it came off the wire, say).
     *
     * @param type the section's type
     * @param src the elements, from its first byte on; it may be longer
     * @param order the byte order of the elements in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IllegalArgumentException if {@code type} is dynamic or {@code BOOLEAN}, the count is
     *     negative, or {@code src} holds fewer than {@code numEls} elements
     */
    public void write(Type type, MemorySegment src, ByteOrder order, int numEls) {
        cursor.writeSegment(type, src, order, numEls);
    }

    @Override
    public void write(double[] src, int srcOff, int numEls) {
        cursor.writeArray(Type.DOUBLE, src, srcOff, numEls);
    }

    @Override
    public void gather(double[] src, int numEls, int idxOff, int[] indexes) {
        cursor.gatherArray(Type.DOUBLE, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(double[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        cursor.strGatherArray(Type.DOUBLE, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(double[] dest, int dstOff, int numEls) {
        cursor.readArray(Type.DOUBLE, dest, dstOff, numEls);
    }

    @Override
    public void scatter(double[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.scatterArray(Type.DOUBLE, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(double[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        cursor.strScatterArray(Type.DOUBLE, dest, dstOff, rank, exts, strs, shape);
    }

    @Override
    public void write(char[] src, int srcOff, int numEls) {
        cursor.writeArray(Type.CHAR, src, srcOff, numEls);
    }

    @Override
    public void gather(char[] src, int numEls, int idxOff, int[] indexes) {
        cursor.gatherArray(Type.CHAR, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(char[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        cursor.strGatherArray(Type.CHAR, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(char[] dest, int dstOff, int numEls) {
        cursor.readArray(Type.CHAR, dest, dstOff, numEls);
    }

    @Override
    public void scatter(char[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.scatterArray(Type.CHAR, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(char[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        cursor.strScatterArray(Type.CHAR, dest, dstOff, rank, exts, strs, shape);
    }

    @Override
    public void write(boolean[] src, int srcOff, int numEls) {
        cursor.writeArray(Type.BOOLEAN, src, srcOff, numEls);
    }

    @Override
    public void gather(boolean[] src, int numEls, int idxOff, int[] indexes) {
        cursor.gatherArray(Type.BOOLEAN, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(boolean[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        cursor.strGatherArray(Type.BOOLEAN, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(boolean[] dest, int dstOff, int numEls) {
        cursor.readArray(Type.BOOLEAN, dest, dstOff, numEls);
    }

    @Override
    public void scatter(boolean[] dest, int numEls, int idxOff, int[] indexes) {
        cursor.scatterArray(Type.BOOLEAN, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(boolean[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        cursor.strScatterArray(Type.BOOLEAN, dest, dstOff, rank, exts, strs, shape);
    }

    @Override
    public void write(Object[] src, int srcOff, int numEls) {
        ObjectElements.writeObjects(cursor, src, srcOff, numEls);
    }

    @Override
    public void gather(Object[] src, int numEls, int idxOff, int[] indexes) {
        ObjectElements.gatherObjects(cursor, src, numEls, idxOff, indexes);
    }

    @Override
    public void strGather(Object[] src, int srcOff, int rank, int exts, int strs, int[] shape) {
        ObjectElements.strGatherObjects(cursor, src, srcOff, rank, exts, strs, shape);
    }

    @Override
    public void read(Object[] dest, int dstOff, int numEls) {
        ObjectElements.readObjects(cursor, dest, dstOff, numEls);
    }

    @Override
    public void scatter(Object[] dest, int numEls, int idxOff, int[] indexes) {
        ObjectElements.scatterObjects(cursor, dest, numEls, idxOff, indexes);
    }

    @Override
    public void strScatter(Object[] dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        ObjectElements.strScatterObjects(cursor, dest, dstOff, rank, exts, strs, shape);
    }
}
