package org.mpjbuf.buddy;

/**
 * Layout of a region's block map and of the links kept inside free blocks.
 *
 * <p>The block map has one byte per minimum-size block ("unit") of a region. The byte of the first unit of
 * a block (its <em>head</em>) describes the whole block; the bytes of the other units are zero:
 * <pre>
 *   bit  7   6   5   4   3   2   1   0
 *      +---+-------+-------------------+
 *      | 0 | state |       order       |
 *      +---+-------+-------------------+
 *   state: 00 not a block head, 01 free (in a free list), 10 in use, 11 cached by a thread
 *   order: log2(block size / minimum block size); 31 marks the single block of a dedicated region
 * </pre>
 *
 * <p>A free block holds the links of its doubly linked free list in its first 16 bytes; a link is a
 * handle {@code (regionId << 32) | unit}, {@link #NIL} ends the list:
 * <pre>
 *   0               8               16
 *   +---------------+---------------+---- ...
 *   | next handle   | previous      |  rest of the free block (unused)
 *   +---------------+---------------+---- ...
 * </pre>
 * Blocks in use carry no header at all: a 4096-byte request takes a 4096-byte block.
 */
final class BlockMapDescriptor {
    static final int ORDER_MASK = 0x1F;
    static final int STATE_MASK = 0x60;
    static final byte NOT_A_HEAD = 0;
    static final int FREE = 0x20;
    static final int IN_USE = 0x40;
    static final int CACHED = 0x60;
    static final int DEDICATED_ORDER = 31;
    static final int MAXIMUM_ORDER = 30;

    static final int NEXT_OFFSET = 0;
    static final int PREVIOUS_OFFSET = 8;
    static final int LINKS_LENGTH = 16;
    static final long NIL = -1L;

    private BlockMapDescriptor() {
    }

    static byte entry(final int state, final int order) {
        return (byte) (state | order);
    }

    static int state(final int entry) {
        return entry & STATE_MASK;
    }

    static int order(final int entry) {
        return entry & ORDER_MASK;
    }

    static long handle(final int regionId, final int unit) {
        return ((long) regionId << 32) | (unit & 0xFFFF_FFFFL);
    }

    static int regionId(final long handle) {
        return (int) (handle >>> 32);
    }

    static int unit(final long handle) {
        return (int) handle;
    }

    static String stateName(final int state) {
        return switch (state) {
            case FREE -> "free";
            case IN_USE -> "in use";
            case CACHED -> "free (cached by a thread)";
            default -> "not a block start";
        };
    }
}
