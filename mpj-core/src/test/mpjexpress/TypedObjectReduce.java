import java.io.Serializable;
import java.math.BigDecimal;

import mpi.*;

/**
 * MPJ Express style object reductions: a user function that casts its arguments to the caller's
 * array type (BigDecimal[]), and one that updates its in/out objects in place; the send buffer
 * must come back untouched.
 */
public class TypedObjectReduce {
    static class Tally implements Serializable {
        int value;

        Tally(int value) {
            this.value = value;
        }
    }

    public static void main(String[] args) {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Op addDecimals = new Op(new User_function() {
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
                BigDecimal[] a = (BigDecimal[]) in;
                BigDecimal[] b = (BigDecimal[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOffset + i] = b[inoutOffset + i].add(a[inOffset + i]);
                }
            }
        }, true);
        BigDecimal[] mine = {new BigDecimal(rank + 1), new BigDecimal("0.5")};
        BigDecimal[] total = new BigDecimal[2];
        MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, 2, MPI.OBJECT, addDecimals);
        check(total[0].intValueExact() == size * (size + 1) / 2, "Allreduce total " + total[0]);
        BigDecimal[] prefix = new BigDecimal[2];
        MPI.COMM_WORLD.Scan(mine, 0, prefix, 0, 2, MPI.OBJECT, addDecimals);
        check(prefix[0].intValueExact() == (rank + 1) * (rank + 2) / 2, "Scan prefix " + prefix[0]);

        Op addInPlace = new Op(new User_function() {
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
                for (int i = 0; i < count; i++) {
                    ((Tally) ((Object[]) inout)[inoutOffset + i]).value += ((Tally) ((Object[]) in)[inOffset + i]).value;
                }
            }
        }, true);
        Tally[] send = {new Tally(1)};
        Tally[] scanned = new Tally[1];
        MPI.COMM_WORLD.Scan(send, 0, scanned, 0, 1, MPI.OBJECT, addInPlace);
        check(scanned[0].value == rank + 1, "Scan of tallies gave " + scanned[0].value);
        check(send[0].value == 1, "Scan changed the send buffer to " + send[0].value);
        System.out.println("TypedObjectReduce OK at rank " + rank);
        MPI.Finalize();
    }

    static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException(what);
        }
    }
}
