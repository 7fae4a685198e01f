// The customers' names of generated inboxes: customer i is FIRST_NAMES[i % 16] LAST_NAMES[(i / 16) % 10], the same
// in the database (generate-inbox.mjs) and in the browser-only page (ui-page.mjs).
export const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Iris',
  'Jonas',
  'Kemal',
  'Lucia',
  'Mateo',
  'Nadia',
  'Omar',
  'Paula',
];
export const LAST_NAMES = [
  'Silva',
  'Costa',
  'Moreau',
  'Okafor',
  'Tanaka',
  'Novak',
  'Haddad',
  'Lindqvist',
  'Reyes',
  'Byrne',
];
