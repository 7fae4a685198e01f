import type { ComposerDraft } from './composer-draft';

/** One send, ready for the API (what `sendMessage` posts). */
export type SendPlan<F = File> =
  | { kind: 'text'; text: string }
  | { kind: 'media'; file: F; caption?: string }
  | { kind: 'asset'; id: string; caption?: string }
  | { kind: 'form'; flowId: string }
  | { kind: 'template'; name: string; language: string };

function optional(caption: string): string | undefined {
  const trimmed = caption.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Spec section 5: a text is ignored when blank after trimming; media needs a file; asset needs an asset; form
 * needs a form (and, outside the 24 h window, a template needs a template). `undefined` means nothing to send.
 */
export function planSend<F>(draft: ComposerDraft<F>): SendPlan<F> | undefined {
  switch (draft.mode) {
    case 'text': {
      const text = draft.text.trim();
      return text ? { kind: 'text', text } : undefined;
    }
    case 'media':
      return draft.file ? { kind: 'media', file: draft.file, caption: optional(draft.caption) } : undefined;
    case 'asset':
      return draft.assetId ? { kind: 'asset', id: draft.assetId, caption: optional(draft.caption) } : undefined;
    case 'form':
      return draft.formId ? { kind: 'form', flowId: draft.formId } : undefined;
    case 'template':
      return draft.template
        ? { kind: 'template', name: draft.template.name, language: draft.template.language }
        : undefined;
  }
}

export function canSend<F>(draft: ComposerDraft<F>): boolean {
  return planSend(draft) !== undefined;
}
