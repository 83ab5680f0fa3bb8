package org.mpjbuf.mpj.runtime;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

/**
 * The class loader of one rank: gives each rank its own copy of the {@code mpi} package, the
 * mpj-core internals and the user's classes, so their {@code static} state is per rank, while the
 * layers below (buddy pools, raw buffers, mpjbuf, devices), their libraries, the JDK and this
 * runtime package are delegated to the parent and shared by all ranks.
 *
 * <p>A class is defined by this loader (child first) when its name is not in the shared set and
 * its class file is found in this loader's URLs (the mpj-core location and the user's class
 * path); every other class comes from the parent. Thread-safe, as every parallel-capable class
 * loader.
 */
final class RankClassLoader extends URLClassLoader {

    /** Name prefixes of classes every rank shares with the launcher. */
    private static final List<String> SHARED_PREFIXES = List.of(
        "java.", "javax.", "jdk.", "sun.", "com.sun.",
        "org.mpjbuf.buddy.", "org.mpjbuf.raw.", "org.mpjbuf.dev.", "org.mpjbuf.mpj.runtime.",
        "org.agrona.", "org.jctools.", "org.junit.", "org.opentest4j.", "org.apiguardian.",
        "net.jqwik.", "org.openjdk.jmh.", "io.netty.", "com.sun.jna.");

    /** The mpjbuf packing API's package: shared, but its sub-packages are not all shared. */
    private static final String MPJBUF_PACKAGE = "org.mpjbuf.";

    static {
        registerAsParallelCapable();
    }

    /**
     * @param name   the loader's name, such as {@code rank-3} for the classes of rank 3
     * @param urls   the mpj-core location followed by the user's class path
     * @param parent the loader of the shared layers
     */
    RankClassLoader(String name, URL[] urls, ClassLoader parent) {
        super(name, urls, parent);
    }

    /**
     * Whether the class of the given binary name is shared by all ranks.
     *
     * @param className a binary class name
     * @return true when the class must come from the parent loader
     */
    static boolean isShared(String className) {
        for (String prefix : SHARED_PREFIXES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return className.startsWith(MPJBUF_PACKAGE)
            && className.indexOf('.', MPJBUF_PACKAGE.length()) < 0;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (isShared(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                try {
                    loaded = findClass(name);
                } catch (ClassNotFoundException notInRankPath) {
                    return super.loadClass(name, resolve);
                }
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }
}
