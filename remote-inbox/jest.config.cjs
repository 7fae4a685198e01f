const preset = require('../jest.preset.cjs')({ environment: 'jsdom' });

// @ant-design/icons' CommonJS build requires @ant-design/colors/es/* (ESM): map it to the CommonJS build.
module.exports = {
  ...preset,
  moduleNameMapper: { '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1', ...preset.moduleNameMapper },
};
