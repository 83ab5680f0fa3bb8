package org.mpjbuf.npb;

import java.util.Arrays;
import java.util.Locale;

/** The NPB problem classes, from the smallest (S) to the largest here (C). */
public enum ProblemClass {
    /** Sample size, seconds on a laptop. */
    S,
    /** Workstation size. */
    W,
    /** Standard test size A. */
    A,
    /** Standard test size B, about four times A. */
    B,
    /** Standard test size C, about four times B. */
    C;

    /**
     * Parses a class letter, ignoring case.
     *
     * @param text the letter, for example {@code "S"} or {@code "a"}
     * @return the class
     * @throws IllegalArgumentException if the text names no class, with the
     *         allowed letters in the message
     */
    public static ProblemClass parse(String text) {
        String letter = text.trim().toUpperCase(Locale.ROOT);
        for (ProblemClass problemClass : values()) {
            if (problemClass.name().equals(letter)) {
                return problemClass;
            }
        }
        throw new IllegalArgumentException("unknown problem class '" + text
                + "': expected one of " + Arrays.toString(values()));
    }
}
