/**
 * Labels (issue #21, docs/api.md#labels): an owner's name + colour that staff put on conversations. The colour is
 * one of antd's preset tag colours (so it follows the light and dark themes) or a `#rrggbb` of the owner's own.
 * The limits here are the server's too (requests/labels.ts), so the owner's form and the API refuse the same things.
 */
export const LABEL_COLOURS = [
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
] as const;

export const MAX_LABEL_NAME = 40;
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;
export const LABEL_COLOUR_RULE = `Colour must be one of ${LABEL_COLOURS.join(', ')} or #rrggbb`;

export type LabelColour = (typeof LABEL_COLOURS)[number];

/** A preset name or a `#rrggbb` (any case). */
export const isLabelColour = (value: string): boolean =>
  (LABEL_COLOURS as readonly string[]).includes(value) || HEX_COLOUR.test(value.toLowerCase());

/** Labels as staff see them everywhere: by name, case-insensitively. */
export function sortLabels<T extends { name: string }>(labels: T[]): T[] {
  return [...labels].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
