import { api, followLive, sortLabels, type Label, type LabelList, type LabelsEvent } from '@parley/shared';
import { atom, onMount } from 'nanostores';

export const LABELS_URL = '/api/account/labels';

/**
 * The account's labels (issue #21), loaded while something shows them and kept current by the `labels` socket event
 * (an owner added, renamed, recoloured or deleted one) and after a reconnect. `undefined` until the first answer.
 */
export const $accountLabels = atom<Label[] | undefined>(undefined);

onMount($accountLabels, () =>
  followLive<LabelList, LabelsEvent>({
    load: () => api.get<LabelList>(LABELS_URL).then(({ data }) => data),
    onAnswer: (answer) => $accountLabels.set(sortLabels(answer?.list ?? [])),
    event: 'labels',
    onEvent: (event) => {
      $accountLabels.set(sortLabels(event?.list ?? []));
      return true;
    },
  }),
);

/**
 * A conversation's labels as they are now: a label renamed, recoloured or deleted since the conversation was read
 * shows its current name and colour, or not at all (the account's list is the newer word once loaded).
 */
export function currentLabels(labels: Label[] | undefined, account: Label[] | undefined): Label[] {
  if (!labels || labels.length === 0) return [];
  if (!account) return labels;
  const byId = new Map(account.map((label) => [label.id, label]));
  return sortLabels(labels.flatMap((label) => byId.get(label.id) ?? []));
}

/** PUT puts a label on, DELETE takes it off; both answer the conversation as it is now. */
export async function setConversationLabel<T>(conversationId: string, labelId: string, on: boolean): Promise<T> {
  const url = `/api/conversations/${encodeURIComponent(conversationId)}/labels/${encodeURIComponent(labelId)}`;
  return (on ? await api.put<T>(url) : await api.delete<T>(url)).data;
}
