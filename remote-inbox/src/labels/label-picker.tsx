import { TagsOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { TOAST_MS, useTexts, useToast, type Conversation } from '@parley/shared';
import { Badge, Button, Dropdown, Tag } from 'antd';
import { useState } from 'react';
import { sendErrorText } from '../composer/send-message';
import { texts } from '../i18n';
import { $accountLabels, currentLabels, setConversationLabel } from './account-labels';

export interface LabelPickerProps {
  conversation: Conversation | undefined;
  /** The conversation as the server answered after a change. */
  onChange: (conversation: Conversation) => void;
}

/** The chat header's Labels menu: a tick on each label the conversation has; a click puts it on or takes it off. */
export function LabelPicker({ conversation, onChange }: LabelPickerProps) {
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.screen);
  const account = useStore($accountLabels);
  const [busy, setBusy] = useState(false);
  const on = new Set(currentLabels(conversation?.labels, account).map((label) => label.id));

  const toggle = async (labelId: string) => {
    if (!conversation || busy) return;
    setBusy(true);
    try {
      onChange(await setConversationLabel<Conversation>(conversation.id, labelId, !on.has(labelId)));
    } catch (error) {
      toast.error(sendErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const items =
    account && account.length > 0
      ? account.map((label) => ({
          key: label.id,
          label: (
            <Tag color={label.colour} variant="filled" style={{ marginInlineEnd: 0 }}>
              {label.name}
            </Tag>
          ),
        }))
      : [{ key: 'none', label: t('labels.none'), disabled: true }];
  return (
    <Dropdown
      trigger={['click']}
      disabled={!conversation}
      menu={{
        items,
        selectable: true,
        multiple: true,
        selectedKeys: [...on],
        onClick: ({ key }) => key !== 'none' && void toggle(key),
      }}
    >
      <Badge count={on.size} size="small" color="blue">
        <Button icon={<TagsOutlined />} aria-label={t('labels.title')} loading={busy} />
      </Badge>
    </Dropdown>
  );
}
