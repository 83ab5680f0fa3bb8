package org.mpjbuf.properties.datatype;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import org.mpjbuf.properties.datatype.TypeSpec.Kind;

/** jqwik generators of random datatype trees: every constructor, nested, with small arguments. */
final class TypeSpecs {

    private TypeSpecs() {
    }

    /** Trees of at most {@code depth} constructor levels. */
    static Arbitrary<TypeSpec> trees(int depth) {
        Arbitrary<TypeSpec> leaves = Arbitraries.frequencyOf(
            weighted(8, Arbitraries.just(TypeSpec.leaf(Kind.BASIC))),
            weighted(2, Arbitraries.just(TypeSpec.leaf(Kind.PAIR))),
            weighted(1, Arbitraries.just(TypeSpec.leaf(Kind.LB))),
            weighted(1, Arbitraries.just(TypeSpec.leaf(Kind.UB))));
        if (depth == 0) {
            return leaves;
        }
        Arbitrary<TypeSpec> inner = Arbitraries.lazy(() -> trees(depth - 1));
        Arbitrary<Integer> counts = Arbitraries.integers().between(0, 3);
        Arbitrary<Integer> strides = Arbitraries.integers().between(-4, 6);
        Arbitrary<int[]> blocklengths = Arbitraries.integers().between(0, 3).array(int[].class)
            .ofMinSize(1).ofMaxSize(3);
        Arbitrary<TypeSpec> contiguous = Combinators.combine(counts, inner)
            .as((count, child) -> new TypeSpec(Kind.CONTIGUOUS, count, 0, 0, null, null,
                List.of(child)));
        Arbitrary<TypeSpec> vectors = Combinators.combine(Arbitraries.of(Kind.VECTOR,
                Kind.HVECTOR), counts, counts, strides, inner)
            .as((kind, count, blocklength, stride, child) -> new TypeSpec(kind, count,
                blocklength, stride, null, null, List.of(child)));
        Arbitrary<TypeSpec> indexed = Combinators.combine(Arbitraries.of(Kind.INDEXED,
                Kind.HINDEXED), blocklengths, inner)
            .flatAs((kind, lengths, child) -> displacements(lengths.length).map(displacements ->
                new TypeSpec(kind, 0, 0, 0, lengths, displacements, List.of(child))));
        Arbitrary<TypeSpec> structs = blocklengths.flatMap(lengths -> Combinators.combine(
                displacements(lengths.length), inner.list().ofSize(lengths.length))
            .as((displacements, children) -> new TypeSpec(Kind.STRUCT, 0, 0, 0, lengths,
                displacements, children)));
        return Arbitraries.frequencyOf(
            weighted(2, leaves), weighted(2, contiguous), weighted(3, vectors), weighted(3, indexed),
            weighted(3, structs));
    }

    private static Arbitrary<int[]> displacements(int length) {
        return Arbitraries.integers().between(-4, 9).array(int[].class).ofSize(length);
    }

    private static <T> Tuple2<Integer, Arbitrary<? extends T>> weighted(int weight,
                                                                   Arbitrary<? extends T> arbitrary) {
        return Tuple.of(weight, arbitrary);
    }
}
