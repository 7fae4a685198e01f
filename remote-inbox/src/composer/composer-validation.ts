import type { ComposerDraft } from './composer-draft';
import { filledParameters, type FilledParameters } from './template-parameters';

/** One send, ready for the API (what `sendMessage` posts). */
export type SendPlan<F = File> =
  | { kind: 'text'; text: string }
  | { kind: 'media'; file: F; caption?: string }
  | { kind: 'asset'; id: string; caption?: string }
  | { kind: 'form'; flowId: string }
  | { kind: 'template'; name: string; language: string; parameters?: FilledParameters };

/** WhatsApp's limit for a text message (the server refuses longer ones with 400 too). */
export const MAX_TEXT_LENGTH = 4096;

/** Counted as the server counts: the trimmed text's length. */
export function isTextTooLong(text: string): boolean {
  return text.trim().length > MAX_TEXT_LENGTH;
}

function optional(caption: string): string | undefined {
  const trimmed = caption.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * docs/product-rules.md#validation: a text is ignored when blank after trimming (and refused over 4096 characters); media needs a file; asset needs an asset; form
 * needs a form (and, outside the 24 h window, a template needs a template with every variable filled). `undefined` means nothing to send.
 */
export function planSend<F>(draft: ComposerDraft<F>): SendPlan<F> | undefined {
  switch (draft.mode) {
    case 'text': {
      const text = draft.text.trim();
      return text && !isTextTooLong(text) ? { kind: 'text', text } : undefined;
    }
    case 'media':
      return draft.file ? { kind: 'media', file: draft.file, caption: optional(draft.caption) } : undefined;
    case 'asset':
      return draft.assetId ? { kind: 'asset', id: draft.assetId, caption: optional(draft.caption) } : undefined;
    case 'form':
      return draft.formId ? { kind: 'form', flowId: draft.formId } : undefined;
    case 'template': {
      if (!draft.template) return undefined;
      const { name, language } = draft.template;
      const parameters = filledParameters(draft.template.parameters, draft.templateValues);
      if (parameters === null) return undefined;
      return { kind: 'template', name, language, ...(parameters ? { parameters } : {}) };
    }
  }
}

export function canSend<F>(draft: ComposerDraft<F>): boolean {
  return planSend(draft) !== undefined;
}
