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
    const helloWorld = { name: 'hello_world', language: 'en_US', parameters: { body: [], buttons: [] } };
    expect(planSend(draft({ mode: 'template', template: helloWorld }))).toEqual({
      kind: 'template',
      name: 'hello_world',
      language: 'en_US',
    });
  });

  it('sends a template with variables only once every one is filled, with them in the request', () => {
    const reminder = {
      name: 'appointment_reminder',
      language: 'en_US',
      parameters: { body: [{ name: '1', example: 'Ana' }, { name: '2' }], buttons: [] },
    };
    expect(canSend(draft({ mode: 'template', template: reminder, templateValues: { 'body:1': 'Bo' } }))).toBe(false);
    expect(
      planSend(
        draft({ mode: 'template', template: reminder, templateValues: { 'body:1': ' Bo ', 'body:2': 'Friday' } }),
      ),
    ).toEqual({
      kind: 'template',
      name: 'appointment_reminder',
      language: 'en_US',
      parameters: { body: { '1': 'Bo', '2': 'Friday' } },
    });
  });

  it('only looks at the fields of the chosen mode', () => {
    expect(canSend(draft({ mode: 'form', text: 'typed earlier' }))).toBe(false);
    expect(canSend(draft({ mode: 'text', formId: 'f1' }))).toBe(false);
  });
});
