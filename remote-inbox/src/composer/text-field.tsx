import { ThunderboltOutlined } from '@ant-design/icons';
import { matchingSavedReplies, typedShortcut, useTexts, type SavedReply } from '@parley/shared';
import { Button, Input, Popover, theme, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { texts } from '../i18n';
import { isTextTooLong, MAX_TEXT_LENGTH } from './composer-validation';
import { useSavedReplies } from './saved-replies';
import { SavedReplyList } from './saved-reply-list';
import './text-field.css';

export interface TextFieldProps {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  disabled: boolean;
  /** The text a saved reply inserts (placeholders filled); without it the box offers no saved replies. */
  fillReply?: (reply: SavedReply) => string;
}

/**
 * Enter sends, Shift+Enter starts a new line (and Enter that confirms an IME composition does neither). The count
 * shows how close the text is to WhatsApp's limit; a longer text is kept (nothing is cut) but cannot be sent.
 * Saved replies (issue #21): '/' at the start lists them, filtered by the shortcut typed after it (arrows and
 * Enter or a click insert one, Escape closes); the button beside the box lists them all. The inserted text is
 * the message's text, editable before sending.
 */
export function TextField({ value, onChange, onSubmit, disabled, fillReply }: TextFieldProps) {
  const t = useTexts(texts);
  const { token } = theme.useToken();
  const listId = useId();
  const box = useRef<TextAreaRef>(null);
  const saved = useSavedReplies();
  const [dismissed, setDismissed] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const [pickerOpen, setPickerOpen] = useState(false);
  /** Where the caret goes once an inserted text is in the box. */
  const caretAfterInsert = useRef<number | null>(null);

  const typed = fillReply ? typedShortcut(value) : undefined;
  const slashOpen = typed !== undefined && !dismissed && !disabled;
  const matches = slashOpen ? matchingSavedReplies(saved.replies, typed) : [];
  const active = matches.length > 0 ? Math.min(activeIndex, matches.length - 1) : -1;

  const { load } = saved;
  useEffect(() => {
    if (slashOpen) load();
  }, [slashOpen, load]);
  useEffect(() => setActiveIndex(0), [typed]);
  useEffect(() => {
    const caret = caretAfterInsert.current;
    const textArea = box.current?.resizableTextArea?.textArea;
    if (caret === null || !textArea) return;
    caretAfterInsert.current = null;
    textArea.focus();
    textArea.setSelectionRange(caret, caret);
  }, [value]);

  const change = (text: string) => {
    if (typedShortcut(text) === undefined) setDismissed(false);
    onChange(text);
  };

  /** The slash list replaces the '/shortcut' typed; the picker inserts at the caret (or replaces a shortcut). */
  const insert = (reply: SavedReply, at: 'whole' | 'caret') => {
    if (!fillReply) return;
    const text = fillReply(reply);
    const textArea = box.current?.resizableTextArea?.textArea;
    let next = text;
    if (at === 'caret' && value !== '' && typedShortcut(value) === undefined) {
      const start = textArea?.selectionStart ?? value.length;
      const end = textArea?.selectionEnd ?? value.length;
      next = value.slice(0, start) + text + value.slice(end);
      caretAfterInsert.current = start + text.length;
    } else {
      caretAfterInsert.current = text.length;
    }
    setDismissed(false);
    setPickerOpen(false);
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (slashOpen && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      return;
    }
    if (slashOpen && matches.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((active + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        insert(matches[active], 'whole');
        return;
      }
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    onSubmit();
  };

  const popupStyle = { background: token.colorBgElevated, border: `1px solid ${token.colorBorderSecondary}` };
  const tooLong = isTextTooLong(value);
  return (
    <div className="inbox-text-box">
      {slashOpen && (
        <div className="inbox-saved-replies-popup" style={popupStyle}>
          <SavedReplyList
            id={listId}
            replies={matches}
            preview={fillReply ?? ((reply) => reply.text)}
            activeIndex={active}
            loading={saved.loading}
            failed={saved.failed}
            typed={typed}
            onPick={(reply) => insert(reply, 'whole')}
            onHover={setActiveIndex}
          />
        </div>
      )}
      <div className="inbox-text-row">
        <Input.TextArea
          ref={box}
          aria-label={t('composer.message')}
          placeholder={fillReply ? t('composer.placeholderSaved') : t('composer.placeholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          value={value}
          disabled={disabled}
          status={tooLong ? 'error' : undefined}
          aria-controls={slashOpen ? listId : undefined}
          aria-activedescendant={slashOpen && active >= 0 ? `${listId}-${matches[active].id}` : undefined}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {fillReply && (
          <Popover
            trigger="click"
            placement="topLeft"
            open={pickerOpen}
            onOpenChange={(open) => {
              setPickerOpen(open);
              if (open) load();
            }}
            content={
              <SavedReplyList
                id={`${listId}-picker`}
                replies={saved.replies}
                preview={fillReply}
                activeIndex={-1}
                loading={saved.loading}
                failed={saved.failed}
                onPick={(reply) => insert(reply, 'caret')}
              />
            }
          >
            <Tooltip title={t('savedReplies.title')}>
              <Button aria-label={t('savedReplies.title')} icon={<ThunderboltOutlined />} disabled={disabled} />
            </Tooltip>
          </Popover>
        )}
      </div>
      <div className="inbox-text-count">
        <Typography.Text type="danger" role={tooLong ? 'alert' : undefined} style={{ fontSize: 12 }}>
          {tooLong ? t('composer.tooLong', { max: MAX_TEXT_LENGTH }) : ''}
        </Typography.Text>
        <Typography.Text type={tooLong ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {`${value.length} / ${MAX_TEXT_LENGTH}`}
        </Typography.Text>
      </div>
    </div>
  );
}
