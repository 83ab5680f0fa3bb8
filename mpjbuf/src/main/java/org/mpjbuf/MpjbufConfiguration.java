package org.mpjbuf;

import java.nio.ByteOrder;
import java.util.Locale;
import java.util.function.UnaryOperator;

import org.mpjbuf.buddy.AllocationStrategy;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.config.Settings;

/**
 * The tunables of the packing layer, read once when this class initialises by
 * {@link Settings#system()}: a system property first, then the environment variable named by
 * upper-casing the property and turning {@code .} into {@code _}, then the default.
 * {@code docs/configuration.md} lists them.
 *
 * <p>This class has no mutable state; it is thread-safe.
 */
public final class MpjbufConfiguration {
    /** Property naming the object-filter patterns for dynamic sections. */
    public static final String SERIAL_FILTER_PROP_NAME = "mpjbuf.serialFilter";
    /**
     * Default object-filter patterns, in the syntax of
     * {@link java.io.ObjectInputFilter.Config#createFilter(String)}. Ranks of one job trust each
     * other's code; the filter stands against bytes that do not come from the job, whose danger is
     * a chain of classes whose deserialization runs code (a "gadget"). So the default:
     * <ul>
     *   <li>limits the object graph to a depth of 64 (the reader bounds arrays, references and
     *       bytes by the frame's length);</li>
     *   <li>rejects the JDK classes that reach outside the stream when deserialized: remote
     *       references ({@code java.rmi}), {@code java.net.URL} (whose hash code resolves a host
     *       name), {@code java.security} (whose {@code SignedObject} deserializes nested bytes
     *       unfiltered), {@code java.beans}, {@code java.lang.reflect} and
     *       {@code java.lang.invoke};</li>
     *   <li>accepts every other class of the {@code java.*} packages: collections, boxed numbers,
     *       {@code java.math}, {@code java.time}, strings and builders, arrays, {@code Date},
     *       {@code Random}, {@code BitSet} ...;</li>
     *   <li>rejects the JDK's internal and extension packages ({@code javax}, {@code jdk},
     *       {@code sun}, {@code com.sun}, where {@code TemplatesImpl} and
     *       {@code AnnotationInvocationHandler} live) and the libraries whose classes make the
     *       known gadget chains (Commons Collections and BeanUtils, Groovy, Spring, C3P0,
     *       Hibernate, ...);</li>
     *   <li>accepts every other class: the program's own.</li>
     * </ul>
     * Set the property to a strict list ending in {@code !*} to allow only named classes.
     */
    public static final String SERIAL_FILTER_DEFAULT = String.join(";",
            "maxdepth=64",
            "!java.rmi.**", "!java.net.URL", "!java.security.**", "!java.beans.**",
            "!java.lang.reflect.**", "!java.lang.invoke.**",
            "java.**",
            "!javax.**", "!jdk.**", "!sun.**", "!com.sun.**",
            "!org.w3c.**", "!org.xml.**", "!org.ietf.**", "!org.jcp.**",
            "!org.apache.commons.collections.**", "!org.apache.commons.collections4.**",
            "!org.apache.commons.beanutils.**", "!org.apache.commons.fileupload.**",
            "!org.apache.xalan.**", "!org.apache.xbean.**", "!org.apache.naming.**",
            "!org.apache.tomcat.**", "!org.apache.catalina.**", "!org.apache.wicket.**",
            "!org.apache.click.**", "!org.apache.myfaces.**",
            "!org.codehaus.groovy.**", "!groovy.**", "!org.springframework.**", "!com.mchange.**",
            "!org.hibernate.**", "!net.sf.json.**", "!bsh.**", "!clojure.**",
            "!org.mozilla.javascript.**", "!org.python.**", "!com.vaadin.**", "!org.jboss.**",
            "!javassist.**", "!com.sun.syndication.**", "!com.rometools.**",
            "*");

    /** Property naming the default byte order of new buffers: {@code native}, {@code big} or {@code little}. */
    public static final String BYTE_ORDER_PROP_NAME = "mpjbuf.byteOrder";
    /** Default byte order of new buffers: the platform's. */
    public static final String BYTE_ORDER_DEFAULT = "native";

    /** Property naming the initial capacity, in bytes, of a buffer's dynamic section. */
    public static final String DYNAMIC_INITIAL_CAPACITY_PROP_NAME = "mpjbuf.dynamicInitialCapacity";
    /** Default initial capacity of a buffer's dynamic section, in bytes. */
    public static final int DYNAMIC_INITIAL_CAPACITY_DEFAULT = 256;

    /** Property naming the medium of the default factory's pool: {@code heap}, {@code direct} or {@code native}. */
    public static final String MEDIUM_PROP_NAME = "mpjbuf.medium";
    /** Default medium: direct memory, which channels write without a copy. */
    public static final String MEDIUM_DEFAULT = "direct";

    /**
     * Property naming the pool strategy of {@link BufferFactory#init()}: {@code shared} (free lists
     * shared by all regions, the paper's Buddy1) or {@code perRegion} (free lists per region, Buddy2).
     */
    public static final String POOL_STRATEGY_PROP_NAME = "mpjbuf.poolStrategy";
    /** Default pool strategy: free lists shared by all regions. */
    public static final String POOL_STRATEGY_DEFAULT = "shared";

    private static final Settings SETTINGS = Settings.system();

    /** The object-filter patterns in force. */
    public static final String SERIAL_FILTER = SETTINGS.string(SERIAL_FILTER_PROP_NAME, SERIAL_FILTER_DEFAULT);
    /** The default byte order in force. */
    public static final ByteOrder BYTE_ORDER = SETTINGS.value(BYTE_ORDER_PROP_NAME,
            parseByteOrder(BYTE_ORDER_DEFAULT), "native, big or little (in any case)",
            MpjbufConfiguration::parseByteOrder);
    /** The initial dynamic capacity in force. */
    public static final int DYNAMIC_INITIAL_CAPACITY = dynamicInitialCapacity(SETTINGS);

    /** The medium in force. */
    public static final Medium MEDIUM =
            SETTINGS.enumValue(MEDIUM_PROP_NAME, Medium.valueOf(MEDIUM_DEFAULT.toUpperCase(Locale.ROOT)));
    /** The pool strategy in force. */
    public static final AllocationStrategy POOL_STRATEGY = SETTINGS.value(POOL_STRATEGY_PROP_NAME,
            parseStrategy(POOL_STRATEGY_DEFAULT), "shared or perRegion (in any case)",
            MpjbufConfiguration::parseStrategy);

    private MpjbufConfiguration() {
    }

    /**
     * Resolves one setting as {@link Settings#system()} does, with the environment given.
     *
     * @param propName the property name
     * @param defaultValue the value when neither is set
     * @param environment looks up an environment variable by name
     * @return the value in force
     */
    static String resolve(String propName, String defaultValue, UnaryOperator<String> environment) {
        return Settings.of(System::getProperty, environment).string(propName, defaultValue);
    }

    /**
     * Returns the environment variable name for a property name.
     *
     * @param propName a property name such as {@code mpjbuf.byteOrder}
     * @return the variable name, such as {@code MPJBUF_BYTEORDER}
     */
    static String environmentName(String propName) {
        return Settings.environmentName(propName);
    }

    /**
     * Reads the initial dynamic capacity, a non-negative int.
     *
     * @param settings where to read it
     * @return the value in force
     * @throws IllegalArgumentException if the value is not a non-negative int
     */
    static int dynamicInitialCapacity(Settings settings) {
        return settings.intValue(DYNAMIC_INITIAL_CAPACITY_PROP_NAME, DYNAMIC_INITIAL_CAPACITY_DEFAULT, 0,
                Integer.MAX_VALUE);
    }

    /**
     * Parses a byte-order setting.
     *
     * @param value {@code native}, {@code big} or {@code little}, in any case
     * @return the byte order
     * @throws IllegalArgumentException if the value is none of these
     */
    static ByteOrder parseByteOrder(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "native" -> ByteOrder.nativeOrder();
            case "big" -> ByteOrder.BIG_ENDIAN;
            case "little" -> ByteOrder.LITTLE_ENDIAN;
            default -> throw new IllegalArgumentException(BYTE_ORDER_PROP_NAME + " must be native, big or little, was '"
                    + value + "'");
        };
    }

    /**
     * Parses a pool-strategy setting.
     *
     * @param value {@code shared} or {@code perRegion}, in any case
     * @return the strategy
     * @throws IllegalArgumentException if the value is neither
     */
    static AllocationStrategy parseStrategy(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "shared" -> AllocationStrategy.SHARED_FREE_LISTS;
            case "perregion" -> AllocationStrategy.PER_REGION_FREE_LISTS;
            default -> throw new IllegalArgumentException(POOL_STRATEGY_PROP_NAME
                    + " must be shared or perRegion, was '" + value + "'");
        };
    }
}
