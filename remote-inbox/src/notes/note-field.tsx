import { PushpinOutlined } from '@ant-design/icons';
import { errorText, MAX_NOTE_TEXT_LENGTH } from './note-rules';
import { TOAST_MS, useTexts, useToast, type Note, type NoteUser } from '@parley/shared';
import { Button, Mentions } from 'antd';
import { useState } from 'react';
import { texts } from '../i18n';
import { addNote } from './notes-api';

export interface NoteFieldProps {
  conversationId: string;
  /** Whom `@` offers: the account's active staff. */
  staff: NoteUser[];
  onAdded: (note: Note) => void;
}

/**
 * The composer's Note mode (issue #21): a private note for the staff, never sent to the customer. `@` lists the
 * staff; a picked name is mentioned (the server also finds `@Full Name` and `@firstname` typed by hand).
 * Ctrl/⌘+Enter or "Add note" saves it.
 */
export function NoteField({ conversationId, staff, onAdded }: NoteFieldProps) {
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.screen);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<NoteUser[]>([]);
  const [saving, setSaving] = useState(false);
  const ready = text.trim().length > 0 && text.length <= MAX_NOTE_TEXT_LENGTH && !saving;

  const submit = async () => {
    if (!ready) return;
    setSaving(true);
    try {
      // Only the picked names still in the text.
      const mentions = picked.filter((member) => text.includes(`@${member.fullName}`)).map((member) => member.id);
      const note = await addNote(conversationId, { text, mentions: [...new Set(mentions)] });
      onAdded(note);
      setText('');
      setPicked([]);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="inbox-composer-row">
      <Mentions
        className="inbox-composer-note"
        style={{ flex: 1, minWidth: 0 }}
        aria-label={t('notes.field')}
        placeholder={t('notes.placeholder')}
        autoSize={{ minRows: 1, maxRows: 6 }}
        value={text}
        onChange={setText}
        onSelect={(option) => {
          const member = staff.find((candidate) => candidate.fullName === option.value);
          if (member) setPicked((known) => [...known, member]);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
        options={staff.map((member) => ({ value: member.fullName, label: member.fullName, key: member.id }))}
      />
      <Button icon={<PushpinOutlined />} loading={saving} disabled={!ready} onClick={submit}>
        {t('notes.add')}
      </Button>
    </div>
  );
}
