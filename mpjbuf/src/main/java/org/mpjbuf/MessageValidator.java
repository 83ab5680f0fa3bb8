package org.mpjbuf;

import static org.mpjbuf.BufferDescriptor.DYNAMIC_REFERENCE_LENGTH;
import static org.mpjbuf.BufferDescriptor.ELEMENT_COUNT_OFFSET;
import static org.mpjbuf.BufferDescriptor.FRAME_LENGTH_OFFSET;
import static org.mpjbuf.BufferDescriptor.HEADER_RESERVED_OFFSET;
import static org.mpjbuf.BufferDescriptor.CHECKSUM_OFFSET;
import static org.mpjbuf.BufferDescriptor.MESSAGE_HEADER_LENGTH;
import static org.mpjbuf.BufferDescriptor.REFERENCE_RESERVED_OFFSET;
import static org.mpjbuf.BufferDescriptor.SECTION_COUNT_OFFSET;
import static org.mpjbuf.BufferDescriptor.SECTION_HEADER_LENGTH;
import static org.mpjbuf.BufferDescriptor.SECTION_RESERVED_LENGTH;
import static org.mpjbuf.BufferDescriptor.SECTION_RESERVED_OFFSET;
import static org.mpjbuf.BufferDescriptor.TYPE_CODE_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Checks received bytes against the wire format before a buffer reads them.
 *
 * <p>Design note. Every length in a message is checked against the bytes actually present before
 * it is used, in this order:
 * <ol>
 *   <li>the message header: magic, version, byte order, reserved field, then the static length
 *       against the static bytes present and the dynamic length against the dynamic bytes
 *       present;</li>
 *   <li>the checksum: the CRC-32C of the message's bytes (everything but the checksum field,
 *       within the two lengths just checked) must equal the checksum field, so a flipped bit or a
 *       changed byte anywhere is refused before any section is looked at;</li>
 *   <li>the section count against the most sections the static length could hold (one
 *       {@value BufferDescriptor#SECTION_HEADER_LENGTH}-byte header each), so a hostile count costs
 *       nothing;</li>
 *   <li>each section in turn: header inside the static part, known type code, zero reserved bytes,
 *       non-negative count, payload (computed in {@code long}) inside the static part, or for a
 *       dynamic section a frame whose length agrees with its count and which stays inside the
 *       dynamic part;</li>
 *   <li>the sections exactly fill the static part and their frames exactly fill the dynamic
 *       part.</li>
 * </ol>
 * The structural checks stay even though the checksum catches accidental damage: a hostile sender
 * can compute a valid checksum. The walk allocates nothing. Object frames are checked further when
 * they are read
 * ({@link FrameObjectFilter}).
 *
 * <p>Stateless and thread-safe.
 */
final class MessageValidator {
    private MessageValidator() {
    }

    /**
     * Validates a message whose checksum was computed while its bytes arrived, and returns its
     * static length; the value is used only if it covered exactly the message's two lengths.
     *
     * @param staticBytes the received static part; may be longer than the message
     * @param dynamicBytes the received dynamic part, or {@code null} when {@code dynamicPresent} is 0
     * @param dynamicPresent how many dynamic bytes were received
     * @param arrived the checksum of the bytes as they arrived, or {@code null} to compute it from them
     * @return the static length recorded in the message, at most {@code staticBytes.byteSize()}
     * @throws MalformedMessageException naming the first field that is wrong
     */
    static int validate(MemorySegment staticBytes, byte[] dynamicBytes, int dynamicPresent,
                        ReceivedChecksum arrived) {
        ByteOrder order = BufferDescriptor.byteOrder(staticBytes);
        ValueLayout.OfInt intLayout = BufferDescriptor.intLayout(order);
        short reserved = staticBytes.get(ValueLayout.JAVA_SHORT_UNALIGNED, HEADER_RESERVED_OFFSET);
        if (reserved != 0) {
            throw new MalformedMessageException("reserved message-header field must be zero, was " + reserved);
        }
        int staticLength = BufferDescriptor.staticLength(staticBytes);
        if (staticLength > staticBytes.byteSize()) {
            throw new MalformedMessageException("truncated message: static length " + staticLength
                    + " but only " + staticBytes.byteSize() + " static bytes present");
        }
        int dynamicLength = BufferDescriptor.dynamicLength(staticBytes);
        if (dynamicLength > dynamicPresent) {
            throw new MalformedMessageException("truncated message: dynamic length " + dynamicLength
                    + " but only " + dynamicPresent + " dynamic bytes present");
        }
        int carried = staticBytes.get(intLayout, CHECKSUM_OFFSET);
        int computed = arrived != null && arrived.covers(staticLength, dynamicLength) ? arrived.value()
                : BufferDescriptor.checksumOf(staticBytes.asSlice(0, staticLength).asByteBuffer(), dynamicBytes,
                        dynamicLength);
        if (carried != computed) {
            throw new MalformedMessageException("checksum mismatch: the message carries 0x"
                    + Integer.toHexString(carried) + " but its " + staticLength + " static and " + dynamicLength
                    + " dynamic bytes give 0x" + Integer.toHexString(computed)
                    + "; the bytes were damaged or changed after commit()");
        }
        int sectionCount = staticBytes.get(intLayout, SECTION_COUNT_OFFSET);
        int mostSections = (staticLength - MESSAGE_HEADER_LENGTH) / SECTION_HEADER_LENGTH;
        if (sectionCount < 0 || sectionCount > mostSections) {
            throw new MalformedMessageException("bad section count " + sectionCount + ": a static part of "
                    + staticLength + " bytes holds between 0 and " + mostSections + " sections");
        }
        long index = MESSAGE_HEADER_LENGTH;
        long frames = 0;
        for (int section = 0; section < sectionCount; section++) {
            Type type = checkSectionHeader(staticBytes, intLayout, section, index, staticLength);
            int count = staticBytes.get(intLayout, index + ELEMENT_COUNT_OFFSET);
            long payloadIndex = index + SECTION_HEADER_LENGTH;
            index = payloadIndex + (type.isDynamic()
                    ? DYNAMIC_REFERENCE_LENGTH
                    : BufferDescriptor.align((long) count * type.elementLength()));
            if (index > staticLength) {
                throw new MalformedMessageException("truncated message: section " + section + " (" + type
                        + ", " + count + " elements) ends at byte " + index + ", past the static length "
                        + staticLength);
            }
            if (type.isDynamic()) {
                frames += checkReference(staticBytes, intLayout, section, payloadIndex, type, count);
                if (frames > dynamicLength) {
                    throw new MalformedMessageException("dynamic frames up to section " + section + " need "
                            + frames + " bytes, but the dynamic length is " + dynamicLength);
                }
            }
        }
        if (index != staticLength) {
            throw new MalformedMessageException("static length " + staticLength + " but the "
                    + sectionCount + " sections end at byte " + index);
        }
        if (frames != dynamicLength) {
            throw new MalformedMessageException("dynamic length " + dynamicLength
                    + " but the dynamic sections' frames add up to " + frames);
        }
        return staticLength;
    }

    /**
     * Checks the header of one section and returns its type.
     */
    private static Type checkSectionHeader(MemorySegment bytes, ValueLayout.OfInt intLayout, int section,
                                           long index, int staticLength) {
        if (index + SECTION_HEADER_LENGTH > staticLength) {
            throw new MalformedMessageException("truncated message: section " + section + " header at byte "
                    + index + " runs past the static length " + staticLength);
        }
        byte code = bytes.get(ValueLayout.JAVA_BYTE, index + TYPE_CODE_OFFSET);
        Type type = Type.ofCode(code);
        if (type == null) {
            throw new MalformedMessageException("unknown type code " + code + " in section " + section
                    + " at byte " + index);
        }
        for (int offset = 0; offset < SECTION_RESERVED_LENGTH; offset++) {
            if (bytes.get(ValueLayout.JAVA_BYTE, index + SECTION_RESERVED_OFFSET + offset) != 0) {
                throw new MalformedMessageException("reserved bytes of section " + section + " at byte "
                        + index + " must be zero");
            }
        }
        int count = bytes.get(intLayout, index + ELEMENT_COUNT_OFFSET);
        if (count < 0) {
            throw new MalformedMessageException("negative element count " + count + " in section " + section
                    + " at byte " + index);
        }
        return type;
    }

    /**
     * Checks the dynamic reference of a dynamic section and returns its frame length.
     */
    private static int checkReference(MemorySegment bytes, ValueLayout.OfInt intLayout, int section,
                                      long index, Type type, int count) {
        int frameLength = bytes.get(intLayout, index + FRAME_LENGTH_OFFSET);
        if (bytes.get(intLayout, index + REFERENCE_RESERVED_OFFSET) != 0) {
            throw new MalformedMessageException("reserved field of the dynamic reference of section " + section
                    + " at byte " + index + " must be zero");
        }
        if (frameLength < 0) {
            throw new MalformedMessageException("negative frame length " + frameLength + " in section "
                    + section);
        }
        boolean consistent = type.isPrimitive()
                ? frameLength == (long) count * type.elementLength()
                : count <= frameLength;
        if (!consistent) {
            throw new MalformedMessageException("section " + section + " (" + type + ") holds " + count
                    + " elements in a frame of " + frameLength + " bytes");
        }
        return frameLength;
    }
}
