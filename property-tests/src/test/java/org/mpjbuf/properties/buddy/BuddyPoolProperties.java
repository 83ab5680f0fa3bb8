package org.mpjbuf.properties.buddy;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;

/**
 * Random sequences of allocate, free, double free, cache trims and free-everything against every medium and
 * strategy, with and without thread caches; every invariant is checked after every step. jqwik prints the
 * seed of a failing sequence; rerun it with {@code @Property(seed = "...")}.
 */
class BuddyPoolProperties {

    @Property(tries = 200)
    void everyStepKeepsThePoolConsistent(@ForAll("sequences") final ActionChain<PoolModel> chain) {
        final PoolModel finalState = chain.withInvariant("pool invariants", PoolModel::checkInvariants).run();
        try {
            finalState.freeEverything();
        } finally {
            finalState.close();
        }
    }

    @Provide
    Arbitrary<ActionChain<PoolModel>> sequences() {
        return PoolConfiguration.all().flatMap(configuration -> ActionChain
            .<PoolModel>startWith(() -> new PoolModel(configuration))
            .withAction(6, allocate(configuration))
            .withAction(4, free())
            .withAction(1, doubleFree())
            .withAction(1, Action.just(Transformer.mutate("trim thread cache", PoolModel::trimThreadCache)))
            .withAction(1, Action.just(Transformer.mutate("free everything", PoolModel::freeEverything)))
            .withMaxTransformations(60));
    }

    private static Action.Independent<PoolModel> allocate(final PoolConfiguration configuration) {
        return () -> Combinators.combine(configuration.sizes(), Arbitraries.of(false, true))
            .as((size, asSegment) -> Transformer.mutate(
                (asSegment ? "allocateSegment(" : "allocate(") + size + ")",
                model -> model.allocate(size, asSegment)));
    }

    private static Action.Dependent<PoolModel> free() {
        return new Action.Dependent<>() {
            @Override
            public boolean precondition(final PoolModel model) {
                return !model.live().isEmpty();
            }

            @Override
            public Arbitrary<Transformer<PoolModel>> transformer(final PoolModel model) {
                return Arbitraries.integers().between(0, model.live().size() - 1)
                    .map(index -> Transformer.mutate("free live block #" + index, state -> state.free(index)));
            }
        };
    }

    private static Action.Dependent<PoolModel> doubleFree() {
        return new Action.Dependent<>() {
            @Override
            public boolean precondition(final PoolModel model) {
                return !model.freed().isEmpty();
            }

            @Override
            public Arbitrary<Transformer<PoolModel>> transformer(final PoolModel model) {
                return Arbitraries.integers().between(0, model.freed().size() - 1)
                    .map(index -> Transformer.mutate("free freed block #" + index + " again",
                        state -> state.freeAgain(index)));
            }
        };
    }
}
