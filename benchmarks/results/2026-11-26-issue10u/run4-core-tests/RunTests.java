import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** Runs the named test classes one by one, printing each one's summary and failures. */
public class RunTests {
    public static void main(String[] args) {
        Launcher launcher = LauncherFactory.create();
        long failed = 0;
        for (String name : args) {
            long t0 = System.nanoTime();
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(name)).build();
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            launcher.execute(request, listener);
            TestExecutionSummary s = listener.getSummary();
            System.out.printf("%s: %d tests, %d succeeded, %d failed, %d aborted, %.1f s%n", name,
                    s.getTestsFoundCount(), s.getTestsSucceededCount(), s.getTestsFailedCount(),
                    s.getTestsAbortedCount(), (System.nanoTime() - t0) / 1e9);
            if (s.getTotalFailureCount() > 0) {
                s.printFailuresTo(new PrintWriter(System.out, true), 30);
            }
            failed += s.getTotalFailureCount();
            System.out.flush();
        }
        System.out.println(failed == 0 ? "ALL PASSED" : "FAILURES: " + failed);
        System.exit(failed == 0 ? 0 : 1);
    }
}
