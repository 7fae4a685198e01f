import { MAX_SAVED_REPLY_TEXT, MAX_SHORTCUT_LENGTH, SHORTCUT_PATTERN, useTexts } from '@parley/shared';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { texts } from '../i18n';

export interface SavedReplyValues {
  shortcut: string;
  text: string;
}

/** Shortcut (typed after '/') and Text, inside an antd Form. */
export function SavedReplyFields() {
  const t = useTexts(texts);
  // The server's rules (@parley/contract saved replies, SHORTCUT_RULE in English), checked before sending so the
  // owner sees them at once.
  const shortcutRules: Rule[] = [
    { required: true, whitespace: true, message: t('savedReplies.shortcutRequired') },
    {
      validator: async (_rule, value: unknown) => {
        const typed = typeof value === 'string' ? value.trim().replace(/^\//, '') : '';
        if (typed && !SHORTCUT_PATTERN.test(typed))
          throw new Error(t('savedReplies.shortcutRule', { max: MAX_SHORTCUT_LENGTH }));
      },
    },
  ];
  const textRules: Rule[] = [
    { required: true, whitespace: true, message: t('savedReplies.textRequired') },
    { max: MAX_SAVED_REPLY_TEXT, message: t('savedReplies.textTooLong', { max: MAX_SAVED_REPLY_TEXT }) },
  ];
  // The placeholders themselves are never translated: they are what the owner types.
  const hint = t('savedReplies.placeholders', { contactName: '{{contact.name}}', agentName: '{{agent.name}}' });
  return (
    <>
      <Form.Item label={t('savedReplies.shortcut')} name="shortcut" rules={shortcutRules} validateFirst>
        <Input
          prefix="/"
          maxLength={MAX_SHORTCUT_LENGTH + 1}
          autoComplete="off"
          placeholder={t('savedReplies.shortcutPlaceholder')}
        />
      </Form.Item>
      <Form.Item label={t('savedReplies.text')} name="text" rules={textRules} extra={hint}>
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
