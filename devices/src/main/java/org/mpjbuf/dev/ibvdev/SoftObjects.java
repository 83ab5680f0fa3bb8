package org.mpjbuf.dev.ibvdev;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The device context and protection domains {@link SoftVerbs} hands out. Each knows the instance
 * that made it, so another instance's object is refused, and counts what still uses it, so that
 * destroying it too early fails with {@code EBUSY} as libibverbs does.
 */
final class SoftObjects {

    private SoftObjects() {
    }

    /** An object with a destroyed flag and a count of the objects created in it. */
    abstract static class SoftObject {
        final SoftVerbs owner;
        final AtomicInteger users = new AtomicInteger();
        volatile boolean live = true;

        SoftObject(SoftVerbs owner) {
            this.owner = owner;
        }
    }

    /** An opened soft device. */
    static final class SoftContext extends SoftObject implements Verbs.Context {
        SoftContext(SoftVerbs owner) {
            super(owner);
        }

        @Override
        public String deviceName() {
            return owner.deviceName();
        }

        @Override
        public String toString() {
            return "soft device " + owner.deviceName() + " (GID " + owner.gid() + ")";
        }
    }

    /** A protection domain of a soft device. */
    static final class SoftProtectionDomain extends SoftObject implements Verbs.ProtectionDomain {
        final SoftContext context;

        SoftProtectionDomain(SoftContext context) {
            super(context.owner);
            this.context = context;
        }

        @Override
        public Verbs.Context context() {
            return context;
        }

        @Override
        public String toString() {
            return "protection domain of " + context;
        }
    }
}
