package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Random nested derived datatypes over {@code int}, sent with the derived type and received as
 * contiguous ints (and the other way round), checked against a reference gather computed from
 * the type-map definition of MPI-1.1 section 3.12 (no bound markers, non-negative displacements).
 */
class DatatypeSignatureTest {

    /** A datatype together with its reference type map. */
    record Spec(Datatype type, List<Integer> map, int extent, String text) {
        @Override
        public String toString() {
            return text;
        }
    }

    @Provide
    Arbitrary<Spec> types() {
        return Arbitraries.recursive(() -> Arbitraries.just(basic()), this::derivedFrom, 0, 3);
    }

    private Arbitrary<Spec> derivedFrom(Arbitrary<Spec> olds) {
        Arbitrary<Integer> small = Arbitraries.integers().between(1, 3);
        return Arbitraries.oneOf(
            net.jqwik.api.Combinators.combine(small, Arbitraries.integers().between(1, 2),
                Arbitraries.integers().between(0, 2), olds)
                .as((count, block, gap, old) -> vector(count, block, block + gap, old)),
            net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, 3).list().ofMinSize(1)
                .ofMaxSize(3), olds).as(DatatypeSignatureTest::indexed),
            net.jqwik.api.Combinators.combine(small, olds).as(DatatypeSignatureTest::contiguous));
    }

    @Property(tries = 40)
    void shouldMoveTheElementsOfTheTypeMapInOrder(@ForAll("types") Spec spec,
                                                  @ForAll @IntRange(min = 0, max = 3) int count,
                                                  @ForAll @IntRange(min = 0, max = 2) int offset)
        throws MPIException {
        spec.type().Commit();
        int greatest = spec.map().stream().mapToInt(Integer::intValue).max().orElse(0);
        int span = offset + count * spec.extent() + greatest + 1;
        int[] source = new int[span];
        for (int index = 0; index < span; index++) {
            source[index] = 1000 + index;
        }
        int elements = count * spec.map().size();
        int[] expected = new int[elements];
        int next = 0;
        for (int item = 0; item < count; item++) {
            for (int displacement : spec.map()) {
                expected[next++] = source[offset + item * spec.extent() + displacement];
            }
        }
        Ranks.run(1, world -> {
            int[] packed = new int[elements];
            Status status = world.Sendrecv(source, offset, count, spec.type(), 0, 0,
                packed, 0, elements, MPI.INT, 0, 0);
            assertArrayEquals(expected, packed);
            assertEquals(elements, status.Get_elements(MPI.INT));
            int[] scattered = new int[span];
            world.Sendrecv(packed, 0, elements, MPI.INT, 0, 1, scattered, offset, count, spec.type(), 0, 1);
            int[] gatheredBack = new int[elements];
            int at = 0;
            for (int item = 0; item < count; item++) {
                for (int displacement : spec.map()) {
                    gatheredBack[at++] = scattered[offset + item * spec.extent() + displacement];
                }
            }
            if (isInjective(spec, count)) {
                assertArrayEquals(expected, gatheredBack);
            }
        });
    }

    private static boolean isInjective(Spec spec, int count) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int item = 0; item < count; item++) {
            for (int displacement : spec.map()) {
                if (!seen.add(item * spec.extent() + displacement)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Spec basic() {
        return new Spec(MPI.INT, List.of(0), 1, "INT");
    }

    private static Spec vector(int count, int block, int stride, Spec old) {
        List<Integer> map = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            for (int j = 0; j < block; j++) {
                for (int displacement : old.map()) {
                    map.add((i * stride + j) * old.extent() + displacement);
                }
            }
        }
        return new Spec(call(() -> Datatype.Vector(count, block, stride, old.type())), map, extentOf(map),
            "Vector(" + count + "," + block + "," + stride + "," + old + ")");
    }

    private static Spec indexed(List<Integer> displacements, Spec old) {
        int[] blocks = new int[displacements.size()];
        int[] starts = new int[displacements.size()];
        List<Integer> map = new ArrayList<>();
        for (int k = 0; k < blocks.length; k++) {
            blocks[k] = 1 + k % 2;
            starts[k] = displacements.get(k);
            for (int j = 0; j < blocks[k]; j++) {
                for (int displacement : old.map()) {
                    map.add((starts[k] + j) * old.extent() + displacement);
                }
            }
        }
        return new Spec(call(() -> Datatype.Indexed(blocks, starts, old.type())), map, extentOf(map),
            "Indexed(" + java.util.Arrays.toString(blocks) + "," + displacements + "," + old + ")");
    }

    private static Spec contiguous(int count, Spec old) {
        List<Integer> map = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            for (int displacement : old.map()) {
                map.add(i * old.extent() + displacement);
            }
        }
        return new Spec(call(() -> Datatype.Contiguous(count, old.type())), map, extentOf(map),
            "Contiguous(" + count + "," + old + ")");
    }

    /** Extent without markers: greatest displacement + 1 - least displacement (least is 0 here). */
    private static int extentOf(List<Integer> map) {
        int least = map.stream().mapToInt(Integer::intValue).min().orElse(0);
        int greatest = map.stream().mapToInt(Integer::intValue).max().orElse(-1);
        return greatest + 1 - least;
    }

    /** A datatype constructor. */
    @FunctionalInterface
    private interface Constructor {
        Datatype build() throws MPIException;
    }

    private static Datatype call(Constructor constructor) {
        try {
            return constructor.build();
        } catch (MPIException invalid) {
            throw new IllegalArgumentException(invalid);
        }
    }
}
