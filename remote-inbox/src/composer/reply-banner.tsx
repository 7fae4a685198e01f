import { useTexts, type Message } from '@parley/shared';
import { Button, Typography } from 'antd';
import { previewText } from '../chat/reply-preview';
import { texts } from '../i18n';

/** 'Replying to' with the quoted preview and Cancel (docs/product-rules.md#composer). */
export function ReplyBanner({ target, onCancel }: { target: Message; onCancel: () => void }) {
  const t = useTexts(texts);
  return (
    <div className="inbox-reply-banner" role="status">
      <div style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {t('composer.replyingTo')}
        </Typography.Text>
        <Typography.Text ellipsis>{previewText(target)}</Typography.Text>
      </div>
      <Button size="small" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}
