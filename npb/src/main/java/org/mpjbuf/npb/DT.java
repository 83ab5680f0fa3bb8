package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * NPB DT, data traffic: arrays of features flow through a graph of sources,
 * comparators and sinks, one node per process.
 *
 * <p>Design note (NPB 3.4 MPI {@code dt.c}). The graph is one of
 * {@link DtGraph}'s three (BH, WH, SH, the command line's {@code GRAPH});
 * node {@code i} runs on rank {@code i}, so a graph of {@code N} nodes needs
 * at least {@code N} processes (ranks beyond it have no node and wait). Each
 * rank runs its node once:
 * <ol>
 * <li>a source generates its feature array ({@link DtFeatures#random}) and
 *     sends it along each of its out-arcs;</li>
 * <li>a comparator receives an array along each in-arc, in their order,
 *     filters each into its own ({@link DtFeatures#windowFilter}), averages
 *     and sends the result along each out-arc;</li>
 * <li>a sink receives an array along each in-arc, reduces them to a
 *     checksum and sends that to rank 0, which adds the sinks' checksums in
 *     the order of their numbers.</li>
 * </ol>
 * An array travels as two blocking standard-mode messages, as in the
 * reference: its length (one {@code int}), then its elements (up to about
 * {@code 4 * (mean + deviation)} doubles, 28 MB at class B), tagged with
 * the arc's number; a checksum is tagged with the number of arcs plus the
 * sink's number. Since every arc goes from a lower to a higher rank and
 * every node receives before it sends, the blocking sends cannot deadlock.
 * Verified when the total checksum is within {@code 1e-8} of the
 * reference's value, that is, exactly. The reference times one pass; here
 * untimed passes warm up the code first ({@link Warmup}), and the timed
 * pass starts afresh. The reference reports as "Mop/s" the elements of the
 * class's mean array times the number of arcs, in units of {@code 2^20},
 * per second, under the label "bytes transmitted"; so does this class.
 *
 * <p>Run it with {@code bin/mpjrun -np 5 org.mpjbuf.npb.DT CLASS=S GRAPH=BH}.
 * Each rank uses its own instance.
 */
public final class DT implements Benchmark {
    /** The graph argument: {@code GRAPH=BH}, {@code -graph WH} or {@code SH} alone, BH by default. */
    static final BenchmarkVariant GRAPHS = new BenchmarkVariant("GRAPH", List.of("BH", "WH", "SH"));

    private static final double EPSILON = 1.0e-8;

    private static final int GENERATE = 0;
    private static final int RECEIVE = 1;
    private static final int FILTER = 2;
    private static final int SEND = 3;
    private static final int REDUCE = 4;
    private static final int COLLECT = 5;
    private static final List<String> PHASES = List.of("feature generation (sources)",
            "receives, waiting included", "window filter (comparators)", "sends", "checksums (sinks)",
            "collection at rank 0 (waiting)");

    private final DtGraph.Shape shape;

    /** Creates the kernel on graph BH; {@link #main} is the way to run it. */
    public DT() {
        this(DtGraph.Shape.BH);
    }

    /**
     * Creates the kernel on a graph.
     *
     * @param shape the graph
     */
    DT(DtGraph.Shape shape) {
        this.shape = shape;
    }

    /**
     * Runs DT on {@code MPI.COMM_WORLD}.
     *
     * @param args {@code CLASS=<letter>} or {@code -class <letter>}, and
     *        {@code GRAPH=<BH|WH|SH>}, {@code -graph <BH|WH|SH>} or the
     *        graph's name alone (BH by default)
     * @throws MPIException if communication fails
     */
    public static void main(String[] args) throws MPIException {
        BenchmarkExit.exitWith(BenchmarkDriver.main(GRAPHS, graph -> new DT(DtGraph.Shape.valueOf(graph)), args));
    }

    /** {@return {@code DT_} and the graph's name, as the reference names the run} */
    @Override
    public String name() {
        return "DT_" + shape;
    }

    /**
     * {@inheritDoc}
     *
     * <p>One process per node of the graph, and any more.
     */
    @Override
    public ProcessCounts processCounts(ProblemClass problemClass) {
        return ProcessCounts.atLeast(graph(problemClass).nodeCount());
    }

    /** {@return the elements of the class's mean feature array, the reference's size} */
    @Override
    public String size(ProblemClass problemClass) {
        return Integer.toString(Parameters.of(problemClass).mean() * DtFeatures.FIELDS);
    }

    /** {@return the number of nodes of the graph, which the reference reports as its iterations} */
    @Override
    public int iterations(ProblemClass problemClass) {
        return graph(problemClass).nodeCount();
    }

    @Override
    public Outcome run(Intracomm comm, ProblemClass problemClass, PrintStream progress) throws MPIException {
        Parameters parameters = Parameters.of(problemClass);
        DtGraph graph = graph(problemClass);
        progress.printf(" %s.%s: %d nodes, %d arcs%n", name(), problemClass, graph.nodeCount(), graph.arcCount());
        PhaseTimes phases = new PhaseTimes(PHASES);
        int warmups = Warmup.run(comm, 1, () -> pass(comm, graph, parameters, phases));

        phases.reset();
        comm.Barrier();
        BenchmarkTimer timer = new BenchmarkTimer();
        timer.start();
        double checksum = pass(comm, graph, parameters, phases);
        timer.stop();

        boolean verified = false;
        if (comm.Rank() == 0) {
            double expected = parameters.checksum(shape);
            verified = Math.abs(checksum - expected) < EPSILON;
            progress.printf(" %s.%s L2 Norm = %f%n", name(), problemClass, checksum);
            if (verified) {
                progress.printf(" Deviation = %f%n", checksum - expected);
            } else {
                progress.printf(" The correct verification value = %f%n Got value = %f%n", expected, checksum);
            }
        }
        double megaOperations = (double) parameters.mean() * DtFeatures.FIELDS * graph.arcCount() / (1 << 20);
        return new Outcome(warmups, timer.timing(), megaOperations, "bytes transmitted", verified, phases);
    }

    private DtGraph graph(ProblemClass problemClass) {
        return DtGraph.build(shape, Parameters.of(problemClass).sources());
    }

    /**
     * Runs this rank's node, if it has one, and at rank 0 collects the
     * sinks' checksums.
     *
     * @return the total checksum at rank 0, 0 elsewhere
     */
    private static double pass(Intracomm comm, DtGraph graph, Parameters parameters, PhaseTimes phases)
            throws MPIException {
        int rank = comm.Rank();
        phases.start();
        if (rank < graph.nodeCount()) {
            DtGraph.Node node = graph.node(rank);
            switch (node.kind()) {
                case SOURCE -> {
                    double[] features = DtFeatures.random(node.id(), parameters.mean(), parameters.deviation());
                    phases.end(GENERATE);
                    send(comm, node, features, phases);
                }
                case COMPARATOR -> send(comm, node, combine(comm, node, parameters, phases), phases);
                case SINK -> {
                    double[] checksum = {reduce(comm, node, phases)};
                    comm.Send(checksum, 0, 1, MPI.DOUBLE, 0, graph.arcCount() + node.id());
                    phases.end(SEND);
                }
            }
        }
        if (rank != 0) {
            return 0.0;
        }
        double total = 0.0;
        double[] checksum = new double[1];
        for (DtGraph.Node node : graph.nodes()) {
            if (node.kind() == DtGraph.Kind.SINK) {
                comm.Recv(checksum, 0, 1, MPI.DOUBLE, node.id(), graph.arcCount() + node.id());
                total += checksum[0];
            }
        }
        phases.end(COLLECT);
        return total;
    }

    /**
     * A comparator: filters every array it receives into one that starts as
     * zeros, then averages. The zeros are allocated when the first array has
     * arrived, so that the comparators waiting for their inputs hold no
     * memory (at class B an array is 28 MB, and SH has 160 comparators).
     */
    private static double[] combine(Intracomm comm, DtGraph.Node node, Parameters parameters, PhaseTimes phases)
            throws MPIException {
        double[] combined = null;
        for (DtGraph.Arc arc : node.in()) {
            double[] received = receive(comm, arc);
            phases.end(RECEIVE);
            if (combined == null) {
                combined = new double[parameters.mean() * DtFeatures.FIELDS];
            }
            combined = DtFeatures.windowFilter(combined, received, node.id());
            phases.end(FILTER);
        }
        DtFeatures.average(combined, node.in().size());
        phases.end(FILTER);
        return combined;
    }

    /** A sink: the checksum of the arrays it receives. */
    private static double reduce(Intracomm comm, DtGraph.Node node, PhaseTimes phases) throws MPIException {
        double sum = 0.0;
        for (DtGraph.Arc arc : node.in()) {
            double[] received = receive(comm, arc);
            phases.end(RECEIVE);
            sum += DtFeatures.checkValue(received, node.id() + 1);
            phases.end(REDUCE);
        }
        return (double) ((long) sum / node.in().size()) * (node.id() + 1);
    }

    /** Sends an array along every out-arc of a node: its length, then its elements. */
    private static void send(Intracomm comm, DtGraph.Node node, double[] features, PhaseTimes phases)
            throws MPIException {
        int[] length = {features.length};
        for (DtGraph.Arc arc : node.out()) {
            comm.Send(length, 0, 1, MPI.INT, arc.head(), arc.id());
            comm.Send(features, 0, features.length, MPI.DOUBLE, arc.head(), arc.id());
        }
        phases.end(SEND);
    }

    /** Receives the array sent along an arc. */
    private static double[] receive(Intracomm comm, DtGraph.Arc arc) throws MPIException {
        int[] length = new int[1];
        comm.Recv(length, 0, 1, MPI.INT, arc.tail(), arc.id());
        double[] features = new double[length[0]];
        comm.Recv(features, 0, features.length, MPI.DOUBLE, arc.tail(), arc.id());
        return features;
    }

    /**
     * The DT class table (NPB 3.4 {@code setparams.c} and {@code dt.c}).
     *
     * @param mean the mean number of points of a feature array
     *        ({@code NUM_SAMPLES})
     * @param deviation the spread of the number of points
     *        ({@code STD_DEVIATION})
     * @param sources the number of sources of BH and SH, sinks of WH
     *        ({@code NUM_SOURCES})
     * @param blackHole the expected checksum of graph BH
     * @param whiteHole the expected checksum of graph WH
     * @param shuffle the expected checksum of graph SH
     */
    record Parameters(int mean, int deviation, int sources, double blackHole, double whiteHole, double shuffle) {
        /**
         * {@return the table row of a class}
         *
         * @param problemClass the class
         * @throws BenchmarkUsageException for class C, for which the
         *         reference gives no verification values
         */
        static Parameters of(ProblemClass problemClass) {
            return switch (problemClass) {
                case S -> new Parameters(1728, 128, 4, 30892725.0, 67349758.0, 58875767.0);
                case W -> new Parameters(1728 * 8, 128 * 2, 4 * 2, 4102461.0, 204280762.0, 186944764.0);
                case A -> new Parameters(1728 * 64, 128 * 4, 4 * 4, 17809491.0, 1289925229.0, 610856482.0);
                case B -> new Parameters(1728 * 512, 128 * 8, 4 * 8, 4317114.0, 7877279917.0, 1836863082.0);
                case C -> throw new BenchmarkUsageException("DT class C is not available: the NPB 3.4 reference"
                        + " gives no class C verification values; use class S, W, A or B");
            };
        }

        /** {@return the expected checksum of a graph} */
        double checksum(DtGraph.Shape shape) {
            return switch (shape) {
                case BH -> blackHole;
                case WH -> whiteHole;
                case SH -> shuffle;
            };
        }
    }
}
