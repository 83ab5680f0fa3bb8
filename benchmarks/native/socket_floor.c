/*
 * The floor of a socket transport in C, beside SocketFloorProgram's in Java: a ping-pong of raw
 * bytes between two processes over one loopback TCP connection (TCP_NODELAY, non-blocking, both
 * ends spinning on read and write), with no MPI, matching, framing, copy or checksum: the kernel's
 * copies only, as SocketFloorProgram's "direct" mode. Same schedule and output: an untimed pass
 * over the sizes up to 64 KiB, then every size from 1 B to MAX_BYTES in powers of two, the best
 * half round trip of REPETITIONS timed loops, in microseconds, and the bandwidth in MB/s.
 * MAX_WRITE (default 0, none) is the most bytes asked of one write call, as SocketFloorProgram's.
 *
 *   cc -O2 -o socket_floor benchmarks/native/socket_floor.c
 *   ./socket_floor [MAX_BYTES] [REPETITIONS] [MAX_WRITE]
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void fail(const char *what) {
    perror(what);
    exit(1);
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* The most bytes asked of one write call. */
static size_t max_write = (size_t) -1;

static void send_all(int fd, const char *buffer, size_t size) {
    size_t done = 0;
    while (done < size) {
        size_t asked = size - done < max_write ? size - done : max_write;
        ssize_t n = write(fd, buffer + done, asked);
        if (n > 0) {
            done += (size_t) n;
        } else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            fail("write");
        }
    }
}

static void receive_all(int fd, char *buffer, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t n = read(fd, buffer + done, size - done);
        if (n > 0) {
            done += (size_t) n;
        } else if (n == 0) {
            fprintf(stderr, "socket_floor: the peer closed the connection\n");
            exit(1);
        } else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            fail("read");
        }
    }
}

static void round_trips(int fd, char *buffer, size_t size, long iterations, int first) {
    for (long i = 0; i < iterations; i++) {
        if (first) {
            send_all(fd, buffer, size);
            receive_all(fd, buffer, size);
        } else {
            receive_all(fd, buffer, size);
            send_all(fd, buffer, size);
        }
    }
}

static void ping_pong(int fd, size_t max_bytes, int repetitions, int first) {
    char *buffer = calloc(max_bytes, 1);
    int one = 1;
    if (buffer == NULL) {
        fail("calloc");
    }
    if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) {
        fail("TCP_NODELAY");
    }
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) {
        fail("O_NONBLOCK");
    }
    for (size_t size = 1; size <= max_bytes && size <= 65536; size *= 2) {
        round_trips(fd, buffer, size, 2000, first);
    }
    if (first) {
        if (max_write == (size_t) -1) {
            printf("# bytes  half-round-trip-us  MB/s   (best of %d, C socket floor)\n", repetitions);
        } else {
            printf("# bytes  half-round-trip-us  MB/s   (best of %d, C socket floor, writes of at most %zu bytes)\n",
                   repetitions, max_write);
        }
    }
    for (size_t size = 1; size <= max_bytes; size *= 2) {
        long per = (1L << 27) / (long) (size > 1024 ? size : 1024);
        long iterations = per < 20 ? 20 : per > 20000 ? 20000 : per;
        double best = 1e300;
        for (int repetition = 0; repetition <= repetitions; repetition++) {
            double start = now_ns();
            round_trips(fd, buffer, size, iterations, first);
            double half = (now_ns() - start) / 2.0 / (double) iterations;
            if (repetition > 0 && half < best) {
                best = half;
            }
        }
        if (first) {
            printf("%9zu  %12.3f  %10.1f\n", size, best / 1000, (double) size / best * 1000);
            fflush(stdout);
        }
    }
    free(buffer);
}

int main(int argc, char **argv) {
    size_t max_bytes = argc > 1 ? strtoul(argv[1], NULL, 10) : (size_t) 1 << 24;
    int repetitions = argc > 2 ? atoi(argv[2]) : 3;
    long limit = argc > 3 ? atol(argv[3]) : 0;
    if (max_bytes < 1 || repetitions < 1 || limit < 0) {
        fprintf(stderr, "usage: socket_floor [MAX_BYTES >= 1] [REPETITIONS >= 1] [MAX_WRITE >= 0]\n");
        return 2;
    }
    if (limit > 0) {
        max_write = (size_t) limit;
    }
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address;
    socklen_t length = sizeof address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (listener < 0 || bind(listener, (struct sockaddr *) &address, sizeof address) != 0
        || listen(listener, 1) != 0 || getsockname(listener, (struct sockaddr *) &address, &length) != 0) {
        fail("listen");
    }
    pid_t peer = fork();
    if (peer < 0) {
        fail("fork");
    }
    if (peer == 0) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        close(listener);
        if (fd < 0 || connect(fd, (struct sockaddr *) &address, sizeof address) != 0) {
            fail("connect");
        }
        ping_pong(fd, max_bytes, repetitions, 0);
        close(fd);
        return 0;
    }
    int fd = accept(listener, NULL, NULL);
    if (fd < 0) {
        fail("accept");
    }
    ping_pong(fd, max_bytes, repetitions, 1);
    close(fd);
    int status;
    if (waitpid(peer, &status, 0) != peer || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "socket_floor: the peer process failed\n");
        return 1;
    }
    return 0;
}
