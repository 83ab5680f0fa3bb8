package org.mpjbuf.dev.niodev;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A second descriptor of a connected, non-blocking TCP socket that an NIO {@link SocketChannel}
 * holds, through which bytes move between the socket and any memory segment, a segment of a
 * Java array included: libc's {@code send} and {@code recv}, called as critical downcalls that
 * may take heap segments ({@link Linker.Option#critical(boolean)}), so a primitive array is
 * written to the socket and read from it with the kernel's copy alone. NIO itself reads and
 * writes a heap buffer through a direct buffer of its own, which is one more copy.
 *
 * <p><b>The descriptor.</b> {@link #of} finds the channel's descriptor among the process's
 * ({@code /proc/self/fd}) as the socket whose local and peer addresses are the channel's (a
 * connection's pair of addresses names one socket of a host), and duplicates it
 * ({@code dup}): this object's descriptor stays open, and so names the same socket, whatever
 * happens to the channel, until {@link #close()}. The kernel keeps the connection while either
 * descriptor is open, so the owner ends it with {@link #shutdown()} before closing the channel.
 *
 * <p><b>Errors.</b> A call that the kernel refuses throws {@link IOException} with the call, the
 * descriptor and {@code strerror}'s text; {@code EAGAIN} is not an error (nothing moved), nor is
 * {@code EINTR} (the call is made again). {@code send} passes {@code MSG_NOSIGNAL}: a peer that is
 * gone makes {@code EPIPE}, never a signal.
 *
 * <p><b>Threads.</b> One thread may {@linkplain #send send} while another
 * {@linkplain #receive receives}; two threads must not send at once, nor two receive at once
 * (each direction has its own errno slot). {@link #shutdown()} may be called from any thread at
 * any time; {@link #close()} only once no other call is under way or can start.
 */
@SuppressWarnings("restricted") // the class's purpose: downcalls into libc
public final class SocketDescriptor implements AutoCloseable {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final long ERRNO_OFFSET =
        Linker.Option.captureStateLayout().byteOffset(PathElement.groupElement("errno"));
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;
    private static final int SHUT_RDWR = 2;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int MSG_MORE = 0x8000;
    private static final int EPERM = 1;
    private static final int ENOENT = 2;
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_CONGESTION = 13;
    /** Bytes of a congestion control algorithm's name with its terminating zero ({@code TCP_CA_NAME_MAX}). */
    private static final int CONGESTION_NAME_BYTES = 16;
    /** Bytes of a {@code struct sockaddr_storage}. */
    private static final int SOCKADDR_STORAGE = 128;
    private static final ValueLayout.OfShort NETWORK_SHORT = JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN);

    /** {@code ssize_t send(int, const void *, size_t, int)}, critical: the buffer may be on the heap. */
    private static final MethodHandle SEND = downcall("send",
        FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT),
        Linker.Option.critical(true), Linker.Option.captureCallState("errno"));
    /** {@code ssize_t recv(int, void *, size_t, int)}, critical: the buffer may be on the heap. */
    private static final MethodHandle RECV = downcall("recv",
        FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT),
        Linker.Option.critical(true), Linker.Option.captureCallState("errno"));
    /** {@code int getsockname(int, struct sockaddr *, socklen_t *)}; getpeername's is the same. */
    private static final MethodHandle GETSOCKNAME = downcall("getsockname",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle GETPEERNAME = downcall("getpeername",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle DUP = downcall("dup", FunctionDescriptor.of(JAVA_INT, JAVA_INT),
        Linker.Option.captureCallState("errno"));
    private static final MethodHandle SHUTDOWN = downcall("shutdown",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    /** {@code int setsockopt(int, int, int, const void *, socklen_t)}; getsockopt's takes a {@code socklen_t *}. */
    private static final MethodHandle SETSOCKOPT = downcall("setsockopt",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT),
        Linker.Option.captureCallState("errno"));
    private static final MethodHandle GETSOCKOPT = downcall("getsockopt",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS),
        Linker.Option.captureCallState("errno"));
    private static final MethodHandle CLOSE = downcall("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle STRERROR = downcall("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));

    private final int descriptor;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment sendErrno = arena.allocate(Linker.Option.captureStateLayout());
    private final MemorySegment receiveErrno = arena.allocate(Linker.Option.captureStateLayout());
    private boolean closed;

    private SocketDescriptor(final int descriptor) {
        this.descriptor = descriptor;
    }

    private static MethodHandle downcall(final String name, final FunctionDescriptor function,
                                         final Linker.Option... options) {
        return LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow(name), function, options);
    }

    /**
     * Finds the descriptor of a connected, non-blocking channel and duplicates it.
     *
     * @param channel the channel, connected and in non-blocking mode
     * @return the duplicate, owned by the caller
     * @throws IOException if no descriptor of this process is the channel's socket (there is no
     *     {@code /proc/self/fd}: not Linux), or {@code dup} fails
     * @throws IllegalArgumentException if the channel is blocking: a downcall would then block
     *     its thread where NIO's calls can be interrupted
     */
    public static SocketDescriptor of(final SocketChannel channel) throws IOException {
        if (channel.isBlocking()) {
            throw new IllegalArgumentException("the channel must be in non-blocking mode: " + channel);
        }
        final SocketAddress local = channel.getLocalAddress();
        final SocketAddress peer = channel.getRemoteAddress();
        if (local == null || peer == null) {
            throw new IOException("the channel is not connected: " + channel);
        }
        final int found = find(local, peer);
        if (found < 0) {
            throw new IOException("no descriptor of this process (/proc/self/fd) is the socket from " + local
                + " to " + peer);
        }
        try (Arena call = Arena.ofConfined()) {
            final MemorySegment errno = call.allocate(Linker.Option.captureStateLayout());
            final int copy = (int) DUP.invokeExact(errno, found);
            if (copy < 0) {
                throw new IOException("dup(" + found + ") failed: " + describe(errno.get(JAVA_INT, ERRNO_OFFSET)));
            }
            return new SocketDescriptor(copy);
        } catch (final IOException | RuntimeException | Error ex) {
            throw ex;
        } catch (final Throwable ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static int find(final SocketAddress local, final SocketAddress peer) throws IOException {
        final Path descriptors = Path.of("/proc/self/fd");
        if (!Files.isDirectory(descriptors)) {
            return -1;
        }
        try (Arena call = Arena.ofConfined();
             DirectoryStream<Path> entries = Files.newDirectoryStream(descriptors)) {
            final MemorySegment address = call.allocate(SOCKADDR_STORAGE);
            final MemorySegment length = call.allocate(JAVA_INT);
            for (final Path entry : entries) {
                final int fd;
                try {
                    fd = Integer.parseInt(entry.getFileName().toString());
                    if (!Files.readSymbolicLink(entry).toString().startsWith("socket:")) {
                        continue;
                    }
                } catch (final NumberFormatException | IOException closedMeanwhile) {
                    continue;
                }
                if (local.equals(name(GETSOCKNAME, fd, address, length))
                    && peer.equals(name(GETPEERNAME, fd, address, length))) {
                    return fd;
                }
            }
        }
        return -1;
    }

    /** The address {@code getsockname} or {@code getpeername} gives a descriptor, or {@code null}. */
    private static InetSocketAddress name(final MethodHandle call, final int fd, final MemorySegment address,
                                          final MemorySegment length) {
        length.set(JAVA_INT, 0, SOCKADDR_STORAGE);
        final int result;
        try {
            result = (int) call.invokeExact(fd, address, length);
        } catch (final Throwable ex) {
            throw new IllegalStateException(ex);
        }
        if (result != 0) {
            return null;
        }
        final int family = address.get(JAVA_SHORT, 0);
        final int port = Short.toUnsignedInt(address.get(NETWORK_SHORT, 2));
        final byte[] bytes;
        if (family == AF_INET) {
            bytes = address.asSlice(4, 4).toArray(ValueLayout.JAVA_BYTE);
        } else if (family == AF_INET6) {
            bytes = address.asSlice(8, 16).toArray(ValueLayout.JAVA_BYTE);
        } else {
            return null;
        }
        try {
            // an IPv4-mapped IPv6 address comes back as the IPv4 address, as NIO reports it
            return new InetSocketAddress(InetAddress.getByAddress(bytes), port);
        } catch (final UnknownHostException impossible) {
            return null;
        }
    }

    /**
     * Writes what the socket takes of {@code source}, without blocking.
     *
     * @param source the bytes, in native memory or a primitive array; at most the socket's
     *     buffer is taken by one call
     * @return the bytes written, 0 if the socket takes none now
     * @throws IOException if the kernel refuses the call (the peer is gone: {@code EPIPE},
     *     {@code ECONNRESET})
     */
    public long send(final MemorySegment source) throws IOException {
        return send(source, false);
    }

    /**
     * Writes what the socket takes of {@code source}, without blocking, and when {@code more}
     * says that more bytes follow at once ({@code MSG_MORE}), lets the kernel hold back a
     * segment that is not full until they come: a frame's header written so leaves in one
     * segment with the start of its payload. The caller must then write those bytes without
     * {@code more}, or the held ones wait.
     *
     * @param source the bytes, in native memory or a primitive array; at most the socket's
     *     buffer is taken by one call
     * @param more whether more bytes follow at once
     * @return the bytes written, 0 if the socket takes none now
     * @throws IOException if the kernel refuses the call (the peer is gone: {@code EPIPE},
     *     {@code ECONNRESET})
     */
    public long send(final MemorySegment source, final boolean more) throws IOException {
        final int flags = more ? MSG_NOSIGNAL | MSG_MORE : MSG_NOSIGNAL;
        while (true) {
            final long written;
            try {
                written = (long) SEND.invokeExact(sendErrno, descriptor, source, source.byteSize(), flags);
            } catch (final Throwable ex) {
                throw new IllegalStateException(ex);
            }
            if (written >= 0) {
                return written;
            }
            if (!interrupted("send", sendErrno)) {
                return 0;
            }
        }
    }

    /**
     * Reads what the socket has into {@code target}, without blocking.
     *
     * @param target where the bytes go, native memory or a primitive array; at most its size is read
     * @return the bytes read, 0 if none has arrived, -1 if the peer closed the connection
     * @throws IOException if the kernel refuses the call ({@code ECONNRESET})
     */
    public long receive(final MemorySegment target) throws IOException {
        while (true) {
            final long read;
            try {
                read = (long) RECV.invokeExact(receiveErrno, descriptor, target, target.byteSize(), 0);
            } catch (final Throwable ex) {
                throw new IllegalStateException(ex);
            }
            if (read > 0) {
                return read;
            }
            if (read == 0) {
                return target.byteSize() == 0 ? 0 : -1;
            }
            if (!interrupted("recv", receiveErrno)) {
                return 0;
            }
        }
    }

    /**
     * After a {@code send} or {@code recv} that returned -1: tells whether a signal interrupted it
     * ({@code EINTR}: make the call again), or returns {@code false} when nothing could move
     * ({@code EAGAIN}: the caller reports 0 bytes).
     *
     * @throws IOException for any other error, naming the call and the error
     */
    private boolean interrupted(final String call, final MemorySegment errnoState) throws IOException {
        final int errno = errnoState.get(JAVA_INT, ERRNO_OFFSET);
        if (errno == EAGAIN) {
            return false;
        }
        if (errno != EINTR) {
            throw new IOException(call + " on socket descriptor " + descriptor + " failed: " + describe(errno));
        }
        return true;
    }

    /**
     * Chooses the socket's TCP congestion control algorithm ({@code TCP_CONGESTION}), which may
     * change at any time of a connection's life; the kernel keeps it until the socket closes.
     *
     * @param algorithm the algorithm's name as the kernel knows it ({@code cubic}, {@code reno},
     *     {@code bbr}, ...): letters, digits and {@code _}, at most 15 of them
     * @throws IllegalArgumentException if the name cannot be an algorithm's
     * @throws IOException if the kernel refuses: the algorithm is not available in it, or an
     *     unprivileged process may not choose it (the message names the file that lists them)
     */
    public void congestionControl(final String algorithm) throws IOException {
        if (!isAlgorithmName(algorithm)) {
            throw new IllegalArgumentException("a TCP congestion control algorithm is named by 1 to "
                + (CONGESTION_NAME_BYTES - 1) + " letters, digits or '_', not '" + algorithm + "'");
        }
        try (Arena call = Arena.ofConfined()) {
            final MemorySegment errno = call.allocate(Linker.Option.captureStateLayout());
            final MemorySegment name = call.allocateFrom(algorithm);
            final int result = (int) SETSOCKOPT.invokeExact(errno, descriptor, IPPROTO_TCP, TCP_CONGESTION, name,
                algorithm.length());
            if (result != 0) {
                final int code = errno.get(JAVA_INT, ERRNO_OFFSET);
                final String reason = switch (code) {
                    case ENOENT -> "this kernel has no such algorithm (see "
                        + "/proc/sys/net/ipv4/tcp_available_congestion_control)";
                    case EPERM -> "an unprivileged process may not choose it (see "
                        + "/proc/sys/net/ipv4/tcp_allowed_congestion_control)";
                    default -> describe(code);
                };
                throw new IOException("TCP congestion control '" + algorithm + "' refused on socket descriptor "
                    + descriptor + ": " + reason);
            }
        } catch (final IOException | RuntimeException | Error ex) {
            throw ex;
        } catch (final Throwable ex) {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * Tells whether {@code name} can name a TCP congestion control algorithm: 1 to 15 letters,
     * digits or {@code _}. Whether the kernel has it is known only when it is set.
     *
     * @param name the name
     * @return whether {@link #congestionControl(String)} would pass it to the kernel
     */
    public static boolean isAlgorithmName(final String name) {
        return name.matches("[A-Za-z0-9_]{1," + (CONGESTION_NAME_BYTES - 1) + "}");
    }

    /**
     * Returns the socket's TCP congestion control algorithm.
     *
     * @return the algorithm's name, as the kernel reports it
     * @throws IOException if the kernel refuses the call
     */
    public String congestionControl() throws IOException {
        try (Arena call = Arena.ofConfined()) {
            final MemorySegment errno = call.allocate(Linker.Option.captureStateLayout());
            final MemorySegment name = call.allocate(CONGESTION_NAME_BYTES);
            final MemorySegment length = call.allocateFrom(JAVA_INT, CONGESTION_NAME_BYTES);
            final int result = (int) GETSOCKOPT.invokeExact(errno, descriptor, IPPROTO_TCP, TCP_CONGESTION, name,
                length);
            if (result != 0) {
                throw new IOException("getsockopt(TCP_CONGESTION) on socket descriptor " + descriptor + " failed: "
                    + describe(errno.get(JAVA_INT, ERRNO_OFFSET)));
            }
            return name.getString(0);
        } catch (final IOException | RuntimeException | Error ex) {
            throw ex;
        } catch (final Throwable ex) {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * Ends the connection both ways ({@code shutdown(SHUT_RDWR)}): the peer reads the end of the
     * stream, and calls on either descriptor fail or read nothing. Errors are ignored (the
     * connection may be gone already); after {@link #close()} it does nothing.
     */
    public synchronized void shutdown() {
        if (closed) {
            return;
        }
        try {
            final int ignored = (int) SHUTDOWN.invokeExact(descriptor, SHUT_RDWR);
        } catch (final Throwable ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** Closes this descriptor, once; the channel's own is not touched. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            final int ignored = (int) CLOSE.invokeExact(descriptor);
        } catch (final Throwable ex) {
            throw new IllegalStateException(ex);
        }
        arena.close();
    }

    private static String describe(final int errno) {
        try {
            final MemorySegment text = (MemorySegment) STRERROR.invokeExact(errno);
            return text.reinterpret(256).getString(0) + " (errno " + errno + ")";
        } catch (final Throwable ex) {
            return "errno " + errno;
        }
    }

    @Override
    public String toString() {
        return "SocketDescriptor[" + descriptor + (closed ? ", closed]" : "]");
    }
}
