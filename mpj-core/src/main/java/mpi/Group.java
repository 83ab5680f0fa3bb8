package mpi;

import java.util.Arrays;

/**
 * An ordered set of processes, as in MPI-1.1 section 5.3: the members are world process numbers
 * (ranks of {@code MPI.COMM_WORLD}'s job), and a process's rank in the group is its position.
 * Groups are immutable values; the calling process's rank is remembered so that {@link #Rank()}
 * needs no communication.
 *
 * <p>Thread-safe: a group never changes after construction.
 */
public class Group implements Freeable {

    /** The handle value of the empty group (its size). */
    public static final int EMPTY = 0;

    private final int[] members;
    private final int self;

    /**
     * @param members the world process numbers of the members, in rank order (owned by the group)
     * @param self    the calling process's world process number
     */
    Group(int[] members, int self) {
        this.members = members;
        this.self = self;
    }

    /**
     * Returns the number of processes in the group.
     *
     * @return the group's size
     */
    public int Size() {
        return members.length;
    }

    /**
     * Returns the calling process's rank in the group.
     *
     * @return the rank, or {@code MPI.UNDEFINED} when the caller is not a member
     */
    public int Rank() {
        return indexOf(self);
    }

    /**
     * Releases the group; groups hold no resources, so this only exists for mpiJava compatibility.
     */
    @Override
    public void free() {
        // A group is a plain value; the garbage collector reclaims it.
    }

    /**
     * Translates ranks of one group into the ranks of the same processes in another.
     *
     * @param group1 the group the ranks belong to
     * @param ranks  ranks in {@code group1}; {@code MPI.PROC_NULL} translates to itself
     * @param group2 the group to translate to
     * @return the ranks in {@code group2}, {@code MPI.UNDEFINED} for a process not in it
     * @throws MPIException (MPI_ERR_RANK) when a rank is outside {@code group1}
     */
    public static int[] Translate_ranks(Group group1, int[] ranks, Group group2) throws MPIException {
        Checks.notNull(group1, "group1");
        Checks.notNull(ranks, "ranks");
        Checks.notNull(group2, "group2");
        int[] translated = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            int rank = ranks[i];
            if (rank == MPI.PROC_NULL) {
                translated[i] = MPI.PROC_NULL;
            } else {
                group1.checkRank(rank, "ranks[" + i + "]");
                translated[i] = group2.indexOf(group1.members[rank]);
            }
        }
        return translated;
    }

    /**
     * Compares two groups.
     *
     * @param group1 a group
     * @param group2 another group
     * @return {@code MPI.IDENT} for the same members in the same order, {@code MPI.SIMILAR} for the
     *         same members in another order, {@code MPI.UNEQUAL} otherwise
     * @throws MPIException (MPI_ERR_GROUP) when a group is null
     */
    public static int Compare(Group group1, Group group2) throws MPIException {
        Checks.notNull(group1, "group1");
        Checks.notNull(group2, "group2");
        if (Arrays.equals(group1.members, group2.members)) {
            return MPI.IDENT;
        }
        if (group1.members.length == group2.members.length
            && Arrays.equals(sorted(group1.members), sorted(group2.members))) {
            return MPI.SIMILAR;
        }
        return MPI.UNEQUAL;
    }

    /**
     * Returns all members of {@code group1} followed by the members of {@code group2} not in it.
     *
     * @param group1 a group
     * @param group2 another group
     * @return the union
     * @throws MPIException (MPI_ERR_GROUP) when a group is null
     */
    public static Group Union(Group group1, Group group2) throws MPIException {
        Checks.notNull(group1, "group1");
        Checks.notNull(group2, "group2");
        int[] union = Arrays.copyOf(group1.members, group1.members.length + group2.members.length);
        int count = group1.members.length;
        for (int member : group2.members) {
            if (group1.indexOf(member) == MPI.UNDEFINED) {
                union[count++] = member;
            }
        }
        return new Group(Arrays.copyOf(union, count), group1.self);
    }

    /**
     * Returns the members of {@code group1} that are also in {@code group2}, in the order of
     * {@code group1}.
     *
     * @param group1 a group
     * @param group2 another group
     * @return the intersection
     * @throws MPIException (MPI_ERR_GROUP) when a group is null
     */
    public static Group Intersection(Group group1, Group group2) throws MPIException {
        Checks.notNull(group1, "group1");
        Checks.notNull(group2, "group2");
        return group1.filter(group2, true);
    }

    /**
     * Returns the members of {@code group1} that are not in {@code group2}, in the order of
     * {@code group1}.
     *
     * @param group1 a group
     * @param group2 another group
     * @return the difference
     * @throws MPIException (MPI_ERR_GROUP) when a group is null
     */
    public static Group Difference(Group group1, Group group2) throws MPIException {
        Checks.notNull(group1, "group1");
        Checks.notNull(group2, "group2");
        return group1.filter(group2, false);
    }

    /**
     * Returns the group of the listed members, in the listed order.
     *
     * @param ranks distinct ranks of this group
     * @return the new group
     * @throws MPIException (MPI_ERR_RANK) when a rank is outside the group or listed twice
     */
    public Group Incl(int[] ranks) throws MPIException {
        Checks.notNull(ranks, "ranks");
        distinctRanks(ranks, "ranks");
        int[] included = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            included[i] = members[ranks[i]];
        }
        return new Group(included, self);
    }

    /**
     * Returns this group without the listed members, in this group's order.
     *
     * @param ranks distinct ranks of this group
     * @return the new group
     * @throws MPIException (MPI_ERR_RANK) when a rank is outside the group or listed twice
     */
    public Group Excl(int[] ranks) throws MPIException {
        Checks.notNull(ranks, "ranks");
        return without(distinctRanks(ranks, "ranks"));
    }

    /**
     * Returns the group of the ranks described by triplets {@code {first, last, stride}}, in
     * order.
     *
     * @param ranges the triplets; each describes first, first + stride, ... up to last
     * @return the new group
     * @throws MPIException (MPI_ERR_ARG) for a malformed triplet or a zero stride, (MPI_ERR_RANK)
     *                      for a rank outside the group or listed twice
     */
    public Group Range_incl(int[][] ranges) throws MPIException {
        return Incl(expand(ranges));
    }

    /**
     * Returns this group without the ranks described by triplets {@code {first, last, stride}}.
     *
     * @param ranges the triplets; each describes first, first + stride, ... up to last
     * @return the new group
     * @throws MPIException (MPI_ERR_ARG) for a malformed triplet or a zero stride, (MPI_ERR_RANK)
     *                      for a rank outside the group or listed twice
     */
    public Group Range_excl(int[][] ranges) throws MPIException {
        return Excl(expand(ranges));
    }

    @Override
    public String toString() {
        return "Group" + Arrays.toString(members);
    }

    /** Returns the world process number of the member at a rank (unchecked). */
    int member(int rank) {
        return members[rank];
    }

    /** Returns the calling process's world process number. */
    int self() {
        return self;
    }

    /** Returns the rank of a world process number, or {@code MPI.UNDEFINED}. */
    int indexOf(int process) {
        for (int rank = 0; rank < members.length; rank++) {
            if (members[rank] == process) {
                return rank;
            }
        }
        return MPI.UNDEFINED;
    }

    /** Returns a copy of the members in rank order. */
    int[] members() {
        return members.clone();
    }

    private void checkRank(int rank, String argument) throws MPIException {
        if (rank < 0 || rank >= members.length) {
            throw Checks.error(MPIException.ERR_RANK, argument + " = " + rank
                + " is not a rank of a group of size " + members.length
                + " (expected 0 <= rank < " + members.length + ")");
        }
    }

    private boolean[] distinctRanks(int[] ranks, String argument) throws MPIException {
        boolean[] listed = new boolean[members.length];
        for (int i = 0; i < ranks.length; i++) {
            checkRank(ranks[i], argument + "[" + i + "]");
            if (listed[ranks[i]]) {
                throw Checks.error(MPIException.ERR_RANK, argument + "[" + i + "] = " + ranks[i]
                    + " is listed twice (expected distinct ranks)");
            }
            listed[ranks[i]] = true;
        }
        return listed;
    }

    private Group without(boolean[] excluded) {
        int[] kept = new int[members.length];
        int count = 0;
        for (int rank = 0; rank < members.length; rank++) {
            if (!excluded[rank]) {
                kept[count++] = members[rank];
            }
        }
        return new Group(Arrays.copyOf(kept, count), self);
    }

    private Group filter(Group other, boolean keepCommon) {
        int[] kept = new int[members.length];
        int count = 0;
        for (int member : members) {
            if ((other.indexOf(member) != MPI.UNDEFINED) == keepCommon) {
                kept[count++] = member;
            }
        }
        return new Group(Arrays.copyOf(kept, count), self);
    }

    private static int[] expand(int[][] ranges) throws MPIException {
        Checks.notNull(ranges, "ranges");
        int[] ranks = new int[0];
        int count = 0;
        for (int i = 0; i < ranges.length; i++) {
            int[] range = ranges[i];
            if (range == null || range.length != 3) {
                throw Checks.error(MPIException.ERR_ARG, "ranges[" + i + "] = "
                    + Arrays.toString(range) + " (expected a triplet {first, last, stride})");
            }
            int first = range[0];
            int last = range[1];
            int stride = range[2];
            if (stride == 0 || (last - first) / stride < 0 && first != last) {
                throw Checks.error(MPIException.ERR_ARG, "ranges[" + i + "] = "
                    + Arrays.toString(range)
                    + " (expected a non-zero stride that leads from first towards last)");
            }
            for (long rank = first; stride > 0 ? rank <= last : rank >= last; rank += stride) {
                if (count == ranks.length) {
                    ranks = Arrays.copyOf(ranks, Math.max(8, 2 * count));
                }
                ranks[count++] = (int) rank;
            }
        }
        return Arrays.copyOf(ranks, count);
    }

    private static int[] sorted(int[] values) {
        int[] copy = values.clone();
        Arrays.sort(copy);
        return copy;
    }
}
