package org.mpjbuf;

import java.io.ObjectInputFilter;

/**
 * The object filter applied while one dynamic frame of objects is deserialized.
 *
 * <p>Two rules, in order:
 * <ol>
 *   <li>the configured patterns ({@link MpjbufConfiguration#SERIAL_FILTER}, or the patterns given
 *       to the factory) decide for every class and limit; a class they leave undecided is rejected,
 *       so the patterns act as an allow-list, except for arrays of primitives, which carry no
 *       code;</li>
 *   <li>no array may be longer than the frame has bytes, and no stream may hold more references
 *       than the frame has bytes: every element and every reference takes at least one byte on
 *       the stream, so a larger count is a lie, and refusing it before the array or the handle
 *       table grows keeps a hostile length from costing memory.</li>
 * </ol>
 *
 * <p>Buffers apply it to their dynamic section; a device that moves objects without a buffer
 * applies it to the bytes it received, so that no path around the buffers escapes it.
 *
 * <p>An instance serves one object stream and remembers what it refused last, for the error
 * message; not thread-safe.
 */
public final class FrameObjectFilter implements ObjectInputFilter {
    /** The patterns of {@link MpjbufConfiguration#SERIAL_FILTER}, compiled once. */
    public static final ObjectInputFilter CONFIGURED = compile(MpjbufConfiguration.SERIAL_FILTER);

    private final ObjectInputFilter patterns;
    private final int frameLength;
    private String refused = "nothing";

    /**
     * Creates the filter for one frame.
     *
     * @param patterns the class and limit patterns
     * @param frameLength the frame's length in bytes
     */
    public FrameObjectFilter(ObjectInputFilter patterns, int frameLength) {
        this.patterns = patterns;
        this.frameLength = frameLength;
    }

    /**
     * Compiles filter patterns.
     *
     * @param patterns patterns in the syntax of {@link ObjectInputFilter.Config#createFilter(String)}
     * @return the compiled filter
     * @throws IllegalArgumentException if the patterns are malformed
     */
    static ObjectInputFilter compile(String patterns) {
        ObjectInputFilter filter = ObjectInputFilter.Config.createFilter(patterns);
        if (filter == null) {
            throw new IllegalArgumentException("object filter patterns must not be empty, were '"
                    + patterns + "'");
        }
        return filter;
    }

    /**
     * Describes the last thing this filter refused.
     *
     * @return a class name, an array length or a limit, for an error message
     */
    public String refused() {
        return refused;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        if (info.arrayLength() > frameLength) {
            refused = "an array of length " + info.arrayLength() + " in a frame of " + frameLength + " bytes";
            return Status.REJECTED;
        }
        if (info.references() > frameLength) {
            refused = info.references() + " references in a frame of " + frameLength + " bytes";
            return Status.REJECTED;
        }
        Status status = patterns.checkInput(info);
        Class<?> type = info.serialClass();
        if (status == Status.UNDECIDED) {
            Class<?> element = type;
            while (element != null && element.isArray()) {
                element = element.getComponentType();
            }
            status = element == null || element.isPrimitive() ? Status.ALLOWED : Status.REJECTED;
        }
        if (status == Status.REJECTED) {
            refused = type != null ? "class " + type.getName()
                    : "a limit (depth " + info.depth() + ", references " + info.references() + ")";
        }
        return status;
    }
}
