import { Input } from 'antd';
import type { KeyboardEvent } from 'react';

export interface TextFieldProps {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  disabled: boolean;
}

/** Enter sends, Shift+Enter starts a new line (and Enter that confirms an IME composition does neither). */
export function TextField({ value, onChange, onSubmit, disabled }: TextFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSubmit();
  };
  return (
    <Input.TextArea
      aria-label="Message"
      placeholder="Type a message"
      autoSize={{ minRows: 1, maxRows: 6 }}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
