import { nanoquery } from '@nanostores/query';
import { api } from './client';

// Server answers cached by key (the URL): unused answers live 60 s, failures are not retried (docs/product-rules.md#constants).
export const [createFetcherStore, createMutatorStore, answerCache] = nanoquery({
  fetcher: async (...keys) => (await api.get(keys.join(''))).data,
  cacheLifetime: 60_000,
  onErrorRetry: null,
  revalidateOnFocus: false,
});

export function clearAnswerCache(): void {
  answerCache.invalidateKeys(() => true);
}
