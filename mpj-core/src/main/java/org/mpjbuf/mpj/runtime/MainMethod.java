package org.mpjbuf.mpj.runtime;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * A program's {@code main} method, found as the {@code java} launcher of JDK 25 finds it (JEP 512),
 * so that every class {@code java} starts a rank starts too: neither the class nor the method needs
 * to be public.
 *
 * <ol>
 *   <li>The method is {@code main(String[])} if the class declares or inherits one that is not
 *       private, otherwise {@code main()} under the same rule.</li>
 *   <li>A static method is invoked as it is; an instance method on a new instance made by the
 *       class's zero-argument constructor, which must not be private.</li>
 * </ol>
 *
 * <p>The method (and constructor) are made accessible to this runtime, which the per-rank class
 * loaders permit: they define the program's classes in their unnamed modules, which are open.
 *
 * <p>Thread-safe: immutable; {@link #invoke} may run in several ranks at once.
 */
final class MainMethod {

    private final Method method;
    private final Constructor<?> constructor;

    private MainMethod(Method method, Constructor<?> constructor) {
        this.method = method;
        this.constructor = constructor;
    }

    /**
     * Finds the main method of a class.
     *
     * @param mainClass the program's main class
     * @return its main method
     * @throws NoSuchMethodException naming the class and what was expected, when it has no main
     *                               method or an instance main method without a usable constructor
     */
    static MainMethod of(Class<?> mainClass) throws NoSuchMethodException {
        Method main = find(mainClass, String[].class);
        if (main == null) {
            main = find(mainClass);
        }
        if (main == null) {
            throw new NoSuchMethodException("class " + mainClass.getName() + " has no main method (expected"
                + " static void main(String[] args), or void main(), that is not private)");
        }
        main.setAccessible(true);
        if (Modifier.isStatic(main.getModifiers())) {
            return new MainMethod(main, null);
        }
        Constructor<?> constructor;
        try {
            constructor = mainClass.getDeclaredConstructor();
        } catch (NoSuchMethodException none) {
            constructor = null;
        }
        if (constructor == null || Modifier.isPrivate(constructor.getModifiers())
            || Modifier.isAbstract(mainClass.getModifiers())) {
            throw new NoSuchMethodException("class " + mainClass.getName() + " has an instance main method but"
                + " no constructor to make an instance with (expected a concrete class with a zero-argument"
                + " constructor that is not private)");
        }
        constructor.setAccessible(true);
        return new MainMethod(main, constructor);
    }

    /**
     * Runs the program: invokes the main method, with {@code args} when it takes them.
     *
     * @param args the program's arguments
     * @throws InvocationTargetException wrapping what the program (or its constructor) threw
     * @throws ReflectiveOperationException when the class cannot be instantiated
     */
    void invoke(String[] args) throws ReflectiveOperationException {
        Object target = constructor == null ? null : constructor.newInstance();
        if (method.getParameterCount() == 0) {
            method.invoke(target);
        } else {
            method.invoke(target, (Object) args);
        }
    }

    /** {@return the non-private {@code main} with these parameters the class declares or inherits, or null} */
    private static Method find(Class<?> mainClass, Class<?>... parameters) {
        for (Class<?> type = mainClass; type != null; type = type.getSuperclass()) {
            try {
                Method main = type.getDeclaredMethod("main", parameters);
                if (!Modifier.isPrivate(main.getModifiers())) {
                    return main;
                }
            } catch (NoSuchMethodException notHere) {
                // a private method or none: look in the superclass, as the launcher does
            }
        }
        return null;
    }
}
