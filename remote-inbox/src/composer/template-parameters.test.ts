import { $browserLanguages, languageReady, type TemplateParameters } from '@parley/shared';
import { filledParameters, fillText, isFieldFilled, templateFields } from './template-parameters';

const promo: TemplateParameters = {
  header: { format: 'TEXT', name: '1', example: 'Spring' },
  body: [
    { name: 'first_name', example: 'Ana' },
    { name: 'code', example: 'SAVE10' },
  ],
  buttons: [
    { index: 1, text: 'Track', url: 'https://shop.example/track/{{1}}', example: 'https://shop.example/track/A1B2' },
  ],
};

describe('templateFields', () => {
  it('lists header, body variables and URL buttons with the example values to show as placeholders', () => {
    expect(templateFields(promo)).toEqual([
      { key: 'header', label: 'Header {{1}}', example: 'Spring' },
      { key: 'body:first_name', label: 'Body {{first_name}}', example: 'Ana' },
      { key: 'body:code', label: 'Body {{code}}', example: 'SAVE10' },
      // Only the end of the address is typed: the example shows that end.
      { key: 'button:1', label: 'Button “Track” URL', example: 'A1B2' },
    ]);
  });

  it('asks a media header for an https link', () => {
    const [field] = templateFields({
      header: { format: 'IMAGE', example: 'https://x.example/a.png' },
      body: [],
      buttons: [],
    });
    expect(field).toEqual({
      key: 'header',
      label: 'Header image link',
      example: 'https://x.example/a.png',
      link: true,
    });
    expect(isFieldFilled(field, { header: 'http://x.example/a.png' })).toBe(false);
    expect(isFieldFilled(field, { header: 'https://x.example/a.png' })).toBe(true);
  });

  it('names the variables in the language shown, keeping the template’s own names', async () => {
    $browserLanguages.set(['es-AR']);
    try {
      await languageReady();
      expect(templateFields(promo).map((field) => field.label)).toEqual([
        'Encabezado {{1}}',
        'Cuerpo {{first_name}}',
        'Cuerpo {{code}}',
        'URL del botón “Track”',
      ]);
    } finally {
      $browserLanguages.set(['en']);
      await languageReady();
    }
  });
});

describe('filledParameters', () => {
  it('is null while any variable is blank, and the request shape once all are filled', () => {
    expect(filledParameters(promo, { header: 'Autumn', 'body:first_name': 'Bo', 'body:code': '  ' })).toBeNull();
    expect(
      filledParameters(promo, { header: ' Autumn ', 'body:first_name': 'Bo', 'body:code': 'X1', 'button:1': 'Z9' }),
    ).toEqual({ header: 'Autumn', body: { first_name: 'Bo', code: 'X1' }, buttons: { '1': 'Z9' } });
  });

  it('sends no parameters for a template without variables', () => {
    expect(filledParameters({ body: [], buttons: [] }, {})).toBeUndefined();
  });
});

describe('fillText', () => {
  it('puts typed values in place and leaves the empty ones as they are', () => {
    expect(fillText('Hi {{1}}, see you {{ 2 }}.', { 'body:1': 'Ana' }, (name) => `body:${name}`)).toBe(
      'Hi Ana, see you {{ 2 }}.',
    );
  });
});
