import { useTexts } from '@parley/shared';
import { Button, Space, Tag } from 'antd';
import { createRoot } from 'react-dom/client';
import { texts } from '../i18n';
import { writeOverrides } from './overrides';
import { registeredRemotes } from './remote-registry';

/** Always in view while this browser runs a pinned version, so nobody mistakes it for what everyone sees. */
export function OverrideBadge({ pins, onClear }: { pins: { name: string; version: string }[]; onClear: () => void }) {
  const t = useTexts(texts);
  return (
    <div
      role="status"
      aria-label={t('override.label')}
      style={{
        position: 'fixed',
        right: 12,
        bottom: 12,
        zIndex: 2000,
        background: '#fff7e6',
        padding: 8,
        borderRadius: 6,
        boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
      }}
    >
      <Space wrap>
        {pins.map((pin) => (
          <Tag key={pin.name} color="orange">
            {t('override.pin', { name: pin.name, version: pin.version })}
          </Tag>
        ))}
        <Button size="small" onClick={onClear}>
          {t('override.clear')}
        </Button>
      </Space>
    </div>
  );
}

/** Shows the badge when a pinned version is registered; Clear drops every pin and reloads with the live versions. */
export function mountOverrideBadge(): void {
  const pins = registeredRemotes()
    .filter((remote) => remote.overridden)
    .map((remote) => ({ name: remote.packageName, version: remote.version }));
  if (!pins.length) return;
  const host = document.createElement('div');
  document.body.appendChild(host);
  createRoot(host).render(
    <OverrideBadge
      pins={pins}
      onClear={() => {
        writeOverrides({});
        window.location.reload();
      }}
    />,
  );
}
