import { Badge } from 'antd';

/** Presence as a dot; the word (Online / Offline, docs/product-rules.md#entities) is its accessible name and tooltip. */
export function OnlineDot({ online }: { online: boolean }) {
  const label = online ? 'Online' : 'Offline';
  return (
    <span role="img" aria-label={label} title={label}>
      <Badge status={online ? 'success' : 'default'} />
    </span>
  );
}
