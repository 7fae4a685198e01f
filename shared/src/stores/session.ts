import { computed } from 'nanostores';
import { $persisted } from './persisted';

export const $session = computed($persisted, (s) => s.session);
export const $isAuthenticated = computed($persisted, (s) => s.session.isAuthenticated);
export const $isOwner = computed($persisted, (s) => s.session.isOwner);
