// A vitest reporter that records every finished test's duration and its own timeout, and writes them
// to CP_TIMING_JSON (when set) for tests/tools/timing.mjs, which reports the slowest and those past
// half their timeout.
import { writeFileSync } from 'node:fs';

export default class TimingReporter {
  tests = [];

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestCaseResult(testCase) {
    const result = testCase.result();
    if (result.state !== 'passed' && result.state !== 'failed') return;
    const duration = testCase.diagnostic()?.duration ?? 0;
    const timeout = testCase.options.timeout ?? testCase.project.config.testTimeout;
    const file = testCase.module.moduleId.startsWith(this.root)
      ? testCase.module.moduleId.slice(this.root.length + 1)
      : testCase.module.moduleId;
    this.tests.push({ layer: `vitest ${testCase.project.name}`, file, name: testCase.fullName, duration, timeout });
  }

  onTestRunEnd() {
    if (process.env.CP_TIMING_JSON) writeFileSync(process.env.CP_TIMING_JSON, JSON.stringify(this.tests));
  }
}
