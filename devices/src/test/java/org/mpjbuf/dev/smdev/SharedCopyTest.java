package org.mpjbuf.dev.smdev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A copy shared by two threads lands exactly where one thread would have put it. */
final class SharedCopyTest {
    @Test
    @Timeout(60)
    void shouldCopyEveryElementOnceWhenTwoThreadsShareTheChunks() throws InterruptedException {
        final int count = 3 * SharedCopy.CHUNK_BYTES / Long.BYTES + 17;
        final long[] source = new long[count + 5];
        for (int i = 0; i < source.length; i++) {
            source[i] = i * 31L;
        }
        final long[] destination = new long[count + 2];
        final SharedCopy copy = new SharedCopy(source, 5, destination, 2, count, Long.BYTES);
        final Thread helper = new Thread(copy::help, "helper");
        helper.start();
        copy.help();
        copy.awaitCopied();
        helper.join(30_000);
        assertFalse(helper.isAlive());
        final long[] expected = new long[count + 2];
        System.arraycopy(source, 5, expected, 2, count);
        assertArrayEquals(expected, destination);
    }

    @Test
    @Timeout(60)
    void shouldCopyAloneWhenNobodyHelps() {
        final byte[] source = new byte[SharedCopy.CHUNK_BYTES + 1];
        source[SharedCopy.CHUNK_BYTES] = 7;
        final byte[] destination = new byte[source.length];
        final SharedCopy copy = new SharedCopy(source, 0, destination, 0, source.length, 1);
        copy.help();
        copy.awaitCopied();
        assertArrayEquals(source, destination);
    }
}
