// The browser tests' jest environment: Node's, plus a flag jest-circus's events set when a test's own code fails,
// so the suite's afterEach (support/inbox-suite.ts) can report what the pages showed before it closes them.
const { TestEnvironment } = require('jest-environment-node');

class BrowserTestEnvironment extends TestEnvironment {
  handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__testFailed = false;
    if (event.name === 'test_fn_failure') this.global.__testFailed = true;
  }
}

module.exports = BrowserTestEnvironment;
