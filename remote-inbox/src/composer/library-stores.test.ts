import type { Asset, FormTemplate } from '@parley/shared';
import { pickableAssets, pickableForms } from './library-stores';

const asset = (id: string, deletedAt: string | null): Asset => ({
  id,
  name: id,
  url: `/a/${id}`,
  thumbnailUrl: null,
  mimeType: 'image/png',
  fileName: `${id}.png`,
  size: 1,
  createdAt: '2024-05-01T10:00:00.000Z',
  description: null,
  deletedAt,
});
const form = (id: string, isActive: boolean): FormTemplate => ({
  id,
  metaFlowId: `meta-${id}`,
  status: isActive ? 'PUBLISHED' : 'DRAFT',
  categories: [],
  displayName: id,
  description: null,
  previewUrl: null,
  header: null,
  body: null,
  footer: null,
  ctaText: null,
  isCustomizable: false,
  isActive,
});

it('offers only assets that are not deleted and forms that are active', () => {
  expect(pickableAssets([asset('a', null), asset('b', '2024-01-01T00:00:00Z')]).map((a) => a.id)).toEqual(['a']);
  expect(pickableForms([form('f', true), form('g', false)]).map((f) => f.id)).toEqual(['f']);
  expect(pickableForms(undefined)).toEqual([]);
});
