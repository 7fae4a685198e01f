import CloseOutlined from '@ant-design/icons/CloseOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { useTexts, type FormTemplate } from '@parley/shared';
import { Button, Card, Empty, Tag, Typography } from 'antd';
import { useState } from 'react';
import { texts } from '../i18n';

interface FormCardProps {
  form: FormTemplate;
  /** Owners see Edit on customizable forms. */
  canCustomize: boolean;
  onEdit(form: FormTemplate): void;
}

/** Meta's preview is a web page on Meta's host; only a web link is framed or linked (never javascript: etc.). */
function webPage(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One form: its texts as the customer will see them, with the button (ctaText). The button turns the card to
 * Meta's preview of the form (a web page, framed without access to this page, and a link to open it in a new
 * tab), with a close button to turn it back.
 */
export function FormCard({ form, canCustomize, onEdit }: FormCardProps) {
  const t = useTexts(texts);
  const [previewing, setPreviewing] = useState(false);
  const previewUrl = webPage(form.previewUrl);
  const extra =
    canCustomize && form.isCustomizable ? (
      <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(form)}>
        {t('common.edit')}
      </Button>
    ) : undefined;

  return (
    <Card
      size="small"
      data-testid="form-card"
      title={
        <span>
          {form.displayName} {!form.isActive && <Tag>{t('forms.inactive')}</Tag>}
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
            aria-label={t('forms.closePreview')}
            onClick={() => setPreviewing(false)}
            style={{ position: 'absolute', top: 4, right: 4, zIndex: 1 }}
          />
          {previewUrl ? (
            <>
              <iframe
                src={previewUrl}
                title={t('forms.previewTitle', { name: form.displayName })}
                sandbox="allow-scripts allow-forms"
                referrerPolicy="no-referrer"
                loading="lazy"
                style={{ width: '100%', height: 360, border: 0, display: 'block' }}
              />
              <a href={previewUrl} target="_blank" rel="noopener noreferrer">
                {t('forms.preview')}
              </a>
            </>
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
