package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpjbuf.mpj.testing.SlurmCluster;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Programs started by Slurm, as its users type it ({@code srun --mpi=pmix -n N java -cp ... Main},
 * or {@code --mpi=pmi2}), on a one-node cluster the test starts on this machine
 * ({@link SlurmCluster}): {@code MPI.Init} joins the job through the PMIx server of
 * {@code slurmstepd}, or its PMI-2 socket. More ranks than the 2 cores need {@code -O}. Skipped, with the reason, where Slurm or munge is not installed or the tests do not
 * run as root ({@code .ci/run} installs them and runs as root).
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class SlurmLaunchIT {

    @TempDir
    static Path folder;

    private static SlurmCluster cluster;

    /** The exit status and the output of one launch. */
    private record Launch(int status, String output) {
    }

    @BeforeAll
    static void startCluster() throws Exception {
        String whyNot = SlurmCluster.whyNot();
        assumeTrue(whyNot == null, whyNot);
        cluster = SlurmCluster.start(folder);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @ParameterizedTest(name = "srun --mpi={0}: point-to-point, a derived datatype and collectives on {1} ranks")
    @CsvSource({"pmix, 2", "pmix, 4", "pmi2, 2", "pmi2, 4"})
    void shouldRunAProgramUnchangedUnderSrun(String mpi, int ranks) throws Exception {
        Launch launch = srun(mpi, ranks, "org.mpjbuf.mpj.testprograms.LaunchedProgram");
        assertEquals(0, launch.status(), launch.output());
        for (int rank = 0; rank < ranks; rank++) {
            assertTrue(launch.output().contains("rank " + rank + " of " + ranks + " OK"), launch.output());
        }
    }

    @ParameterizedTest(name = "srun --mpi={0}")
    @ValueSource(strings = {"pmix", "pmi2"})
    void shouldSendDerivedDatatypesAndEndWithTheAbortCode(String mpi) throws Exception {
        Launch datatypes = srun(mpi, 2, "org.mpjbuf.mpj.examples.DerivedDatatypes");
        assertEquals(0, datatypes.status(), datatypes.output());
        assertTrue(datatypes.output().contains("column 2 of the matrix: [2.0, 7.0, 12.0, 17.0] (4 doubles)"),
            datatypes.output());
        Launch aborted = srun(mpi, 3, "org.mpjbuf.mpj.testprograms.FailingProgram", "abort");
        assertTrue(aborted.status() != 0, aborted.output());
        assertTrue(aborted.output().contains("rank 1 aborted with code 3"), aborted.output());
    }

    private static Launch srun(String mpi, int ranks, String mainClass, String... args)
        throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> arguments = new ArrayList<>(List.of("--mpi=" + mpi, "-O", "-n", Integer.toString(ranks), java,
            "--enable-native-access=ALL-UNNAMED", "-cp", MpjrunProcess.classPathWithTestPrograms(), mainClass));
        arguments.addAll(List.of(args));
        Process process = cluster.srun(arguments).redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Launch(process.waitFor(), output);
        } finally {
            process.destroyForcibly();
        }
    }
}
