import { useStore } from '@nanostores/react';
import { $isOwner, api, TOAST_MS, useToast, withServerMessage } from '@parley/shared';
import { Button, Card, Form, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ComponentType, type ReactNode } from 'react';
import { EditItemModal } from './edit-item-modal';
import { LoadError } from './load-error';
import { reloadAnswers, useServerAnswer } from './use-server-answer';

/** What an account-wide list that owners manage and staff read is made of (Labels, Saved replies). */
export interface OwnerListProps<Item extends { id: string }, Values> {
  /** The collection's address: GET lists `{ list }`, POST adds, PUT/DELETE `<url>/<id>` change one. */
  url: string;
  title: string;
  intro: ReactNode;
  /** The item's name in messages, e.g. `{ one: 'saved reply', many: 'saved replies' }`. */
  noun: { one: string; many: string };
  /** Title-case name for the form titles and the button, e.g. 'Saved Reply'. */
  formTitle: string;
  /** The forms' names: `add-<formName>` and `edit-<formName>`. */
  formName: string;
  columns: TableColumnsType<Item>;
  Fields: ComponentType;
  body(values: Values): unknown;
  valuesOf(item: Item): Values;
  deleteConfirm(item: Item): { title: string; description?: string };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The page of an owner-managed list: the table, Edit and Delete for owners, and an add form below it. Agents see
 * the table only (the server refuses their changes anyway).
 */
export function OwnerListPage<Item extends { id: string }, Values>(props: OwnerListProps<Item, Values>) {
  const { url, noun, formTitle, formName, Fields, body, valuesOf, deleteConfirm } = props;
  const isOwner = useStore($isOwner);
  const toast = useToast(TOAST_MS.screen);
  const { data, error, loading } = useServerAnswer<{ list: Item[] }>(url);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const itemUrl = (item: Item) => `${url}/${encodeURIComponent(item.id)}`;

  async function remove(item: Item) {
    setDeletingId(item.id);
    try {
      await api.delete(itemUrl(item));
      reloadAnswers(url);
      toast.success(`${capitalised(noun.one)} deleted`);
    } catch (failure) {
      toast.error(withServerMessage(`Failed to delete ${noun.one}`, failure));
    } finally {
      setDeletingId(null);
    }
  }

  async function save(item: Item, values: Values): Promise<boolean> {
    try {
      await api.put(itemUrl(item), body(values));
      reloadAnswers(url);
      setEditing(null);
      toast.success(`${capitalised(noun.one)} updated`);
      return true;
    } catch (failure) {
      toast.error(withServerMessage(`Failed to update ${noun.one}`, failure));
      return false;
    }
  }

  const columns = [...props.columns];
  if (isOwner) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_, item) => (
        <Space>
          <Button size="small" onClick={() => setEditing(item)}>
            Edit
          </Button>
          <Popconfirm
            {...deleteConfirm(item)}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(item)}
          >
            <Button danger size="small" loading={deletingId === item.id}>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  let content;
  if (error) content = <LoadError text={`Error loading ${noun.many}`} onRetry={() => reloadAnswers(url)} />;
  else if (!data) content = <Typography.Text>{loading ? `Loading ${noun.many}…` : ''}</Typography.Text>;
  else if (data.list.length === 0) content = <Typography.Text>{`No ${noun.many} yet.`}</Typography.Text>;
  else
    content = (
      <Table<Item>
        rowKey="id"
        columns={columns}
        dataSource={data.list}
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
      />
    );

  return (
    <div>
      <Typography.Title level={2}>{props.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
      {content}
      {isOwner && <AddItemForm {...props} onAdded={() => reloadAnswers(url)} />}
      {isOwner && (
        <EditItemModal
          item={editing}
          title={`Edit ${formTitle}`}
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
  noun,
  formTitle,
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
      toast.success(`${capitalised(noun.one)} added`);
    } catch (failure) {
      toast.error(withServerMessage(`Failed to add ${noun.one}`, failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={`Add ${formTitle}`} size="small" style={{ marginTop: 24, maxWidth: 560 }}>
      <Form form={form} name={`add-${formName}`} layout="vertical" onFinish={add}>
        <Fields />
        <Button type="primary" htmlType="submit" loading={saving}>
          {`Add ${formTitle}`}
        </Button>
      </Form>
    </Card>
  );
}
