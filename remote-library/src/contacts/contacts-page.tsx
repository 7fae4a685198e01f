import { useStore } from '@nanostores/react';
import {
  $isOwner,
  api,
  formatPhone,
  TOAST_MS,
  useToast,
  withServerMessage,
  type Contact,
  type PageProps,
  type Paged,
  useTexts,
} from '@parley/shared';
import { Button, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ListPagination } from '../common/list-pagination';
import { usePaging } from '../common/use-paging';
import { reloadAnswers, useServerAnswer } from '../common/use-server-answer';
import { ListState } from '../common/list-state';
import { texts } from '../i18n';
import { AddContactForm } from './add-contact-form';
import { contactDisplayName } from './contact-name';

const CONTACTS_URL = '/api/contacts';

export function ContactsPage(_props: PageProps) {
  const t = useTexts(texts);
  const isOwner = useStore($isOwner);
  const toast = useToast(TOAST_MS.screen);
  const paging = usePaging();
  const answer = useServerAnswer<Paged<Contact>>(`${CONTACTS_URL}?limit=${paging.pageSize}&page=${paging.page}`);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  async function remove(contact: Contact) {
    setDeletingId(contact.id);
    try {
      await api.delete(`${CONTACTS_URL}/${encodeURIComponent(contact.id)}`);
      // The last row of a later page is gone: show the page before it rather than an empty one.
      if (answer.data?.list.length === 1 && paging.page > 1) paging.change(paging.page - 1, paging.pageSize);
      reloadAnswers(CONTACTS_URL);
      toast.success(t('contacts.deleted'));
    } catch (failure) {
      toast.error(withServerMessage(t('contacts.deleteFailed'), failure));
    } finally {
      setDeletingId(null);
    }
  }

  const columns: TableColumnsType<Contact> = [
    { key: 'name', title: t('common.name'), render: (_, contact) => contactDisplayName(contact) },
    // Stored as E.164 digits; shown as everywhere in the app (`+1 555-930-0067`).
    {
      key: 'phone',
      title: t('contacts.phone'),
      render: (_, contact) => (contact.phone ? formatPhone(contact.phone) : ''),
    },
    { key: 'email', title: t('contacts.email'), render: (_, contact) => contact.email ?? '' },
  ];
  if (isOwner) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, contact) => (
        // Deleting is permanent: asked first, like deleting a user.
        <Popconfirm
          title={t('contacts.deleteConfirm', { name: contactDisplayName(contact) })}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(contact)}
        >
          <Button danger size="small" loading={deletingId === contact.id}>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <div>
      <Typography.Title level={2}>{t('contacts.title')}</Typography.Title>
      <ListState
        answer={answer}
        url={CONTACTS_URL}
        loadFailed={t('contacts.loadFailed')}
        waiting={<Typography.Text>{answer.loading ? t('contacts.loading') : ''}</Typography.Text>}
        empty={t('contacts.none')}
        isEmpty={(page) => page.list.length === 0 && paging.page === 1}
      >
        {(page) => (
          <>
            <Table<Contact>
              rowKey="id"
              columns={columns}
              dataSource={page.list}
              pagination={false}
              size="middle"
              // Narrow screens: the table scrolls inside its card instead of pushing the page wider.
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('contacts.none') }}
            />
            <ListPagination paging={paging} lastPage={page.lastPage} />
          </>
        )}
      </ListState>
      {isOwner && <AddContactForm onAdded={() => reloadAnswers(CONTACTS_URL)} />}
    </div>
  );
}
