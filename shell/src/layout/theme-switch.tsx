import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { $themeChoice, setThemeChoice, type ThemeChoice } from '@parley/shared';
import { Segmented, Tooltip, Typography } from 'antd';
import type { JSX } from 'react';

/** Named for screen readers: only the icon shows. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const OPTIONS: { value: ThemeChoice; label: string; icon: JSX.Element }[] = [
  { value: 'system', label: 'System', icon: <DesktopOutlined aria-hidden /> },
  { value: 'light', label: 'Light', icon: <SunOutlined aria-hidden /> },
  { value: 'dark', label: 'Dark', icon: <MoonOutlined aria-hidden /> },
];

/**
 * The side menu's colour scheme switch: follow the system, or always light or dark. Remembered in this browser
 * (shared/src/theme/theme-mode.ts); every mounted page follows at once. Stacked in the collapsed menu.
 */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
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
      {!compact && <Typography.Text type="secondary">Theme</Typography.Text>}
      <Segmented<ThemeChoice>
        aria-label="Theme"
        size="small"
        vertical={compact}
        value={choice}
        onChange={setThemeChoice}
        options={OPTIONS.map(({ value, label, icon }) => ({
          value,
          label: (
            <Tooltip title={label} placement={compact ? 'right' : 'top'}>
              <span>
                {icon}
                <span style={VISUALLY_HIDDEN}>{label}</span>
              </span>
            </Tooltip>
          ),
        }))}
      />
    </div>
  );
}
