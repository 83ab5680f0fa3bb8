package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class MainMethodTest {

    private static final List<String> CALLS = new ArrayList<>();

    private static class WithStaticMain {
        private static void main(String[] args) {
            CALLS.add("private, never chosen");
        }
    }

    private static class Base {
        static void main(String[] args) {
            CALLS.add("inherited " + String.join(",", args));
        }
    }

    private static final class Derived extends Base {
    }

    static final class WithInstanceMainAndNoArguments {
        void main() {
            CALLS.add("instance, no arguments");
        }
    }

    private static final class WithPrivateConstructor {
        private WithPrivateConstructor() {
        }

        void main(String[] args) {
            CALLS.add("never");
        }
    }

    @Test
    void shouldRunAnInheritedStaticMainWhenTheClassHasNone() throws Exception {
        CALLS.clear();
        MainMethod.of(Derived.class).invoke(new String[] {"a", "b"});
        assertEquals(List.of("inherited a,b"), CALLS);
    }

    @Test
    void shouldRunAnInstanceMainWithoutArgumentsOnANewInstance() throws Exception {
        CALLS.clear();
        MainMethod.of(WithInstanceMainAndNoArguments.class).invoke(new String[] {"ignored"});
        assertEquals(List.of("instance, no arguments"), CALLS);
    }

    @Test
    void shouldRefuseAPrivateMainAndAnInstanceMainWithoutAUsableConstructor() {
        NoSuchMethodException privateMain = assertThrows(NoSuchMethodException.class,
            () -> MainMethod.of(WithStaticMain.class));
        assertTrue(privateMain.getMessage().contains("has no main method"), privateMain.getMessage());
        NoSuchMethodException noConstructor = assertThrows(NoSuchMethodException.class,
            () -> MainMethod.of(WithPrivateConstructor.class));
        assertTrue(noConstructor.getMessage().contains("no constructor"), noConstructor.getMessage());
    }
}
