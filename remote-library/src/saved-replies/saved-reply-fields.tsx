import { MAX_SAVED_REPLY_TEXT, MAX_SHORTCUT_LENGTH, SHORTCUT_PATTERN, SHORTCUT_RULE } from '@parley/shared';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';

export interface SavedReplyValues {
  shortcut: string;
  text: string;
}

export const SHORTCUT_REQUIRED = 'Shortcut is required';
export const TEXT_REQUIRED = 'Text is required';
export const PLACEHOLDER_HINT = 'Placeholders: {{contact.name}} (the customer) and {{agent.name}} (who sends it).';

/** The server's rules (@parley/contract saved replies), checked before sending so the owner sees them at once. */
const shortcutRules: Rule[] = [
  { required: true, whitespace: true, message: SHORTCUT_REQUIRED },
  {
    validator: async (_rule, value: unknown) => {
      const typed = typeof value === 'string' ? value.trim().replace(/^\//, '') : '';
      if (typed && !SHORTCUT_PATTERN.test(typed)) throw new Error(SHORTCUT_RULE);
    },
  },
];
const textRules: Rule[] = [
  { required: true, whitespace: true, message: TEXT_REQUIRED },
  { max: MAX_SAVED_REPLY_TEXT, message: `Text is too long (at most ${MAX_SAVED_REPLY_TEXT} characters)` },
];

/** Shortcut (typed after '/') and Text, inside an antd Form. */
export function SavedReplyFields() {
  return (
    <>
      <Form.Item label="Shortcut" name="shortcut" rules={shortcutRules} validateFirst>
        <Input prefix="/" maxLength={MAX_SHORTCUT_LENGTH + 1} autoComplete="off" placeholder="opening-hours" />
      </Form.Item>
      <Form.Item label="Text" name="text" rules={textRules} extra={PLACEHOLDER_HINT}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} showCount={{ formatter: countText }} />
      </Form.Item>
    </>
  );
}

const countText = ({ count }: { count: number }) => `${count} / ${MAX_SAVED_REPLY_TEXT}`;

/** What the server takes: the shortcut without its '/' (the server strips it too), the text as typed. */
export const savedReplyBody = (values: Partial<SavedReplyValues>) => ({
  shortcut: (values.shortcut ?? '').trim().replace(/^\//, ''),
  text: values.text ?? '',
});
