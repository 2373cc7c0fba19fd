import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.io.PrintWriter;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs JUnit 5 tests without Maven, on a machine that has only a Java runtime: each argument is
 * a class name, or "pkg:" and a package (every test class in it, the soak's tag and the Lincheck
 * classes left out: their agent needs modules a jlinked runtime lacks). Prints one line per
 * class (tests, failures, seconds), each failure with its stack, and exits 1 if any failed.
 */
public class RunTests {
    public static void main(String[] args) {
        Launcher launcher = LauncherFactory.create();
        long failed = 0;
        for (String name : args) {
            long t0 = System.nanoTime();
            LauncherDiscoveryRequestBuilder b = LauncherDiscoveryRequestBuilder.request();
            if (name.startsWith("pkg:")) {
                b.selectors(selectPackage(name.substring(4)))
                        .filters(ClassNameFilter.excludeClassNamePatterns(".*Lincheck.*"),
                                TagFilter.excludeTags("soak"));
            } else {
                b.selectors(selectClass(name));
            }
            LauncherDiscoveryRequest request = b.build();
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            TestExecutionListener perClass = new TestExecutionListener() {
                private final java.util.Map<String, Long> start = new java.util.concurrent.ConcurrentHashMap<>();

                @Override
                public void executionStarted(TestIdentifier id) {
                    if (id.isContainer() && id.getLegacyReportingName().contains("Test")) {
                        start.put(id.getUniqueId(), System.nanoTime());
                    }
                }

                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult r) {
                    Long s = start.remove(id.getUniqueId());
                    if (s != null && id.getUniqueId().endsWith("]") && !id.getUniqueId().contains("method:")
                            && id.getUniqueId().contains("class:")) {
                        System.out.printf("  %s %s %.1f s%n", id.getLegacyReportingName(), r.getStatus(),
                                (System.nanoTime() - s) / 1e9);
                    }
                }
            };
            launcher.execute(request, listener, perClass);
            TestExecutionSummary s = listener.getSummary();
            System.out.printf("%s: %d tests, %d succeeded, %d failed, %d aborted, %.1f s%n", name,
                    s.getTestsFoundCount(), s.getTestsSucceededCount(), s.getTestsFailedCount(),
                    s.getTestsAbortedCount(), (System.nanoTime() - t0) / 1e9);
            if (s.getTotalFailureCount() > 0) {
                s.printFailuresTo(new PrintWriter(System.out, true), 40);
            }
            failed += s.getTotalFailureCount();
            System.out.flush();
        }
        System.out.println(failed == 0 ? "ALL PASSED" : "FAILURES: " + failed);
        System.exit(failed == 0 ? 0 : 1);
    }
}
