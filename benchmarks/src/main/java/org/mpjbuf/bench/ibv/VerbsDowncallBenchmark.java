package org.mpjbuf.bench.ibv;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.TimeUnit;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

import org.mpjbuf.dev.ibvdev.FfmVerbs;
import org.mpjbuf.dev.ibvdev.Verbs;
import org.mpjbuf.dev.ibvdev.VerbsConstants;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One call of libibverbs' {@code const char *ibv_wc_status_str(enum ibv_wc_status)}, a cheap
 * exported function that needs no device, made every way ibvdev's binding makes calls and the ways
 * JNA does:
 *
 * <ul>
 *   <li>{@code ffmSymbol}: a downcall handle bound to the symbol, as the binding's set-up calls are
 *       (without their errno capture);</li>
 *   <li>{@code ffmFunctionPointer}: the function's address read from native memory and called
 *       through an address-taking downcall handle, as the binding calls
 *       {@code qp->context->ops.post_send}, {@code post_recv} and {@code cq->context->ops.poll_cq};
 *       {@code ffmFunctionPointerCritical} the same with {@code Linker.Option.critical}, which skips
 *       the thread-state transition (what the data path would gain from it);</li>
 *   <li>{@code jnaDirect}: JNA direct mapping ({@code Native.register}, a {@code native} method);</li>
 *   <li>{@code jnaInterface}: JNA interface mapping ({@code Native.load}, a proxy);</li>
 *   <li>{@code bindingStatusText} and {@code jnaInterfaceString}: the whole call as a caller sees it,
 *       the C string decoded into a {@code String}: {@link Verbs#statusText} against a JNA interface
 *       method returning {@code String}.</li>
 * </ul>
 * The raw variants return the address, so only the call is measured.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class VerbsDowncallBenchmark {

    /** JNA interface mapping of the one function. */
    public interface StatusStrings extends Library {
        /**
         * {@code ibv_wc_status_str}, the C string as JNA's pointer.
         *
         * @param status an {@code IBV_WC_*} status
         * @return the description
         */
        Pointer ibv_wc_status_str(int status);
    }

    /** JNA interface mapping returning the decoded string. */
    public interface StatusStringsDecoded extends Library {
        /**
         * {@code ibv_wc_status_str}, decoded by JNA.
         *
         * @param status an {@code IBV_WC_*} status
         * @return the description
         */
        String ibv_wc_status_str(int status);
    }

    /** JNA direct mapping: the native method JNA binds to the symbol. */
    static final class Direct {
        static native Pointer ibv_wc_status_str(int status);

        private Direct() {
        }
    }

    private static final FunctionDescriptor STATUS_STR = FunctionDescriptor.of(ADDRESS, JAVA_INT);

    private final int status = VerbsConstants.WC_RETRY_EXC_ERR;
    private Arena arena;
    private MethodHandle symbol;
    private MethodHandle throughPointer;
    private MethodHandle throughPointerCritical;
    private MemorySegment functionTable;
    private StatusStrings jnaInterface;
    private StatusStringsDecoded jnaInterfaceString;
    private Verbs binding;

    /** Binds the function every way. */
    @Setup
    @SuppressWarnings("restricted")
    public void bind() {
        arena = Arena.ofShared();
        Linker linker = Linker.nativeLinker();
        MemorySegment address = SymbolLookup.libraryLookup(FfmVerbs.LIBRARY_NAME, Arena.global())
            .findOrThrow("ibv_wc_status_str");
        symbol = linker.downcallHandle(address, STATUS_STR);
        throughPointer = linker.downcallHandle(STATUS_STR);
        throughPointerCritical = linker.downcallHandle(STATUS_STR, Linker.Option.critical(false));
        functionTable = arena.allocate(ADDRESS);
        functionTable.set(ADDRESS, 0, address);
        NativeLibrary library = NativeLibrary.getInstance(FfmVerbs.LIBRARY_NAME);
        Native.register(Direct.class, library);
        jnaInterface = Native.load(FfmVerbs.LIBRARY_NAME, StatusStrings.class);
        jnaInterfaceString = Native.load(FfmVerbs.LIBRARY_NAME, StatusStringsDecoded.class);
        binding = FfmVerbs.load(FfmVerbs.LIBRARY_NAME);
        String expected = binding.statusText(status);
        if (!expected.equals(jnaInterfaceString.ibv_wc_status_str(status))
            || !expected.equals(Direct.ibv_wc_status_str(status).getString(0))) {
            throw new IllegalStateException("FFM and JNA disagree on ibv_wc_status_str(" + status + ")");
        }
    }

    /** Frees the function table. */
    @TearDown
    public void release() {
        arena.close();
    }

    /**
     * A downcall handle bound to the exported symbol.
     *
     * @return the C string's address
     * @throws Throwable never: the downcall throws nothing
     */
    @Benchmark
    public long ffmSymbol() throws Throwable {
        return ((MemorySegment) symbol.invokeExact(status)).address();
    }

    /**
     * The function pointer read from native memory, called through an address-taking handle.
     *
     * @return the C string's address
     * @throws Throwable never: the downcall throws nothing
     */
    @Benchmark
    public long ffmFunctionPointer() throws Throwable {
        MemorySegment function = functionTable.get(ADDRESS, 0);
        return ((MemorySegment) throughPointer.invokeExact(function, status)).address();
    }

    /**
     * The same as {@link #ffmFunctionPointer()} with a critical downcall.
     *
     * @return the C string's address
     * @throws Throwable never: the downcall throws nothing
     */
    @Benchmark
    public long ffmFunctionPointerCritical() throws Throwable {
        MemorySegment function = functionTable.get(ADDRESS, 0);
        return ((MemorySegment) throughPointerCritical.invokeExact(function, status)).address();
    }

    /**
     * JNA direct mapping.
     *
     * @return the C string's address
     */
    @Benchmark
    public long jnaDirect() {
        return Pointer.nativeValue(Direct.ibv_wc_status_str(status));
    }

    /**
     * JNA interface mapping.
     *
     * @return the C string's address
     */
    @Benchmark
    public long jnaInterface() {
        return Pointer.nativeValue(jnaInterface.ibv_wc_status_str(status));
    }

    /**
     * The binding's {@link Verbs#statusText}, string included.
     *
     * @return the description
     */
    @Benchmark
    public String bindingStatusText() {
        return binding.statusText(status);
    }

    /**
     * JNA interface mapping returning the decoded string.
     *
     * @return the description
     */
    @Benchmark
    public String jnaInterfaceString() {
        return jnaInterfaceString.ibv_wc_status_str(status);
    }
}
