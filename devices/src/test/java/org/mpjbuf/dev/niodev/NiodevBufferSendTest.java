package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;

/**
 * Buffer messages are written straight from the buffer's memory: an eager send that the socket
 * does not take at once stages the rest, so the sender may rewrite its buffer as soon as the send
 * returns, even when the receiver reads nothing for a while and the socket fills up.
 */
final class NiodevBufferSendTest {
    private static final int CONTEXT = 2;
    private static final int MESSAGES = 300;
    private static final int INTS = 30_000;

    @Test
    @Timeout(60)
    void shouldStageWhatTheSocketDoesNotTakeSoTheSenderMayReuseItsBuffer() throws InterruptedException {
        final List<Device> devices = NiodevWorlds.open(2, Map.of());
        try (BufferFactory factory = BufferFactory.builder().build()) {
            final ProcessID[] ids = {ProcessID.of(0), ProcessID.of(1)};
            Ranks.run(devices, ids, 50, (device, rank, all) -> {
                final Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.INT, INTS)
                    + BufferDescriptor.sectionSize(Type.OBJECT, 1));
                final int[] values = new int[INTS];
                if (rank == 0) {
                    for (int m = 0; m < MESSAGES; m++) {
                        buffer.clear();
                        buffer.putSectionHeader(Type.INT);
                        java.util.Arrays.fill(values, m);
                        buffer.write(values, 0, INTS);
                        buffer.putSectionHeader(Type.OBJECT);
                        buffer.write(new Object[] {"message " + m}, 0, 1);
                        buffer.commit();
                        device.send(buffer, all[1], m, CONTEXT);
                    }
                } else {
                    Thread.sleep(300);
                    final Object[] text = new Object[1];
                    for (int m = 0; m < MESSAGES; m++) {
                        device.recv(buffer, all[0], m, CONTEXT);
                        assertEquals(Type.INT, buffer.getSectionHeader());
                        buffer.read(values, 0, INTS);
                        final int[] expected = new int[INTS];
                        java.util.Arrays.fill(expected, m);
                        assertArrayEquals(expected, values, "message " + m);
                        buffer.getSectionHeader();
                        buffer.read(text, 0, 1);
                        assertEquals("message " + m, text[0]);
                    }
                }
                factory.free(buffer);
            });
        } finally {
            devices.forEach(Device::finish);
        }
    }
}
