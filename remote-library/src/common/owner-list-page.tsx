import { useStore } from '@nanostores/react';
import { $isOwner, api, TOAST_MS, useTexts, useToast, withServerMessage } from '@parley/shared';
import { Button, Card, Form, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ComponentType, type ReactNode } from 'react';
import { texts as catalogue } from '../i18n';
import { EditItemModal } from './edit-item-modal';
import { ListState } from './list-state';
import { reloadAnswers, useServerAnswer } from './use-server-answer';

/** What an account-wide list that owners manage and staff read is made of (Labels, Saved replies). */
export interface OwnerListProps<Item extends { id: string }, Values> {
  /** The collection's address: GET lists `{ list }`, POST adds, PUT/DELETE `<url>/<id>` change one. */
  url: string;
  intro: ReactNode;
  /** The page's texts in the user's language (each page has its own: words take the item's gender and number). */
  texts: OwnerListTexts;
  /** The forms' names: `add-<formName>` and `edit-<formName>`. */
  formName: string;
  columns: TableColumnsType<Item>;
  Fields: ComponentType;
  body(values: Values): unknown;
  valuesOf(item: Item): Values;
  deleteConfirm(item: Item): { title: string; description?: string };
}

export interface OwnerListTexts {
  title: string;
  loading: string;
  loadFailed: string;
  empty: string;
  added: string;
  updated: string;
  deleted: string;
  addFailed: string;
  updateFailed: string;
  deleteFailed: string;
  /** The add form's title and its button, e.g. 'Add Saved Reply'. */
  addTitle: string;
  editTitle: string;
}

/**
 * The page of an owner-managed list: the table, Edit and Delete for owners, and an add form below it. Agents see
 * the table only (the server refuses their changes anyway).
 */
export function OwnerListPage<Item extends { id: string }, Values>(props: OwnerListProps<Item, Values>) {
  const { url, texts, formName, Fields, body, valuesOf, deleteConfirm } = props;
  const t = useTexts(catalogue);
  const isOwner = useStore($isOwner);
  const toast = useToast(TOAST_MS.screen);
  const answer = useServerAnswer<{ list: Item[] }>(url);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const itemUrl = (item: Item) => `${url}/${encodeURIComponent(item.id)}`;

  async function remove(item: Item) {
    setDeletingId(item.id);
    try {
      await api.delete(itemUrl(item));
      reloadAnswers(url);
      toast.success(texts.deleted);
    } catch (failure) {
      toast.error(withServerMessage(texts.deleteFailed, failure));
    } finally {
      setDeletingId(null);
    }
  }

  async function save(item: Item, values: Values): Promise<boolean> {
    try {
      await api.put(itemUrl(item), body(values));
      reloadAnswers(url);
      setEditing(null);
      toast.success(texts.updated);
      return true;
    } catch (failure) {
      toast.error(withServerMessage(texts.updateFailed, failure));
      return false;
    }
  }

  const columns = [...props.columns];
  if (isOwner) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, item) => (
        <Space>
          <Button size="small" onClick={() => setEditing(item)}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            {...deleteConfirm(item)}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(item)}
          >
            <Button danger size="small" loading={deletingId === item.id}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <div>
      <Typography.Title level={2}>{texts.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
      <ListState
        answer={answer}
        url={url}
        loadFailed={texts.loadFailed}
        waiting={<Typography.Text>{answer.loading ? texts.loading : ''}</Typography.Text>}
        empty={texts.empty}
        isEmpty={(list) => list.list.length === 0}
      >
        {(list) => (
          <Table<Item>
            rowKey="id"
            columns={columns}
            dataSource={list.list}
            pagination={false}
            size="middle"
            scroll={{ x: 'max-content' }}
          />
        )}
      </ListState>
      {isOwner && <AddItemForm {...props} onAdded={() => reloadAnswers(url)} />}
      {isOwner && (
        <EditItemModal
          item={editing}
          title={texts.editTitle}
          formName={`edit-${formName}`}
          Fields={Fields}
          valuesOf={valuesOf}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function AddItemForm<Item extends { id: string }, Values>({
  url,
  texts,
  formName,
  Fields,
  body,
  onAdded,
}: OwnerListProps<Item, Values> & { onAdded(): void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const toast = useToast(TOAST_MS.screen);

  async function add(values: Values) {
    setSaving(true);
    try {
      await api.post(url, body(values));
      form.resetFields();
      onAdded();
      toast.success(texts.added);
    } catch (failure) {
      toast.error(withServerMessage(texts.addFailed, failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={texts.addTitle} size="small" style={{ marginTop: 24, maxWidth: 560 }}>
      <Form form={form} name={`add-${formName}`} layout="vertical" onFinish={add}>
        <Fields />
        <Button type="primary" htmlType="submit" loading={saving}>
          {texts.addTitle}
        </Button>
      </Form>
    </Card>
  );
}
