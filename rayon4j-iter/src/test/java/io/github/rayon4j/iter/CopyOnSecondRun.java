package io.github.rayon4j.iter;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For test classes that run each fused pipeline shape a few times and must see both its shared
 * classes and its copies: while the class runs, every shape is copied on its second run ({@link
 * Fuse.Shapes#copyAfter} 0) instead of after {@link Fuse#COPY_AFTER_NANOS} on the shared classes;
 * the rule in force before is restored after the class.
 *
 * <pre>{@code
 * @ExtendWith(CopyOnSecondRun.class)
 * class FuseTest { ... }
 * }</pre>
 */
final class CopyOnSecondRun implements BeforeAllCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(CopyOnSecondRun.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getStore(NS).put("before", Fuse.Shapes.copyAfter(0));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Fuse.Shapes.copyAfter(context.getStore(NS).get("before", Long.class));
    }
}
