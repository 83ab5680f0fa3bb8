package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjbuf.mpj.runtime.MpjrunProcess.mpjrun;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs {@code bin/mpjrun} as a user would, on the jars the build produced. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MpjrunIT {

    @Test
    void shouldGreetFromEveryRank() throws Exception {
        MpjrunProcess.Run run = mpjrun("-np", "4", "-prefix", "org.mpjbuf.mpj.examples.HelloWorld");
        assertEquals(0, run.status(), run.output());
        for (int rank = 0; rank < 4; rank++) {
            assertTrue(run.output().contains("[" + rank + "] Hello from rank " + rank + " of 4"), run.output());
        }
    }

    @Test
    void shouldRunTheDerivedDatatypeExample() throws Exception {
        MpjrunProcess.Run run = mpjrun("-np", "2", "org.mpjbuf.mpj.examples.DerivedDatatypes");
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("column 2 of the matrix: [2.0, 7.0, 12.0, 17.0] (4 doubles)"),
            run.output());
        assertTrue(run.output().contains("particle 3: position (24, 25, 26), mass 30, velocity -1"),
            run.output());
    }

    @Test
    void shouldExitNonZeroNamingTheFailingRank() throws Exception {
        MpjrunProcess.Run thrown = mpjrun("-np", "3", "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.FailingProgram", "throw");
        assertEquals(1, thrown.status(), thrown.output());
        assertTrue(thrown.output().contains("mpjrun: rank 1 failed: java.lang.IllegalStateException: rank one gives up"),
            thrown.output());
        MpjrunProcess.Run aborted = mpjrun("-np", "2", "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.FailingProgram", "abort");
        assertEquals(3, aborted.status(), aborted.output());
        assertTrue(aborted.output().contains("rank 1 aborted with code 3"), aborted.output());
    }

    @Test
    void shouldSayOnceInOneLineThatTheMainClassCannotRun() throws Exception {
        MpjrunProcess.Run unknown = mpjrun("-np", "8", "org.example.Missing");
        assertEquals(1, unknown.status(), unknown.output());
        assertTrue(unknown.output().matches("mpjrun: main class org.example.Missing not found on the class path"
            + " /[^\n]*\n"), unknown.output());
        MpjrunProcess.Run noMain = mpjrun("-np", "8", "-cp", "target/test-classes", "org.mpjbuf.mpj.testprograms.NoMainProgram");
        assertEquals(1, noMain.status(), noMain.output());
        assertTrue(noMain.output().matches("mpjrun: class org.mpjbuf.mpj.testprograms.NoMainProgram has no main"
            + " method [^\n]*\n"), noMain.output());
    }

    @Test
    void shouldStartAMainClassThatIsNotPublic() throws Exception {
        MpjrunProcess.Run run = mpjrun("-np", "4", "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.PackagePrivateClassProgram");
        assertEquals(0, run.status(), run.output());
    }

    @Test
    void shouldPassMpjExpressLeadingArgumentsWithTheOption() throws Exception {
        MpjrunProcess.Run run = mpjrun("-np", "4", "-mpjexpress-args", "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.ArgumentsProgram", "mpjexpress", "x");
        assertEquals(0, run.status(), run.output());
        MpjrunProcess.Run configured = mpjrun(Map.of("MPJBUF_MPJ_MPJEXPRESSARGS", "true"), "-np", "2", "-cp",
            "target/test-classes", "org.mpjbuf.mpj.testprograms.ArgumentsProgram", "mpjexpress", "x");
        assertEquals(0, configured.status(), configured.output());
    }

    @Test
    void shouldPrintUsageOnBadArguments() throws Exception {
        MpjrunProcess.Run run = mpjrun("-np", "two", "Main");
        assertEquals(2, run.status(), run.output());
        assertTrue(run.output().contains("usage: mpjrun -np N"), run.output());
    }
}
