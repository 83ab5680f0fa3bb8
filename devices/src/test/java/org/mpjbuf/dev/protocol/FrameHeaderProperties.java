package org.mpjbuf.dev.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The frame decoder either decodes a header or throws {@link MalformedFrameException}, never
 * anything else, whatever bytes it is fed: random bytes, and valid headers (of every frame type,
 * returning any credit) with random bytes overwritten; a returned credit decodes as written unless
 * it is negative. jqwik prints the seed of a failing try.
 */
final class FrameHeaderProperties {
    private static final int EAGER_LIMIT = 1 << 17;
    private static final int MAX_MESSAGE = 1 << 30;

    @Property(tries = 2000)
    void randomBytesDecodeOrFailWithTheDocumentedException(
        @ForAll @Size(min = 0, max = 80) final byte[] bytes) {
        decodeOrMalformed(bytes);
    }

    @Property(tries = 5000)
    void mutatedFramesDecodeOrFailWithTheDocumentedException(@ForAll("validHeaders") final byte[] header,
                                                             @ForAll @IntRange(min = 0, max = 55) final int index,
                                                             @ForAll final byte value,
                                                             @ForAll @IntRange(min = 0, max = 55) final int index2,
                                                             @ForAll final byte value2) {
        header[index] = value;
        header[index2] = value2;
        decodeOrMalformed(header);
    }

    @Property(tries = 1000)
    void theReturnedCreditDecodesAsWrittenAndANegativeOneIsMalformed(@ForAll("validHeaders") final byte[] header,
                                                                     @ForAll final int credit) {
        final ByteBuffer bytes = ByteBuffer.wrap(header);
        bytes.order(header[FrameDescriptor.BYTE_ORDER_OFFSET] == FrameDescriptor.BIG_ENDIAN
            ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN).putInt(FrameDescriptor.CREDIT_OFFSET, credit);
        final FrameHeader decoded = new FrameHeader(EAGER_LIMIT, MAX_MESSAGE);
        try {
            decoded.decode(bytes);
        } catch (final MalformedFrameException refused) {
            if (credit >= 0 || !refused.getMessage().contains("credit returned is " + credit)) {
                throw new AssertionError("refused a credit of " + credit + ": " + refused.getMessage(), refused);
            }
            return;
        }
        if (credit < 0 || decoded.credit != credit) {
            throw new AssertionError("decoded a credit of " + decoded.credit + " from " + credit);
        }
    }

    @Property(tries = 1000)
    void validHeadersDecodeToWhatWasEncoded(@ForAll("validHeaders") final byte[] header) {
        final FrameHeader decoded = new FrameHeader(EAGER_LIMIT, MAX_MESSAGE);
        decoded.decode(ByteBuffer.wrap(header));
        if (decoded.tag == org.mpjbuf.dev.Device.ANY_TAG) {
            throw new AssertionError("decoded a message with ANY_TAG");
        }
    }

    private static void decodeOrMalformed(final byte[] bytes) {
        final FrameHeader header = new FrameHeader(EAGER_LIMIT, MAX_MESSAGE);
        try {
            header.decode(ByteBuffer.wrap(bytes));
        } catch (final MalformedFrameException expected) {
            if (!expected.getMessage().startsWith("malformed frame: ")) {
                throw new AssertionError("undocumented message: " + expected.getMessage(), expected);
            }
        }
    }

    @Provide
    Arbitrary<byte[]> validHeaders() {
        final Arbitrary<ByteOrder> orders = Arbitraries.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN);
        final Arbitrary<Integer> types = Arbitraries.integers().between(0, 8);
        final Arbitrary<Integer> counts = Arbitraries.integers().between(0, 4096);
        final Arbitrary<Integer> tags = Arbitraries.integers().filter(tag -> tag != -1);
        final Arbitrary<Byte> frameTypes = Arbitraries.of(FrameDescriptor.EAGER, FrameDescriptor.RTS,
            FrameDescriptor.CTS, FrameDescriptor.BYE, FrameDescriptor.BYE_ACK,
            FrameDescriptor.CREDIT);
        final Arbitrary<Integer> credits = Arbitraries.integers().between(0, Integer.MAX_VALUE);
        return Combinators.combine(orders, types, counts, tags, frameTypes, credits).as((order, type, count, tag,
                                                                                          frame, credit) -> {
            final org.mpjbuf.dev.ElementType element = org.mpjbuf.dev.ElementType.values()[type];
            final boolean message = frame == FrameDescriptor.EAGER || frame == FrameDescriptor.RTS;
            final int length = !message ? 0 : element.isPrimitive() ? count * element.byteSize() : count + 10;
            final ByteBuffer header = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH).order(order);
            FrameDescriptor.encode(header, frame, (byte) 0, message ? tag : 0, message ? 5 : 0,
                message ? count : 0, message ? type + 1 : 0, frame == FrameDescriptor.EAGER ? length : 0, length,
                0, credit, message ? 1 : 0, 0);
            return header.array();
        });
    }
}
