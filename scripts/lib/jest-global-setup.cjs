// globalSetup of the jest projects that start servers (server API tests, browser tests): see prepareTemplate.
module.exports = require('./pglite-template.cjs').prepareTemplate;
