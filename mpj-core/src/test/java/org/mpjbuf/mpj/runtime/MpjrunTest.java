package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MpjrunTest {

    private static String errorsOf(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Mpjrun.run(args, new PrintStream(err, true, StandardCharsets.UTF_8));
        return status + ":" + err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldParseTheCommandLine() {
        Mpjrun.Command command = Mpjrun.parse(new String[] {"-np", "4", "-dev", "smdev", "-cp",
            "a:b", "-prefix", "pkg.Main", "x", "-y"});
        assertEquals(4, command.ranks());
        assertEquals("smdev", command.device());
        assertEquals(List.of(Path.of("a"), Path.of("b")), command.classPath());
        assertTrue(command.prefix());
        assertFalse(command.mpjExpressArgs());
        assertEquals("pkg.Main", command.mainClass());
        assertArrayEquals(new String[] {"x", "-y"}, command.args());
        assertNull(Mpjrun.parse(new String[] {"-h"}));
        assertTrue(Mpjrun.parse(new String[] {"-np", "2", "-mpjexpress-args", "Main"}).mpjExpressArgs());
    }

    @Test
    void shouldPrintUsageOnBadArguments() {
        assertTrue(errorsOf().startsWith("2:mpjrun: missing the main class"));
        assertTrue(errorsOf("-np", "0", "Main").contains("expected a number of ranks >= 1"));
        assertTrue(errorsOf("-np").contains("option -np needs a value"));
        assertTrue(errorsOf("-np", "2", "-bogus", "Main").contains("unknown option '-bogus'"));
        assertTrue(errorsOf("Main").contains("missing -np N"));
        assertTrue(errorsOf("-np", "2", "-dev", "nodev", "Main").contains("device 'nodev'"));
        assertTrue(errorsOf("-np", "2", "-jar", "missing.jar").contains("no such file"));
        assertTrue(errorsOf("-np", "2", "-bogus", "Main").contains("usage: mpjrun"));
    }

    @Test
    void shouldRunAProgramAndReportAFailingRank() {
        String classes = Path.of("target", "test-classes").toString();
        assertEquals("0:", errorsOf("-np", "2", "-cp", classes,
            "org.mpjbuf.mpj.testprograms.StaticsProgram"));
        String failed = errorsOf("-np", "2", "-cp", classes,
            "org.mpjbuf.mpj.testprograms.FailingProgram", "throw");
        assertTrue(failed.startsWith("1:mpjrun: rank 1 failed: java.lang.IllegalStateException: rank one gives up"),
            failed);
        assertTrue(failed.contains("\tat "), failed);
    }

    @Test
    void shouldReportAFailureWithoutStackFramesByItsMessageAlone() {
        String classes = Path.of("target", "test-classes").toString();
        String failed = errorsOf("-np", "2", "-cp", classes,
            "org.mpjbuf.mpj.testprograms.FailingProgram", "frameless");
        assertTrue(failed.startsWith("1:mpjrun: rank 1 failed: java.lang.IllegalArgumentException: rank one got bad"
            + " input\n"), failed);
        assertFalse(failed.contains("\tat "), failed);
        assertEquals(1, failed.split("rank one got bad input", -1).length - 1, failed);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4, 8})
    void shouldReportAnUnknownMainClassInOneLineWhenNoRankCanStart(int size) {
        Path classes = Path.of("target", "test-classes");
        assertEquals("1:mpjrun: main class org.example.Missing not found on the class path "
                + classes.toAbsolutePath() + "\n",
            errorsOf("-np", Integer.toString(size), "-cp", classes.toString(), "org.example.Missing")
                .replace(System.lineSeparator(), "\n"));
    }

    @Test
    void shouldNameRanksInRuns() {
        assertEquals("rank 3", Mpjrun.ranks(List.of(3)));
        assertEquals("ranks 0-3", Mpjrun.ranks(List.of(0, 1, 2, 3)));
        assertEquals("ranks 0-2, 5, 7-8", Mpjrun.ranks(List.of(0, 1, 2, 5, 7, 8)));
    }

    @Test
    void shouldReportTheSameFramelessFailureOfSeveralRanksOnce() {
        String classes = Path.of("target", "test-classes").toString();
        String failed = errorsOf("-np", "4", "-cp", classes,
            "org.mpjbuf.mpj.testprograms.FailingProgram", "frameless-everywhere");
        assertEquals("1:mpjrun: ranks 0-3 failed: java.lang.IllegalArgumentException: every rank got bad input\n",
            failed.replace(System.lineSeparator(), "\n"));
    }
}
