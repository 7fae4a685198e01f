// The browser tests' jest environment: Node's, plus a flag jest-circus's events set when a test's own code fails,
// so the suite's afterEach (support/inbox-suite.ts) can report what the pages showed before it closes them, and
// what the jest worker keeps from one test file to the next (support/worker.cjs: this module, unlike the test
// files' modules, is loaded once per worker process).
const { TestEnvironment } = require('jest-environment-node');
const worker = require('./worker.cjs');

class BrowserTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__e2eWorker = worker;
  }

  handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__testFailed = false;
    if (event.name === 'test_fn_failure') this.global.__testFailed = true;
  }
}

module.exports = BrowserTestEnvironment;
