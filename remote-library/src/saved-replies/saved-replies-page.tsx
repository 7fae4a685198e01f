import type { PageProps, SavedReply } from '@parley/shared';
import { Typography, type TableColumnsType } from 'antd';
import { OwnerListPage } from '../common/owner-list-page';
import { savedReplyBody, SavedReplyFields, type SavedReplyValues } from './saved-reply-fields';

export const SAVED_REPLIES_URL = '/api/account/saved-replies';

const columns: TableColumnsType<SavedReply> = [
  {
    key: 'shortcut',
    title: 'Shortcut',
    render: (_, reply) => <Typography.Text code>{`/${reply.shortcut}`}</Typography.Text>,
  },
  {
    key: 'text',
    title: 'Text',
    render: (_, reply) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{reply.text}</span>,
  },
];
const valuesOf = (reply: SavedReply): SavedReplyValues => ({ shortcut: reply.shortcut, text: reply.text });
const deleteConfirm = (reply: SavedReply) => ({ title: `Delete /${reply.shortcut}?` });

/**
 * Saved replies (issue #21): the owner's canned texts, inserted in the composer by typing `/shortcut`. Agents
 * may read the list (the composer uses it); only owners add, edit and delete.
 */
export function SavedRepliesPage(_props: PageProps) {
  return (
    <OwnerListPage<SavedReply, SavedReplyValues>
      url={SAVED_REPLIES_URL}
      title="Saved replies"
      intro="In a conversation, type / and the shortcut (or use the saved replies button) to insert the text; it can be edited before sending."
      noun={{ one: 'saved reply', many: 'saved replies' }}
      formTitle="Saved Reply"
      formName="saved-reply"
      columns={columns}
      Fields={SavedReplyFields}
      body={savedReplyBody}
      valuesOf={valuesOf}
      deleteConfirm={deleteConfirm}
    />
  );
}
