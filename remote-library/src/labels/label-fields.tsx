import { HEX_COLOUR, LABEL_COLOURS, MAX_LABEL_NAME, useTexts, type LabelColour } from '@parley/shared';
import { ColorPicker, Form, Input, Select, Space, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { texts } from '../i18n';

export interface LabelValues {
  name: string;
  colour: string;
}

/** A colour of the owner's own: the preset list's last choice opens a colour picker. */
export const CUSTOM_COLOUR = 'custom';
export const DEFAULT_COLOUR = 'blue';

/** Name, and a colour from antd's presets (shown as the tag it makes) or `#rrggbb` from the colour picker. */
export function LabelFields() {
  const t = useTexts(texts);
  const nameRules: Rule[] = [
    { required: true, whitespace: true, message: t('labels.nameRequired') },
    { max: MAX_LABEL_NAME, message: t('labels.nameTooLong', { max: MAX_LABEL_NAME }) },
  ];
  const colourNames: Record<LabelColour, string> = {
    magenta: t('colours.magenta'),
    red: t('colours.red'),
    volcano: t('colours.volcano'),
    orange: t('colours.orange'),
    gold: t('colours.gold'),
    lime: t('colours.lime'),
    green: t('colours.green'),
    cyan: t('colours.cyan'),
    blue: t('colours.blue'),
    geekblue: t('colours.geekblue'),
    purple: t('colours.purple'),
  };
  return (
    <>
      <Form.Item label={t('common.name')} name="name" rules={nameRules}>
        <Input maxLength={MAX_LABEL_NAME} autoComplete="off" placeholder={t('labels.namePlaceholder')} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.colour !== after.colour}>
        {({ getFieldValue, setFieldValue }) => {
          const colour: string = getFieldValue('colour') ?? DEFAULT_COLOUR;
          const custom = HEX_COLOUR.test(colour);
          return (
            <Form.Item label={t('labels.colour')} required>
              <Space wrap>
                <Select
                  aria-label={t('labels.colour')}
                  value={custom ? CUSTOM_COLOUR : colour}
                  onChange={(chosen: string) => setFieldValue('colour', chosen === CUSTOM_COLOUR ? '#1677ff' : chosen)}
                  style={{ minWidth: 160 }}
                  options={[
                    ...LABEL_COLOURS.map((preset) => ({
                      value: preset,
                      label: (
                        <Tag color={preset} variant="filled">
                          {colourNames[preset]}
                        </Tag>
                      ),
                    })),
                    { value: CUSTOM_COLOUR, label: t('labels.custom') },
                  ]}
                />
                {custom && (
                  <ColorPicker
                    aria-label={t('labels.customColour')}
                    value={colour}
                    disabledAlpha
                    showText
                    onChangeComplete={(picked) => setFieldValue('colour', picked.toHexString().toLowerCase())}
                  />
                )}
              </Space>
            </Form.Item>
          );
        }}
      </Form.Item>
      <Form.Item name="colour" hidden initialValue={DEFAULT_COLOUR}>
        <Input />
      </Form.Item>
    </>
  );
}

/** What the server takes: the name trimmed and the colour (a preset name or `#rrggbb`). */
export const labelBody = (values: Partial<LabelValues>) => ({
  name: (values.name ?? '').trim(),
  colour: values.colour || DEFAULT_COLOUR,
});
