import { useTexts, type PageProps, type SavedReply } from '@parley/shared';
import { Typography, type TableColumnsType } from 'antd';
import { OwnerListPage } from '../common/owner-list-page';
import { texts } from '../i18n';
import { savedReplyBody, SavedReplyFields, type SavedReplyValues } from './saved-reply-fields';

export const SAVED_REPLIES_URL = '/api/account/saved-replies';

const valuesOf = (reply: SavedReply): SavedReplyValues => ({ shortcut: reply.shortcut, text: reply.text });

/**
 * Saved replies (issue #21): the owner's canned texts, inserted in the composer by typing `/shortcut`. Agents
 * may read the list (the composer uses it); only owners add, edit and delete.
 */
export function SavedRepliesPage(_props: PageProps) {
  const t = useTexts(texts);
  const columns: TableColumnsType<SavedReply> = [
    {
      key: 'shortcut',
      title: t('savedReplies.shortcut'),
      render: (_, reply) => <Typography.Text code>{`/${reply.shortcut}`}</Typography.Text>,
    },
    {
      key: 'text',
      title: t('savedReplies.text'),
      render: (_, reply) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{reply.text}</span>,
    },
  ];
  const deleteConfirm = (reply: SavedReply) => ({ title: t('savedReplies.deleteTitle', { shortcut: reply.shortcut }) });
  return (
    <OwnerListPage<SavedReply, SavedReplyValues>
      url={SAVED_REPLIES_URL}
      intro={t('savedReplies.intro')}
      texts={{
        title: t('savedReplies.title'),
        loading: t('savedReplies.loading'),
        loadFailed: t('savedReplies.loadFailed'),
        empty: t('savedReplies.empty'),
        added: t('savedReplies.added'),
        updated: t('savedReplies.updated'),
        deleted: t('savedReplies.deleted'),
        addFailed: t('savedReplies.addFailed'),
        updateFailed: t('savedReplies.updateFailed'),
        deleteFailed: t('savedReplies.deleteFailed'),
        addTitle: t('savedReplies.addTitle'),
        editTitle: t('savedReplies.editTitle'),
      }}
      formName="saved-reply"
      columns={columns}
      Fields={SavedReplyFields}
      body={savedReplyBody}
      valuesOf={valuesOf}
      deleteConfirm={deleteConfirm}
    />
  );
}
