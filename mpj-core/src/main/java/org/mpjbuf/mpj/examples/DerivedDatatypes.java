package org.mpjbuf.mpj.examples;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Sends derived datatypes between two ranks (more ranks stay idle):
 * {@code bin/mpjrun -np 2 org.mpjbuf.mpj.examples.DerivedDatatypes}.
 *
 * <ol>
 *   <li>A column of a row-major {@code ROWS x COLUMNS} matrix, flattened into a {@code double[]},
 *       is a {@code Vector} of {@code ROWS} blocks of one element, {@code COLUMNS} apart. Rank 0
 *       sends column 2; rank 1 receives it as {@code ROWS} contiguous doubles.</li>
 *   <li>A particle is stored as 8 doubles: position x, y, z, velocity vx, vy, vz, mass, charge.
 *       A {@code Struct} picks position (3 elements at 0) and mass (1 element at 6), and an
 *       {@code MPI.UB} marker at 8 makes its extent a whole particle, so a count of 4 sends
 *       position and mass of 4 consecutive particles. Rank 1 receives them into the same layout,
 *       leaving velocity and charge untouched.</li>
 * </ol>
 */
public final class DerivedDatatypes {

    private static final int ROWS = 4;
    private static final int COLUMNS = 5;
    private static final int PARTICLE_LENGTH = 8;
    private static final int PARTICLES = 4;

    private DerivedDatatypes() {
    }

    /**
     * Runs one rank.
     *
     * @param args unused
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        if (MPI.COMM_WORLD.Size() < 2) {
            System.out.println("run with at least 2 ranks: bin/mpjrun -np 2 " + DerivedDatatypes.class.getName());
        } else if (rank < 2) {
            column(rank);
            particles(rank);
        }
        MPI.Finalize();
    }

    private static void column(int rank) throws MPIException {
        Datatype column = Datatype.Vector(ROWS, 1, COLUMNS, MPI.DOUBLE);
        column.Commit();
        if (rank == 0) {
            double[] matrix = new double[ROWS * COLUMNS];
            for (int index = 0; index < matrix.length; index++) {
                matrix[index] = index;
            }
            MPI.COMM_WORLD.Send(matrix, 2, 1, column, 1, 0);
        } else {
            double[] received = new double[ROWS];
            Status status = MPI.COMM_WORLD.Recv(received, 0, ROWS, MPI.DOUBLE, 0, 0);
            System.out.println("column 2 of the matrix: " + java.util.Arrays.toString(received)
                + " (" + status.Get_count(MPI.DOUBLE) + " doubles)");
        }
        column.free();
    }

    private static void particles(int rank) throws MPIException {
        Datatype particle = Datatype.Struct(new int[] {3, 1, 1}, new int[] {0, 6, PARTICLE_LENGTH},
            new Datatype[] {MPI.DOUBLE, MPI.DOUBLE, MPI.UB});
        particle.Commit();
        double[] particles = new double[PARTICLES * PARTICLE_LENGTH];
        if (rank == 0) {
            for (int index = 0; index < particles.length; index++) {
                particles[index] = index;
            }
            MPI.COMM_WORLD.Send(particles, 0, PARTICLES, particle, 1, 1);
        } else {
            java.util.Arrays.fill(particles, -1);
            MPI.COMM_WORLD.Recv(particles, 0, PARTICLES, particle, 0, 1);
            for (int p = 0; p < PARTICLES; p++) {
                int base = p * PARTICLE_LENGTH;
                System.out.printf("particle %d: position (%.0f, %.0f, %.0f), mass %.0f, velocity %.0f%n",
                    p, particles[base], particles[base + 1], particles[base + 2], particles[base + 6],
                    particles[base + 3]);
            }
        }
        particle.free();
    }
}
