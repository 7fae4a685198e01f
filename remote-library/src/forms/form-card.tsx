import CloseOutlined from '@ant-design/icons/CloseOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import type { FormTemplate } from '@parley/shared';
import { Button, Card, Empty, Tag, Typography } from 'antd';
import { useState } from 'react';

interface FormCardProps {
  form: FormTemplate;
  /** Owners see Edit on customizable forms. */
  canCustomize: boolean;
  onEdit(form: FormTemplate): void;
}

/**
 * One form: its texts as the customer will see them, with the button (ctaText). The button turns the card to
 * the preview image, with a close button to turn it back.
 */
export function FormCard({ form, canCustomize, onEdit }: FormCardProps) {
  const [previewing, setPreviewing] = useState(false);
  const extra =
    canCustomize && form.isCustomizable ? (
      <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(form)}>
        Edit
      </Button>
    ) : undefined;

  return (
    <Card
      size="small"
      data-testid="form-card"
      title={
        <span>
          {form.displayName} {!form.isActive && <Tag>Inactive</Tag>}
        </span>
      }
      extra={extra}
    >
      {previewing ? (
        <div style={{ position: 'relative' }}>
          <Button
            size="small"
            shape="circle"
            icon={<CloseOutlined />}
            aria-label="Close preview"
            onClick={() => setPreviewing(false)}
            style={{ position: 'absolute', top: 4, right: 4, zIndex: 1 }}
          />
          {form.preview ? (
            <img src={form.preview} alt={`${form.displayName} preview`} style={{ width: '100%', display: 'block' }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
          )}
        </div>
      ) : (
        <>
          {form.description && <Typography.Paragraph type="secondary">{form.description}</Typography.Paragraph>}
          {form.header && <Typography.Text strong>{form.header}</Typography.Text>}
          {form.body && (
            <Typography.Paragraph style={{ marginTop: 8, whiteSpace: 'pre-wrap' }}>{form.body}</Typography.Paragraph>
          )}
          {form.footer && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {form.footer}
            </Typography.Paragraph>
          )}
          <Button block onClick={() => setPreviewing(true)}>
            {form.ctaText}
          </Button>
        </>
      )}
    </Card>
  );
}
