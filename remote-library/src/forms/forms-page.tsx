import { useStore } from '@nanostores/react';
import {
  $isOwner,
  api,
  serverTextUnless500,
  TOAST_MS,
  useToast,
  type FormTemplate,
  type PageProps,
  useTexts,
} from '@parley/shared';
import { Col, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { reloadAnswers, useServerAnswer } from '../common/use-server-answer';
import { CustomizeFormModal, type FormTexts } from './customize-form-modal';
import { texts } from '../i18n';
import { FormCard } from './form-card';

const FLOWS_URL = '/api/account/flows';

export function FormsPage(_props: PageProps) {
  const t = useTexts(texts);
  const isOwner = useStore($isOwner);
  const toast = useToast(TOAST_MS.screen);
  const { data, error } = useServerAnswer<FormTemplate[]>(FLOWS_URL);
  const [editing, setEditing] = useState<FormTemplate | null>(null);

  async function save(form: FormTemplate, texts: FormTexts): Promise<boolean> {
    try {
      await api.post(`${FLOWS_URL}/${encodeURIComponent(form.id)}`, texts);
      setEditing(null);
      reloadAnswers(FLOWS_URL);
      return true;
    } catch (failure) {
      toast.error(serverTextUnless500(failure, t('forms.customizeFailed'), 'description'));
      return false;
    }
  }

  let content;
  if (error) content = <Typography.Text type="danger">{t('forms.loadFailed')}</Typography.Text>;
  else if (!data) content = <Spin />;
  else if (data.length === 0) content = <Typography.Text>{t('forms.none')}</Typography.Text>;
  else
    content = (
      <Row gutter={[16, 16]}>
        {data.map((form) => (
          <Col key={form.id} xs={24} sm={12} md={8} lg={6}>
            <FormCard form={form} canCustomize={isOwner} onEdit={setEditing} />
          </Col>
        ))}
      </Row>
    );

  return (
    <div>
      <Typography.Title level={2}>{t('forms.title')}</Typography.Title>
      {content}
      {isOwner && <CustomizeFormModal form={editing} onSave={save} onCancel={() => setEditing(null)} />}
    </div>
  );
}
