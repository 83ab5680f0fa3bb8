package org.mpjbuf.dev;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.mpjbuf.config.Settings;

/**
 * What a rank tells its {@link Device} in {@link Device#init(DeviceArguments)}: its rank, the
 * number of ranks, the rank's class loader, the shared world object of an in-JVM device, and
 * device-specific properties.
 *
 * <p><b>Worlds.</b> A device whose ranks are threads of one JVM (smdev) needs one object shared by
 * all ranks of a job: the launcher creates it once (for smdev, an
 * {@code org.mpjbuf.dev.smdev.SmdevWorld} of {@code size} ranks), then each rank thread creates its
 * own device and passes the same world here. Several worlds may exist in one JVM at once; they are
 * independent. The devices module is loaded once and shared by all ranks, so a world created by
 * the launcher can be handed to code running in per-rank class loaders.
 *
 * <p><b>Class loader.</b> Objects received by a rank ({@link ElementType#OBJECT}) are deserialized
 * with the rank's class loader, so that each rank sees its own copy of user classes. It defaults to
 * the context class loader of the thread that builds these arguments.
 *
 * <p><b>Bootstrap.</b> A device whose ranks are processes ({@link WorldKind#PROCESSES}) finds its
 * peers through the {@link Bootstrap} its launcher hands it here; the rank and size given to the
 * builder must agree with it.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class DeviceArguments {
    private final int rank;
    private final int size;
    private final Object world;
    private final Bootstrap bootstrap;
    private final ClassLoader classLoader;
    private final Map<String, String> properties;

    private DeviceArguments(final Builder builder) {
        this.rank = builder.rank;
        this.size = builder.size;
        this.world = builder.world;
        this.bootstrap = builder.bootstrap;
        this.classLoader = builder.classLoader;
        this.properties = Map.copyOf(builder.properties);
    }

    /**
     * Starts building arguments.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns this rank.
     *
     * @return the rank, {@code 0 <= rank < size}
     */
    public int rank() {
        return rank;
    }

    /**
     * Returns the number of ranks of the job.
     *
     * @return the size, {@code >= 1}
     */
    public int size() {
        return size;
    }

    /**
     * Returns the world object shared by all ranks of an in-JVM device.
     *
     * @return the world, or {@code null} if none was given
     */
    public Object world() {
        return world;
    }

    /**
     * Returns the bootstrap of a process device's rank.
     *
     * @return the bootstrap, or {@code null} if none was given
     */
    public Bootstrap bootstrap() {
        return bootstrap;
    }

    /**
     * Returns the class loader received objects are resolved with.
     *
     * @return the class loader, never {@code null}
     */
    public ClassLoader classLoader() {
        return classLoader;
    }

    /**
     * Returns a device-specific property.
     *
     * @param name the property name
     * @return its value, or {@code null} if not set
     */
    public String property(final String name) {
        return properties.get(name);
    }

    /**
     * Returns a reader of the device-specific properties as settings that override the process's
     * own ({@link Settings#overriding}): a device reads a setting through it with the value
     * configured for the process as its default.
     *
     * @return the reader
     */
    public Settings settings() {
        return Settings.overriding("device argument", this::property);
    }

    /**
     * Returns all device-specific properties.
     *
     * @return an immutable map
     */
    public Map<String, String> properties() {
        return properties;
    }

    @Override
    public String toString() {
        return "DeviceArguments[rank=" + rank + ", size=" + size + ", world=" + world
            + ", bootstrap=" + bootstrap + ", properties=" + properties + "]";
    }

    /** Builds {@link DeviceArguments}; not thread-safe. */
    public static final class Builder {
        private int rank;
        private int size = 1;
        private Object world;
        private Bootstrap bootstrap;
        private ClassLoader classLoader;
        private final HashMap<String, String> properties = new HashMap<>();

        private Builder() {
        }

        /**
         * Sets this rank (default 0).
         *
         * @param rank the rank
         * @return this builder
         */
        public Builder rank(final int rank) {
            this.rank = rank;
            return this;
        }

        /**
         * Sets the number of ranks (default 1).
         *
         * @param size the number of ranks
         * @return this builder
         */
        public Builder size(final int size) {
            this.size = size;
            return this;
        }

        /**
         * Sets the world shared by the ranks of an in-JVM device.
         *
         * @param world the world object the device expects (smdev: an {@code SmdevWorld})
         * @return this builder
         */
        public Builder world(final Object world) {
            this.world = world;
            return this;
        }

        /**
         * Sets the bootstrap of a process device's rank.
         *
         * @param bootstrap the rank's bootstrap
         * @return this builder
         */
        public Builder bootstrap(final Bootstrap bootstrap) {
            this.bootstrap = bootstrap;
            return this;
        }

        /**
         * Sets the class loader received objects are resolved with.
         *
         * @param classLoader the rank's class loader
         * @return this builder
         */
        public Builder classLoader(final ClassLoader classLoader) {
            this.classLoader = classLoader;
            return this;
        }

        /**
         * Sets a device-specific property.
         *
         * @param name the property name
         * @param value its value
         * @return this builder
         * @throws NullPointerException if {@code name} or {@code value} is {@code null}
         */
        public Builder property(final String name, final String value) {
            properties.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Builds the arguments.
         *
         * @return the arguments
         * @throws IllegalArgumentException if {@code size < 1}, {@code rank} is outside
         *     {@code [0, size)}, or a bootstrap was given whose rank or size differ
         */
        public DeviceArguments build() {
            if (size < 1) {
                throw new IllegalArgumentException("size must be >= 1 but was " + size);
            }
            if (rank < 0 || rank >= size) {
                throw new IllegalArgumentException("rank must be in [0, " + size + ") but was " + rank);
            }
            if (bootstrap != null && (bootstrap.rank() != rank || bootstrap.size() != size)) {
                throw new IllegalArgumentException("the bootstrap is for rank " + bootstrap.rank() + " of "
                    + bootstrap.size() + " but the arguments are for rank " + rank + " of " + size);
            }
            if (classLoader == null) {
                classLoader = Thread.currentThread().getContextClassLoader();
                if (classLoader == null) {
                    classLoader = DeviceArguments.class.getClassLoader();
                }
            }
            return new DeviceArguments(this);
        }
    }
}
