/**
 * Device-level benchmarks: smdev ping-pong latency and streaming bandwidth against a plain
 * {@code java.util.concurrent} hand-off between two threads.
 */
package org.mpjbuf.bench.dev;
