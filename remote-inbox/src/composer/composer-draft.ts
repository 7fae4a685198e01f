import type { TemplateParameters } from '@parley/shared';
import type { TemplateValues } from './template-parameters';

/** The composer's modes: the spec's type selector (Text, Media, Asset, Form) plus templates outside the 24 h window. */
export type ComposerMode = 'text' | 'media' | 'asset' | 'form' | 'template';

export interface TemplateChoice {
  name: string;
  language: string;
  /** What a send of it must fill (the templates answer's `parameters`). */
  parameters: TemplateParameters;
}

/** Everything typed or picked so far; `F` is the browser's File (a plain object in tests). */
export interface ComposerDraft<F = File> {
  mode: ComposerMode;
  text: string;
  file: F | null;
  caption: string;
  assetId: string | null;
  formId: string | null;
  template: TemplateChoice | null;
  /** The chosen template's variables as typed (template-parameters.ts). */
  templateValues: TemplateValues;
}

export function emptyDraft<F = File>(mode: ComposerMode): ComposerDraft<F> {
  return { mode, text: '', file: null, caption: '', assetId: null, formId: null, template: null, templateValues: {} };
}
