import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { $themeChoice, setThemeChoice, useTexts, type ThemeChoice } from '@parley/shared';
import { Segmented, Tooltip, Typography } from 'antd';
import type { JSX } from 'react';
import { texts } from '../i18n';

/** Named for screen readers: only the icon shows. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const OPTIONS: { value: ThemeChoice; label: 'theme.system' | 'theme.light' | 'theme.dark'; icon: JSX.Element }[] = [
  { value: 'system', label: 'theme.system', icon: <DesktopOutlined aria-hidden /> },
  { value: 'light', label: 'theme.light', icon: <SunOutlined aria-hidden /> },
  { value: 'dark', label: 'theme.dark', icon: <MoonOutlined aria-hidden /> },
];

/**
 * The side menu's colour scheme switch: follow the system, or always light or dark. Remembered in this browser
 * (shared/src/theme/theme-mode.ts); every mounted page follows at once. Stacked in the collapsed menu.
 */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const t = useTexts(texts);
  const choice = useStore($themeChoice);
  return (
    <div
      className="parley-theme-switch"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: compact ? 'center' : 'space-between',
        gap: 8,
        padding: compact ? '8px 0' : '8px 16px 8px 28px',
      }}
    >
      {!compact && <Typography.Text type="secondary">{t('theme.label')}</Typography.Text>}
      <Segmented<ThemeChoice>
        aria-label={t('theme.label')}
        size="small"
        vertical={compact}
        value={choice}
        onChange={setThemeChoice}
        options={OPTIONS.map(({ value, label, icon }) => ({
          value,
          label: (
            <Tooltip title={t(label)} placement={compact ? 'right' : 'top'}>
              <span>
                {icon}
                <span style={VISUALLY_HIDDEN}>{t(label)}</span>
              </span>
            </Tooltip>
          ),
        }))}
      />
    </div>
  );
}
