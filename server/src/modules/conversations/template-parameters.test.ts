import { buildTemplateComponents, filledBodyText, parametersOf } from './template-parameters';

const orderShipped = [
  { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://example.com/parcel.png'] } },
  {
    type: 'BODY',
    text: 'Good news, {{1}}: your order {{2}} is on its way. {{1}}, thanks!',
    example: { body_text: [['Ana', '#42']] },
  },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Thanks' },
      {
        type: 'URL',
        text: 'Track',
        url: 'https://shop.example/track/{{1}}',
        example: ['https://shop.example/track/A1'],
      },
    ],
  },
];

describe('template parameters', () => {
  it('lists what a template needs, with Meta’s examples', () => {
    expect(parametersOf(orderShipped)).toEqual({
      header: { format: 'IMAGE', example: 'https://example.com/parcel.png' },
      body: [
        { name: '1', example: 'Ana' },
        { name: '2', example: '#42' },
      ],
      buttons: [
        { index: 1, text: 'Track', url: 'https://shop.example/track/{{1}}', example: 'https://shop.example/track/A1' },
      ],
    });
  });

  it('reads named variables and a text header', () => {
    expect(
      parametersOf([
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Hi {{name}}',
          example: { header_text_named_params: [{ param_name: 'name', example: 'Ana' }] },
        },
        {
          type: 'BODY',
          text: 'Order {{order_id}}',
          example: { body_text_named_params: [{ param_name: 'order_id', example: '9' }] },
        },
      ]),
    ).toEqual({
      header: { format: 'TEXT', name: 'name', example: 'Ana' },
      body: [{ name: 'order_id', example: '9' }],
      buttons: [],
    });
  });

  it('builds Meta’s components from the filled values', () => {
    const needed = parametersOf(orderShipped);
    expect(
      buildTemplateComponents(needed, {
        header: 'https://cdn.example/p.png',
        body: { '1': 'Bruno', '2': '#7' },
        buttons: { '1': 'X9' },
      }),
    ).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/p.png' } }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Bruno' },
          { type: 'text', text: '#7' },
        ],
      },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'X9' }] },
    ]);
    expect(filledBodyText(orderShipped, { body: { '1': 'Bruno', '2': '#7' } })).toBe(
      'Good news, Bruno: your order #7 is on its way. Bruno, thanks!',
    );
  });

  it('names every missing parameter in one 400', () => {
    expect(() => buildTemplateComponents(parametersOf(orderShipped), { body: { '1': 'Bruno', '2': ' ' } })).toThrow(
      'Template parameters missing: header image, body {{2}}, button “Track” URL',
    );
    expect(() =>
      buildTemplateComponents(parametersOf(orderShipped), {
        header: 'http://plain',
        body: { '1': 'a', '2': 'b' },
        buttons: { '1': 'c' },
      }),
    ).toThrow('Template header image must be an https link');
  });

  it('needs nothing for a template without variables', () => {
    expect(buildTemplateComponents(parametersOf([{ type: 'BODY', text: 'Hello' }]))).toEqual([]);
  });
});
