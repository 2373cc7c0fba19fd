/**
 * Plumbing shared by the packages of rayon4j-core and used by nobody else. Not exported: the
 * module descriptor exports {@code io.github.rayon4j.core} only, so nothing here is API.
 *
 * <ul>
 *   <li>{@link io.github.rayon4j.core.internal.VarHandles}: the field-handle lookup that every
 *       class with explicitly ordered field accesses uses from its static initializer.</li>
 * </ul>
 */
package io.github.rayon4j.core.internal;
