/**
 * The mpiJava 1.2 API: communicators, point-to-point and collective communication, datatypes
 * and reduction operations for Java programs written against MPJ Express, FastMPJ or mpiJava.
 */
package mpi;
