package org.mpjbuf.mpj.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CollectiveConfigurationTest {

    @Test
    void shouldNameTheVariableOfAProperty() {
        assertEquals("MPJBUF_COLL_REDUCESCATTER_ALGORITHM",
            CollectiveConfiguration.environmentName(CollectiveConfiguration.REDUCE_SCATTER_ALGORITHM_PROP_NAME));
    }

    @Test
    void shouldParseAutoAndAlgorithmNamesInAnyCase() {
        assertNull(CollectiveConfiguration.parse("AUTO", Allreduce.Algorithm.class));
        assertEquals(Allreduce.Algorithm.RECURSIVE_DOUBLING,
            CollectiveConfiguration.parse("recursive_doubling", Allreduce.Algorithm.class));
        assertThrows(IllegalArgumentException.class,
            () -> CollectiveConfiguration.parse("recursive-doubling", Allreduce.Algorithm.class));
    }
}
