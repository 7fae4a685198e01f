import { FileOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { $assets, useTexts, type Asset } from '@parley/shared';
import { Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { texts } from '../i18n';
import { loadAllAssets, pickableAssets } from './library-stores';
import { CaptionInput } from './media-field';

export interface AssetFieldProps {
  assetId: string | null;
  caption: string;
  onAsset: (assetId: string | null) => void;
  onCaption: (caption: string) => void;
}

function AssetPreview({ asset }: { asset: Asset }) {
  const t = useTexts(texts);
  const kind = asset.mimeType.split('/')[0];
  return (
    <div className="inbox-preview" aria-label={t('composer.assetPreview')}>
      {kind === 'image' && (
        <img
          src={asset.thumbnailUrl ?? asset.url}
          alt={asset.name}
          style={{ maxWidth: 160, maxHeight: 120, borderRadius: 4 }}
        />
      )}
      {kind === 'video' && (
        <video src={asset.url} controls preload="metadata" style={{ maxWidth: 200, maxHeight: 120 }} />
      )}
      {kind !== 'image' && kind !== 'video' && <FileOutlined style={{ fontSize: 32 }} />}
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong>{asset.name}</Typography.Text>
        {asset.description && <div className="inbox-muted">{asset.description}</div>}
      </div>
    </div>
  );
}

/** Picks one of the account's assets (deleted ones hidden), with a preview and an optional caption. */
export function AssetField({ assetId, caption, onAsset, onCaption }: AssetFieldProps) {
  const t = useTexts(texts);
  const known = useStore($assets);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadAllAssets()
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  }, []);
  const assets = useMemo(() => pickableAssets(known), [known]);
  const selected = assets.find((asset) => asset.id === assetId);
  return (
    <div className="inbox-field-stack">
      <Select
        aria-label={t('composer.asset')}
        placeholder={t('composer.chooseAsset')}
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        value={selected?.id ?? null}
        onChange={(value: string | null) => onAsset(value ?? null)}
        allowClear
        options={assets.map((asset) => ({ value: asset.id, label: asset.name }))}
        notFoundContent={failed ? t('composer.assetsFailed') : loading ? t('common.loading') : t('composer.noAssets')}
        style={{ width: '100%' }}
      />
      {selected && <AssetPreview asset={selected} />}
      <CaptionInput caption={caption} onCaption={onCaption} />
    </div>
  );
}
