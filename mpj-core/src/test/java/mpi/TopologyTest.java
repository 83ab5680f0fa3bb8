package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.mpj.runtime.Job;

/** Cartesian and graph communicators through the public API, against MPI's definitions. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class TopologyTest {

    @Test
    void shouldBuildAGridWithShiftsSubGridsAndMaps() {
        Job.of(7).runTasks(world -> {
            int[] dims = {0, 2};
            Cartcomm.Dims_create(6, dims);
            assertArrayEquals(new int[] {3, 2}, dims);
            Cartcomm grid = world.Create_cart(dims, new boolean[] {false, true}, false);
            if (world.Rank() == 6) {
                assertNull(grid);
                assertEquals(MPI.UNDEFINED, world.Topo_test());
                return;
            }
            int rank = grid.Rank();
            assertEquals(MPI.CART, grid.Topo_test());
            CartParms parms = grid.Get();
            assertArrayEquals(new int[] {3, 2}, parms.dims);
            assertArrayEquals(new boolean[] {false, true}, parms.periods);
            assertArrayEquals(new int[] {rank / 2, rank % 2}, parms.coords);
            assertArrayEquals(parms.coords, grid.Coords(rank));
            assertEquals(rank, grid.Rank(parms.coords));

            ShiftParms down = grid.Shift(0, 1);
            assertEquals(rank < 2 ? MPI.PROC_NULL : rank - 2, down.rank_source);
            assertEquals(rank >= 4 ? MPI.PROC_NULL : rank + 2, down.rank_dest);
            ShiftParms around = grid.Shift(1, 1);
            assertEquals(rank ^ 1, around.rank_source);
            assertEquals(rank ^ 1, around.rank_dest);

            int[] fromAbove = {-1};
            grid.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, down.rank_dest, 0,
                fromAbove, 0, 1, MPI.INT, down.rank_source, 0);
            assertEquals(rank < 2 ? -1 : rank - 2, fromAbove[0]);

            Cartcomm row = grid.Sub(new boolean[] {false, true});
            assertEquals(2, row.Size());
            assertEquals(rank % 2, row.Rank());
            assertArrayEquals(new int[] {2}, row.Get().dims);
            int[] sum = new int[1];
            row.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(2 * (rank / 2 * 2) + 1, sum[0]);

            assertEquals(rank < 4 ? rank : MPI.UNDEFINED, grid.Map(new int[] {2, 2}, new boolean[2]));
            MPIException bad = assertThrows(MPIException.class, () -> grid.Shift(2, 1));
            assertEquals(MPIException.ERR_ARG, bad.getErrorClass());
            Cartcomm copy = grid.Dup();
            assertArrayEquals(parms.dims, copy.Get().dims);
        }).orThrow();
    }

    @Test
    void shouldKeepPresetDimensionsAndRejectImpossibleOnes() {
        Job.of(1).runTasks(world -> {
            int[] dims = {0, 3, 0};
            Cartcomm.Dims_create(24, dims);
            assertArrayEquals(new int[] {4, 3, 2}, dims);
            MPIException error = assertThrows(MPIException.class, () -> Cartcomm.Dims_create(10, new int[] {3, 0}));
            assertEquals(MPIException.ERR_DIMS, error.getErrorClass());
        }).orThrow();
    }

    @Test
    void shouldBuildAGraphAndListNeighbours() {
        Job.of(4).runTasks(world -> {
            int[] index = {2, 3, 4};
            int[] edges = {1, 2, 0, 0};
            Graphcomm graph = world.Create_graph(index, edges, false);
            if (world.Rank() == 3) {
                assertNull(graph);
                return;
            }
            assertEquals(MPI.GRAPH, graph.Topo_test());
            GraphParms parms = graph.Get();
            assertArrayEquals(index, parms.index);
            assertArrayEquals(edges, parms.edges);
            assertArrayEquals(new int[] {1, 2}, graph.Neighbours(0));
            assertArrayEquals(new int[] {0}, graph.Neighbours(2));
            assertEquals(graph.Rank() < 2 ? graph.Rank() : MPI.UNDEFINED, graph.Map(new int[] {1, 2}, new int[] {1, 0}));
            int[] total = new int[1];
            graph.Allreduce(new int[] {1}, 0, total, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(3, total[0]);
        }).orThrow();
    }
}
