import FileOutlined from '@ant-design/icons/FileOutlined';
import { useTexts, type Asset } from '@parley/shared';
import { texts } from '../i18n';

const PREVIEW_HEIGHT = 160;

/** Images as thumbnails linking to the file, videos with player controls, anything else a file icon link. */
export function AssetPreview({ asset }: { asset: Asset }) {
  const t = useTexts(texts);
  if (asset.mimeType.startsWith('image/')) {
    return (
      <a href={asset.url} target="_blank" rel="noopener noreferrer">
        <img
          src={asset.thumbnailUrl ?? asset.url}
          alt={asset.name}
          loading="lazy"
          style={{ width: '100%', height: PREVIEW_HEIGHT, objectFit: 'cover', display: 'block' }}
        />
      </a>
    );
  }
  if (asset.mimeType.startsWith('video/')) {
    return (
      <video
        src={asset.url}
        controls
        preload="metadata"
        aria-label={asset.name}
        style={{ width: '100%', height: PREVIEW_HEIGHT, background: '#000', display: 'block' }}
      />
    );
  }
  return (
    <a
      href={asset.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('assets.open', { name: asset.name })}
      style={{ height: PREVIEW_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <FileOutlined style={{ fontSize: 56 }} />
    </a>
  );
}
