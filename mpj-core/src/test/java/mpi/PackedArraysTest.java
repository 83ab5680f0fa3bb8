package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.mpj.datatype.BaseType;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PackedArraysTest {

    @Test
    void shouldHandOutPowerOfTwoArraysAndReuseReturnedOnes() {
        Object first = PackedArrays.take(BaseType.INT, 100);
        assertEquals(128, ((int[]) first).length);
        PackedArrays.give(BaseType.INT, first);
        Object again = PackedArrays.take(BaseType.INT, 65);
        assertSame(first, again);
        Object other = PackedArrays.take(BaseType.INT, 128);
        assertNotSame(again, other);
        PackedArrays.give(BaseType.INT, again);
        PackedArrays.give(BaseType.INT, other);
    }

    @Test
    void shouldNotKeepObjectArraysNorArraysOfAnotherLength() {
        Object objects = PackedArrays.take(BaseType.OBJECT, 100);
        assertEquals(100, ((Object[]) objects).length);
        PackedArrays.give(BaseType.OBJECT, objects);
        assertNotSame(objects, PackedArrays.take(BaseType.OBJECT, 100));
        long[] odd = new long[100];
        PackedArrays.give(BaseType.LONG, odd);
        assertNotSame(odd, PackedArrays.take(BaseType.LONG, 100));
    }

    /**
     * Non-contiguous messages in flight at once, eager and rendezvous, each packed into a reused
     * array, all queued at the receiver before it posts a receive: an array handed back before
     * the device was done with it would be packed over by a later message and show up as wrong
     * data.
     */
    @Test
    void shouldKeepEveryPackedMessageIntactWhileManyAreInFlight() {
        Ranks.run(2, world -> {
            int rank = world.Rank();
            int messages = 12;
            Datatype[] columns = new Datatype[messages];
            double[][] data = new double[messages][];
            for (int m = 0; m < messages; m++) {
                int elements = m % 2 == 0 ? 100 : 20_000;
                columns[m] = Datatype.Vector(elements, 1, 2, MPI.DOUBLE);
                columns[m].Commit();
                data[m] = new double[2 * elements];
            }
            if (rank == 0) {
                Request[] sends = new Request[messages];
                for (int m = 0; m < messages; m++) {
                    java.util.Arrays.fill(data[m], m + 1);
                    sends[m] = world.Isend(data[m], 0, 1, columns[m], 1, m);
                }
                world.Send(new int[] {messages}, 0, 1, MPI.INT, 1, messages);
                Request.Waitall(sends);
            } else {
                int[] queued = new int[1];
                world.Recv(queued, 0, 1, MPI.INT, 0, messages);
                assertEquals(messages, queued[0]);
                Request[] receives = new Request[messages];
                for (int m = messages - 1; m >= 0; m -= 2) {
                    receives[m] = world.Irecv(data[m], 0, 1, columns[m], 0, m);
                }
                for (int m = 0; m < messages; m += 2) {
                    receives[m] = world.Irecv(data[m], 0, 1, columns[m], 0, m);
                }
                Request.Waitall(receives);
                for (int m = 0; m < messages; m++) {
                    double[] expected = new double[data[m].length];
                    for (int i = 0; i < expected.length; i += 2) {
                        expected[i] = m + 1;
                    }
                    assertArrayEquals(expected, data[m], "message " + m);
                }
            }
        });
    }
}
