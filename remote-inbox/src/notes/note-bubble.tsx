import { DeleteOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { $profile, useTexts, type Note } from '@parley/shared';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { formatTimestamp } from '../conversation/timestamp';
import { texts } from '../i18n';
import './notes.css';

export interface NoteBubbleProps {
  note: Note;
  /** Deletes it (offered to its author and to owners). */
  onDelete?: (note: Note) => void;
}

/** The note's text with the names it mentions set apart (`@Adam Agent`, `@adam`). */
function withMentions(note: Note): ReactNode[] {
  if (note.mentions.length === 0) return [note.text];
  const names = note.mentions
    .flatMap((staff) => [staff.fullName, staff.fullName.split(' ')[0]])
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(@(?:${names.join('|')}))(?![\\p{L}\\p{N}])`, 'giu');
  return note.text.split(pattern).map((part, index) => (index % 2 === 1 ? <strong key={index}>{part}</strong> : part));
}

/**
 * A private note in the chat (issue #21): a yellow sticky note across the chat, "Note · author", the time and no
 * ticks (it is never sent to the customer).
 */
export function NoteBubble({ note, onDelete }: NoteBubbleProps) {
  const t = useTexts(texts);
  const profile = useStore($profile);
  const mayDelete = !!onDelete && (profile?.id === note.author.id || profile?.role === 'owner');
  return (
    <div className="inbox-note-row" data-note-id={note.id}>
      <div className="inbox-note" role="note" aria-label={t('notes.label', { name: note.author.fullName })}>
        <div className="inbox-note-head">
          <span>{t('notes.head', { name: note.author.fullName })}</span>
          {mayDelete && (
            <Popconfirm title={t('notes.deleteConfirm')} okText={t('common.delete')} onConfirm={() => onDelete(note)}>
              <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('notes.deleteNote')} />
            </Popconfirm>
          )}
        </div>
        <div className="inbox-note-text">{withMentions(note)}</div>
        <div className="inbox-meta">
          <time dateTime={note.createdAt}>{formatTimestamp(note.createdAt)}</time>
        </div>
      </div>
    </div>
  );
}
