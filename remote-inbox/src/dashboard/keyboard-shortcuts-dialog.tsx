import { useTexts } from '@parley/shared';
import { Modal, Typography } from 'antd';
import { texts } from '../i18n';
import { SHORTCUTS } from './use-keyboard-shortcuts';

/** What `?` opens: every dashboard shortcut. A titled dialog; Escape, the × and OK close it. */
export function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTexts(texts);
  const descriptions = {
    next: t('shortcuts.next'),
    previous: t('shortcuts.previous'),
    reply: t('shortcuts.reply'),
    close: t('shortcuts.close'),
    search: t('shortcuts.search'),
    help: t('shortcuts.help'),
  };
  return (
    <Modal
      title={t('shortcuts.title')}
      open={open}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={420}
    >
      <dl className="inbox-shortcuts">
        {SHORTCUTS.map(({ key, action }) => (
          <div key={key}>
            <dt>
              <Typography.Text keyboard>{key}</Typography.Text>
            </dt>
            <dd>{descriptions[action]}</dd>
          </div>
        ))}
      </dl>
      <Typography.Text type="secondary">{t('shortcuts.notWhileTyping')}</Typography.Text>
    </Modal>
  );
}
