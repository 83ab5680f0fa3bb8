package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class LauncherArgumentsTest {

    @Test
    void shouldPutMpjExpressLeadingArgumentsBeforeTheProgramsAndTakeThemAway() {
        LauncherArguments leading = LauncherArguments.mpjExpress(3, 8, "smdev");
        String[] main = leading.prependTo(new String[] {"in.txt", "-v"});
        assertArrayEquals(new String[] {"3", "8", "smdev", "in.txt", "-v"}, main);
        assertArrayEquals(new String[] {"in.txt", "-v"}, leading.stripFrom(main));
    }

    @Test
    void shouldKeepEveryArgumentWhenTheyDoNotStartWithTheLeadingOnes() {
        LauncherArguments leading = LauncherArguments.mpjExpress(3, 8, "smdev");
        assertArrayEquals(new String[] {"3", "8"}, leading.stripFrom(new String[] {"3", "8"}));
        assertArrayEquals(new String[] {"2", "8", "smdev"}, leading.stripFrom(new String[] {"2", "8", "smdev"}));
        assertArrayEquals(new String[0], leading.stripFrom(null));
        assertArrayEquals(new String[] {"a"}, LauncherArguments.none().stripFrom(new String[] {"a"}));
        assertArrayEquals(new String[] {"a"}, LauncherArguments.none().prependTo(new String[] {"a"}));
    }
}
