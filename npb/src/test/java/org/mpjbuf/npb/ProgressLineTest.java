package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** A progress line prints its format's text, and a rehearsal formats the same text without printing it. */
class ProgressLineTest {
    private static final String CG_LINE = "    %5d       %20.14e%20.13f%n";

    @Test
    void shouldPrintTheFormattedLine() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            new ProgressLine(CG_LINE).print(out, 3, 1.25e-13, 17.5);
        }
        assertEquals(String.format(CG_LINE, 3, 1.25e-13, 17.5), bytes.toString(StandardCharsets.UTF_8));
        assertEquals("        3", bytes.toString(StandardCharsets.UTF_8).substring(0, 9));
    }

    @Test
    void shouldRehearseTheLineThatPrintWouldWriteAndPrintNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressLine line = new ProgressLine(" T = %5d     Checksum = %22.12e %22.12e%n");
        String rehearsed;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            rehearsed = line.rehearse(1, 504.5, 511.25);
            assertEquals(0, bytes.size(), "a rehearsal prints nothing");
            line.print(out, 1, 504.5, 511.25);
        }
        assertEquals(rehearsed, bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldRefuseANullFormat() {
        NullPointerException thrown = assertThrows(NullPointerException.class, () -> new ProgressLine(null));
        assertEquals("format", thrown.getMessage());
    }
}
