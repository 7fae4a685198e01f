import { useTexts } from '@parley/shared';
import { Badge } from 'antd';
import { texts } from '../i18n';

/** Presence as a dot; the word (Online / Offline, docs/product-rules.md#entities) is its accessible name and tooltip. */
export function OnlineDot({ online }: { online: boolean }) {
  const t = useTexts(texts);
  const label = online ? t('users.online') : t('users.offline');
  return (
    <span role="img" aria-label={label} title={label}>
      <Badge status={online ? 'success' : 'default'} />
    </span>
  );
}
