package org.mpjbuf.mpj.testprograms;

/** A class without a main method whose initialization prints, showing whether a rank started with it. */
public final class NoMainProgram {

    static {
        System.out.println("NoMainProgram initialized");
    }

    private NoMainProgram() {
    }
}
