import { emptyDraft, type ComposerDraft } from './composer-draft';
import { canSend, planSend } from './composer-validation';

type FakeFile = { name: string };
const draft = (patch: Partial<ComposerDraft<FakeFile>>): ComposerDraft<FakeFile> => ({
  ...emptyDraft<FakeFile>('text'),
  ...patch,
});

describe('planSend', () => {
  it('ignores a text that is blank after trimming, and trims what it sends', () => {
    expect(planSend(draft({ text: '  \n\t ' }))).toBeUndefined();
    expect(planSend(draft({ text: '  hello\nthere \n' }))).toEqual({ kind: 'text', text: 'hello\nthere' });
  });

  it('needs a file for media; a blank caption is left out', () => {
    expect(planSend(draft({ mode: 'media', caption: 'only a caption' }))).toBeUndefined();
    const file = { name: 'a.png' };
    expect(planSend(draft({ mode: 'media', file, caption: '  ' }))).toEqual({
      kind: 'media',
      file,
      caption: undefined,
    });
    expect(planSend(draft({ mode: 'media', file, caption: ' Menu ' }))).toEqual({
      kind: 'media',
      file,
      caption: 'Menu',
    });
  });

  it('needs an asset for asset sends, with an optional caption', () => {
    expect(canSend(draft({ mode: 'asset' }))).toBe(false);
    expect(planSend(draft({ mode: 'asset', assetId: 'a1', caption: 'Price list' }))).toEqual({
      kind: 'asset',
      id: 'a1',
      caption: 'Price list',
    });
  });

  it('needs a form for form sends and a template for template sends', () => {
    expect(canSend(draft({ mode: 'form' }))).toBe(false);
    expect(planSend(draft({ mode: 'form', formId: 'f1' }))).toEqual({ kind: 'form', flowId: 'f1' });
    expect(canSend(draft({ mode: 'template' }))).toBe(false);
    expect(planSend(draft({ mode: 'template', template: { name: 'hello_world', language: 'en_US' } }))).toEqual({
      kind: 'template',
      name: 'hello_world',
      language: 'en_US',
    });
  });

  it('only looks at the fields of the chosen mode', () => {
    expect(canSend(draft({ mode: 'form', text: 'typed earlier' }))).toBe(false);
    expect(canSend(draft({ mode: 'text', formId: 'f1' }))).toBe(false);
  });
});
