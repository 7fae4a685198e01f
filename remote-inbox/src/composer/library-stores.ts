import {
  api,
  createFetcherStore,
  setAssets,
  type Asset,
  type FormTemplate,
  type MessageTemplate,
  type Paged,
} from '@parley/shared';

export type { MessageTemplate };

/** Cached answers (60 s, shared cache): forms and templates change rarely. */
export const $flows = createFetcherStore<FormTemplate[]>(['/api/account/flows']);
export const $templates = createFetcherStore<MessageTemplate[]>(['/api/account/templates']);

const ASSET_PAGE_SIZE = 50;
const MAX_ASSET_PAGES = 20;

/** Every asset page (the picker needs them all), kept in the shared store so the next open is instant. */
export async function loadAllAssets(): Promise<Asset[]> {
  const all: Asset[] = [];
  for (let page = 1; page <= MAX_ASSET_PAGES; page += 1) {
    const { data } = await api.get<Paged<Asset>>('/api/account/assets', { params: { limit: ASSET_PAGE_SIZE, page } });
    all.push(...(data?.list ?? []));
    if (!data || page >= (data.lastPage ?? 1)) break;
  }
  setAssets(all);
  return all;
}

/** docs/product-rules.md#composer: deleted assets are hidden in the composer's picker. */
export function pickableAssets(assets: Asset[]): Asset[] {
  return assets.filter((asset) => !asset.deletedAt);
}

/** docs/product-rules.md#entities: only active forms are offered in the composer. */
export function pickableForms(forms: FormTemplate[] | undefined): FormTemplate[] {
  return (forms ?? []).filter((form) => form.isActive);
}
