package mpi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An intracommunicator: communication among the members of one group. This class carries the
 * communicator constructors (Dup, Split, Create); the collective operations are added beside
 * them.
 *
 * <p>Thread safety as {@link Comm}: communicator creation is collective and must be called in
 * the same order on every member.
 */
public class Intracomm extends Comm {

    /**
     * @param state the rank
     * @param group the members
     * @param pair  the context pair, claimed on this rank
     */
    Intracomm(RankState state, Group group, int pair) {
        super(state, group, group, pair);
    }

    /**
     * Compares two communicators, as {@link Comm#Compare}.
     *
     * @param comm1 a communicator
     * @param comm2 another
     * @return {@code MPI.IDENT}, {@code MPI.CONGRUENT}, {@code MPI.SIMILAR} or {@code MPI.UNEQUAL}
     * @throws MPIException (MPI_ERR_COMM) for a null argument
     */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        return Comm.Compare(comm1, comm2);
    }

    /**
     * Splits the communicator (collective): members giving the same {@code color} form a new
     * communicator each, ranked by {@code key} and then by their rank here.
     *
     * @param color a non-negative color, or {@code MPI.UNDEFINED} to join no new communicator
     * @param key   the ordering key
     * @return the new communicator, or {@code null} for {@code MPI.UNDEFINED}
     * @throws MPIException (MPI_ERR_ARG) for a negative color other than {@code MPI.UNDEFINED}
     */
    public Intracomm Split(int color, int key) throws MPIException {
        checkOpen();
        if (color < 0 && color != MPI.UNDEFINED) {
            throw Checks.error(MPIException.ERR_ARG, "color = " + color
                + " (expected a color >= 0 or MPI.UNDEFINED)");
        }
        int[] mine = new int[2 + ContextIds.MASK_WORDS];
        mine[0] = color;
        mine[1] = key;
        System.arraycopy(state.contexts().freeMask(), 0, mine, 2, ContextIds.MASK_WORDS);
        int[] all = Management.allgather(this, mine);
        int size = group.Size();
        int[] free = new int[ContextIds.MASK_WORDS];
        java.util.Arrays.fill(free, -1);
        List<int[]> members = new ArrayList<>();
        for (int rank = 0; rank < size; rank++) {
            int base = rank * mine.length;
            ContextIds.and(free, all, base + 2);
            if (color != MPI.UNDEFINED && all[base] == color) {
                members.add(new int[] {all[base + 1], rank});
            }
        }
        int pair = ContextIds.lowest(free, 1);
        if (color == MPI.UNDEFINED) {
            return null;
        }
        members.sort(Comparator.<int[]>comparingInt(member -> member[0])
            .thenComparingInt(member -> member[1]));
        int[] processes = new int[members.size()];
        for (int i = 0; i < processes.length; i++) {
            processes[i] = group.member(members.get(i)[1]);
        }
        return new Intracomm(state, new Group(processes, group.self()), pair);
    }

    /**
     * Creates a communicator of a subgroup (collective over this communicator).
     *
     * @param group a subset of this communicator's group, the same on every member
     * @return the new communicator, or {@code null} on members not in {@code group}
     * @throws MPIException (MPI_ERR_GROUP) when {@code group} has a process outside this
     *                      communicator
     */
    public Intracomm Create(Group group) throws MPIException {
        checkOpen();
        Checks.notNull(group, "group");
        for (int rank = 0; rank < group.Size(); rank++) {
            if (this.group.indexOf(group.member(rank)) == MPI.UNDEFINED) {
                throw Checks.error(MPIException.ERR_GROUP, "group member " + rank + " (process "
                    + group.member(rank) + ") is not in this communicator's group " + this.group);
            }
        }
        int pair = Management.agreePairs(this, 1);
        if (group.Rank() == MPI.UNDEFINED) {
            return null;
        }
        return new Intracomm(state, new Group(group.members(), this.group.self()), pair);
    }

    /**
     * Duplicates the communicator (collective), as {@link #Dup()}.
     *
     * @return the duplicate
     * @throws IllegalStateException wrapping the {@link MPIException} if the duplication failed
     */
    @Override
    public Object clone() {
        return super.clone();
    }

    /**
     * Duplicates the communicator (collective): same group, new context.
     *
     * @return the duplicate
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator or when no context is free
     */
    @Override
    public Intracomm Dup() throws MPIException {
        checkOpen();
        int pair = Management.agreePairs(this, 1);
        return new Intracomm(state, group, pair);
    }
}
