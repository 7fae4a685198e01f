import { HEX_COLOUR, LABEL_COLOURS, MAX_LABEL_NAME } from '@parley/shared';
import { ColorPicker, Form, Input, Select, Space, Tag } from 'antd';
import type { Rule } from 'antd/es/form';

export interface LabelValues {
  name: string;
  colour: string;
}

export const NAME_REQUIRED = 'Name is required';
/** A colour of the owner's own: the preset list's last choice opens a colour picker. */
export const CUSTOM_COLOUR = 'custom';
export const DEFAULT_COLOUR = 'blue';

const nameRules: Rule[] = [
  { required: true, whitespace: true, message: NAME_REQUIRED },
  { max: MAX_LABEL_NAME, message: `Name is at most ${MAX_LABEL_NAME} characters` },
];

const capitalised = (colour: string) => colour.charAt(0).toUpperCase() + colour.slice(1);

/** Name, and a colour from antd's presets (shown as the tag it makes) or `#rrggbb` from the colour picker. */
export function LabelFields() {
  return (
    <>
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input maxLength={MAX_LABEL_NAME} autoComplete="off" placeholder="VIP" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.colour !== after.colour}>
        {({ getFieldValue, setFieldValue }) => {
          const colour: string = getFieldValue('colour') ?? DEFAULT_COLOUR;
          const custom = HEX_COLOUR.test(colour);
          return (
            <Form.Item label="Colour" required>
              <Space wrap>
                <Select
                  aria-label="Colour"
                  value={custom ? CUSTOM_COLOUR : colour}
                  onChange={(chosen: string) => setFieldValue('colour', chosen === CUSTOM_COLOUR ? '#1677ff' : chosen)}
                  style={{ minWidth: 160 }}
                  options={[
                    ...LABEL_COLOURS.map((preset) => ({
                      value: preset,
                      label: (
                        <Tag color={preset} variant="filled">
                          {capitalised(preset)}
                        </Tag>
                      ),
                    })),
                    { value: CUSTOM_COLOUR, label: 'Custom…' },
                  ]}
                />
                {custom && (
                  <ColorPicker
                    aria-label="Custom colour"
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
