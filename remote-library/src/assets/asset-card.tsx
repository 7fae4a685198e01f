import { useTexts, type Asset } from '@parley/shared';
import { Button, Card, Tag, Typography } from 'antd';
import { texts } from '../i18n';
import { AssetPreview } from './asset-preview';

interface AssetCardProps {
  asset: Asset;
  /** Owners get Edit and Delete (active) or Restore (deleted); agents see no action controls. */
  canManage: boolean;
  busy: boolean;
  onEdit(asset: Asset): void;
  onDelete(asset: Asset): void;
  onRestore(asset: Asset): void;
}

export function AssetCard({ asset, canManage, busy, onEdit, onDelete, onRestore }: AssetCardProps) {
  const t = useTexts(texts);
  const deleted = asset.deletedAt !== null;
  const actions = canManage
    ? [
        <Button key="edit" type="link" disabled={busy} onClick={() => onEdit(asset)}>
          {t('common.edit')}
        </Button>,
        deleted ? (
          <Button key="restore" type="link" loading={busy} onClick={() => onRestore(asset)}>
            {t('assets.restore')}
          </Button>
        ) : (
          <Button key="delete" type="link" danger loading={busy} onClick={() => onDelete(asset)}>
            {t('common.delete')}
          </Button>
        ),
      ]
    : undefined;

  return (
    <Card
      size="small"
      cover={<AssetPreview asset={asset} />}
      actions={actions}
      style={deleted ? { opacity: 0.6 } : undefined}
      data-testid="asset-card"
    >
      <Card.Meta
        title={
          <span>
            {asset.name} {deleted && <Tag color="red">{t('assets.deleted')}</Tag>}
          </span>
        }
        description={
          asset.description ? (
            <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ marginBottom: 0 }}>
              {asset.description}
            </Typography.Paragraph>
          ) : undefined
        }
      />
    </Card>
  );
}
