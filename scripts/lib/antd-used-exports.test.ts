import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
const { antdUsedExports } = require('../../tooling/antd-used-exports.cjs');

// The list the shared antd is trimmed to: a component missing from it makes a page load a second, full antd.
describe('antdUsedExports', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'antd-exports-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('collects what the shell and every remote import from antd, once each and sorted', () => {
    write('shell/src/layout/side-menu.tsx', "import { Menu, Layout as AntLayout } from 'antd';\n");
    write('remote-inbox/src/list.tsx', "import {\n  Button,\n  Select,\n  type SelectProps,\n} from 'antd';\n");
    write('remote-admin/src/users/table.tsx', "import { Button, Table } from 'antd';\n");
    write('shared/src/theme/theme.ts', "import { ConfigProvider, theme } from 'antd';\n");
    expect(antdUsedExports(root)).toEqual(['Button', 'ConfigProvider', 'Layout', 'Menu', 'Select', 'Table', 'theme']);
  });

  it('leaves out type-only imports, tests and other packages', () => {
    write('remote-auth/src/login.tsx', "import type { FormProps } from 'antd';\nimport { Form } from 'antd';\n");
    write('remote-auth/src/login.test.tsx', "import { Modal } from 'antd';\n");
    write('remote-auth/src/icons.tsx', "import { UserOutlined } from '@ant-design/icons';\n");
    expect(antdUsedExports(root)).toEqual(['Form']);
  });
});
