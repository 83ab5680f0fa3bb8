import java.util.*;

import mpi.*;

/**
 * Ordinary JDK classes sent as MPI.OBJECT, as PageRank-style programs do: the default object
 * filter must accept them.
 */
public class JdkObjects {
    public static void main(String[] args) {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Object[] values = new Object[9];
        if (rank == 0) {
            BitSet bits = new BitSet();
            bits.set(5);
            Stack<String> stack = new Stack<String>();
            stack.push("s");
            values = new Object[] {new TreeMap<String, Integer>(Map.of("a", 1)), new TreeSet<Integer>(List.of(2, 1)),
                new Vector<String>(List.of("v")), new Hashtable<String, String>(Map.of("k", "v")), stack,
                new Date(86_400_000L), new StringBuilder("sb"), new Random(7), bits};
        }
        MPI.COMM_WORLD.Bcast(values, 0, values.length, MPI.OBJECT, 0);
        String seen = values[0] + " " + values[1] + " " + values[2] + " " + values[3] + " " + values[4] + " "
            + ((Date) values[5]).getTime() + " " + values[6] + " " + ((Random) values[7]).nextInt(1000) + " " + values[8];
        String expected = "{a=1} [1, 2] [v] {k=v} [s] 86400000 sb " + new Random(7).nextInt(1000) + " {5}";
        if (!seen.equals(expected)) {
            throw new IllegalStateException("rank " + rank + " got " + seen);
        }
        System.out.println("JdkObjects OK at rank " + rank);
        MPI.Finalize();
    }
}
