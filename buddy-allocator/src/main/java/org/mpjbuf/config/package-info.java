/**
 * The one reader of mpjbuf's tunables: a system property, else its environment variable, else the
 * default, parsed with errors that name the property, where its value came from and what was expected.
 */
package org.mpjbuf.config;
