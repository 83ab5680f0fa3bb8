package org.mpjbuf.bench.dev;

/** The transports the device benchmarks compare, measured in the same run. */
public enum Transport {
    /** smdev through the device API. */
    SMDEV {
        @Override
        Link[] open() {
            return DeviceLink.openSmdev();
        }
    },
    /** niodev through the device API: two ranks over loopback TCP, each with its progress thread. */
    NIODEV {
        @Override
        Link[] open() {
            return DeviceLink.openNiodev();
        }
    },
    /** The {@code java.util.concurrent} hand-off baseline. */
    HANDOFF {
        @Override
        Link[] open() {
            return HandoffLink.open();
        }
    };

    abstract Link[] open();
}
