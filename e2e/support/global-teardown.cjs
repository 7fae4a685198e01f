// When jest ran the browser tests in its own process (one worker), the Chromium support/worker.cjs kept would hold
// that process open: close it. Worker processes end with their Chromium.
module.exports = () => require('./worker.cjs').closeBrowser();
