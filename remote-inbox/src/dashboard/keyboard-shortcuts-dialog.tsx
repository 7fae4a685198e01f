import { Modal, Typography } from 'antd';
import { SHORTCUTS } from './use-keyboard-shortcuts';

/** What `?` opens: every dashboard shortcut. A titled dialog; Escape, the × and OK close it. */
export function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title="Keyboard shortcuts"
      open={open}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={420}
    >
      <dl className="inbox-shortcuts">
        {SHORTCUTS.map(({ key, description }) => (
          <div key={key}>
            <dt>
              <Typography.Text keyboard>{key}</Typography.Text>
            </dt>
            <dd>{description}</dd>
          </div>
        ))}
      </dl>
      <Typography.Text type="secondary">Not while typing in a field.</Typography.Text>
    </Modal>
  );
}
