/**
 * Example MPJ programs, runnable with {@code bin/mpjrun -np N org.mpjbuf.mpj.examples.<Name>}.
 */
package org.mpjbuf.mpj.examples;
