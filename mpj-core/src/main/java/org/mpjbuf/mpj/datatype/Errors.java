package org.mpjbuf.mpj.datatype;

import mpi.MPIException;

/**
 * Builds the exceptions of the datatype engine, off the hot paths.
 *
 * <p>Stateless and thread-safe.
 */
final class Errors {

    private Errors() {
    }

    static MPIException negative(int errorClass, String argument, long value) {
        return new MPIException(errorClass, argument + " is " + value + "; expected >= 0");
    }

    static MPIException nullArgument(int errorClass, String argument) {
        return new MPIException(errorClass, argument + " is null");
    }

    static MPIException lengthMismatch(String first, int firstLength, String second,
                                       int secondLength) {
        return new MPIException(MPIException.ERR_ARG, first + " has " + firstLength
            + " entries but " + second + " has " + secondLength + "; expected the same number");
    }

    static MPIException intRange(String what, long value) {
        return new MPIException(MPIException.ERR_ARG, "datatype " + what + " " + value
            + " does not fit in an int; Java arrays are indexed by int");
    }

    static MPIException indexRange(long low, long high) {
        return new MPIException(MPIException.ERR_ARG, "datatype spans element indices " + low
            + ".." + high + ", beyond the int range of Java array indices");
    }

    static MPIException sizeRange(long size) {
        return new MPIException(MPIException.ERR_ARG, "datatype holds " + size
            + " elements, more than an int can count");
    }

    static MPIException notOurs(Object datatype) {
        return new MPIException(MPIException.ERR_TYPE, "datatype of class "
            + datatype.getClass().getName()
            + " was not created by MPI; use the MPI.* types and the Datatype constructors");
    }

    static MPIException freed(Object datatype) {
        return new MPIException(MPIException.ERR_TYPE, "datatype " + datatype
            + " has been freed and cannot be used any more");
    }

    static MPIException uncommitted(Object datatype) {
        return new MPIException(MPIException.ERR_TYPE, "datatype " + datatype
            + " is not committed; call Commit() on it before using it in communication");
    }

    static MPIException mixedBaseTypes(int index, BaseType first, BaseType other) {
        return new MPIException(MPIException.ERR_TYPE, "Struct component types[" + index
            + "] has base type " + other.javaName() + " but earlier components have "
            + first.javaName() + "; all components of a Struct except MPI.LB/MPI.UB must share"
            + " one base type");
    }

    static MPIException wrongBuffer(String argument, Object buffer, Object datatype,
                                    BaseType baseType) {
        return new MPIException(MPIException.ERR_BUFFER, argument + " is "
            + BaseType.describe(buffer) + " but datatype " + datatype + " needs a "
            + baseType.javaName() + "[]");
    }

    static MPIException outOfBounds(String argument, Object buffer, int offset, int count,
                                    Object datatype, long low, long high, int length) {
        return new MPIException(MPIException.ERR_BUFFER, "offset " + offset + " and count "
            + count + " of " + datatype + " access " + argument + " indices " + low + ".." + high
            + " but the " + BaseType.describe(buffer) + " has length " + length);
    }

    static MPIException truncated(long messageElements, long receiveElements, int count,
                                  Object datatype) {
        return new MPIException(MPIException.ERR_TRUNCATE, "message of " + messageElements
            + " elements is longer than the receive buffer of " + receiveElements
            + " elements (count " + count + " of " + datatype + ")");
    }

    static MPIException baseMismatch(BaseType message, Object datatype, BaseType receive) {
        return new MPIException(MPIException.ERR_TYPE, "message carries " + message.javaName()
            + " elements but the receive datatype " + datatype + " has base type "
            + receive.javaName());
    }
}
