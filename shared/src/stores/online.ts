import { computed } from 'nanostores';
import { $persisted, updatePersisted } from './persisted';

/** Ids of the account's users who are online, as last told by the `getOnline` event. */
export const $onlineUserIds = computed($persisted, (s) => s.onlineUserIds);

export function setOnlineUserIds(ids: string[]): void {
  updatePersisted({ onlineUserIds: ids });
}
