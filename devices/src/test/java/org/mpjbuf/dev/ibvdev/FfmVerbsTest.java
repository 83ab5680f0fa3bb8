package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The binding against the installed libibverbs, on a machine with no RDMA device: every symbol
 * resolves, a real downcall returns the library's strings, and the device list is empty. Skipped,
 * with the reason, where {@code libibverbs.so.1} is not installed ({@code .ci/run} installs it).
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class FfmVerbsTest {

    private static FfmVerbs verbs;

    @BeforeAll
    static void loadTheLibrary() {
        try {
            verbs = FfmVerbs.load(FfmVerbs.LIBRARY_NAME);
        } catch (VerbsException missing) {
            assumeTrue(false, "libibverbs is not installed (Debian: libibverbs1): " + missing.getMessage());
        }
    }

    @Test
    @SuppressWarnings("restricted")
    void shouldFindEveryExportedSymbolTheBindingCalls() {
        SymbolLookup library = SymbolLookup.libraryLookup(FfmVerbs.LIBRARY_NAME, Arena.global());
        for (String symbol : FfmVerbs.SYMBOLS) {
            assertTrue(library.find(symbol).isPresent(), symbol + " is exported by " + FfmVerbs.LIBRARY_NAME);
        }
        assertEquals(18, FfmVerbs.SYMBOLS.size(), "the binding's functions: " + FfmVerbs.SYMBOLS);
    }

    @Test
    void shouldDescribeCompletionStatusesAsTheLibraryDoes() {
        assertEquals("success", verbs.statusText(VerbsConstants.WC_SUCCESS));
        assertEquals("Work Request Flushed Error", verbs.statusText(VerbsConstants.WC_WR_FLUSH_ERR));
        assertEquals("transport retry counter exceeded", verbs.statusText(VerbsConstants.WC_RETRY_EXC_ERR));
        assertEquals("RNR retry counter exceeded", verbs.statusText(VerbsConstants.WC_RNR_RETRY_EXC_ERR));
        assertEquals("unknown", verbs.statusText(1000));
    }

    @Test
    void shouldListNoDeviceOnAMachineWithoutRdma() {
        assumeFalse(Files.isDirectory(ActivePorts.SYSFS_DEVICES), "this machine has RDMA devices ("
            + ActivePorts.SYSFS_DEVICES + ")");
        assertEquals(0, verbs.deviceNames().size());
    }

    @Test
    void shouldNameTheLibraryFileItLoaded() {
        String description = verbs.describeLibrary();
        assertTrue(description.startsWith("libibverbs.so.1 loaded from /"), description);
        assertTrue(Files.exists(Path.of(description.split(" ")[3])), description);
    }

    @Test
    void shouldRefuseToOpenADeviceThatIsNotThere() {
        VerbsException missing = assertThrows(VerbsException.class, () -> verbs.open("mlx5_42"));
        assertTrue(missing.getMessage().contains("mlx5_42"), missing.getMessage());
    }

    @Test
    void shouldNameALibraryThatCannotBeLoaded() {
        VerbsException missing = assertThrows(VerbsException.class, () -> FfmVerbs.load("libibverbs-absent.so.1"));
        assertTrue(missing.getMessage().startsWith("libibverbs-absent.so.1 could not be loaded by"
            + " SymbolLookup.libraryLookup(\"libibverbs-absent.so.1\") (dlopen"), missing.getMessage());
        assertEquals("dlopen libibverbs-absent.so.1", missing.call());
    }

    @Test
    void shouldNameTheMissingFunctionsOfALibraryThatIsNotVerbs() {
        VerbsException wrong = assertThrows(VerbsException.class, () -> FfmVerbs.load("libc.so.6"));
        assertTrue(wrong.getMessage().startsWith("libc.so.6 was loaded but lacks [ibv_get_device_list,"),
            wrong.getMessage());
    }
}
