import { SendOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import {
  $profile,
  errorStatus,
  TOAST_MS,
  useToast,
  type Contact,
  type Message,
  type Note,
  type NoteUser,
  type SavedReply,
  useTexts,
} from '@parley/shared';
import { Alert, Button, Segmented } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { AssetField } from './asset-field';
import { emptyDraft, type ComposerDraft, type ComposerMode } from './composer-draft';
import { texts } from '../i18n';
import { useTypingSignal } from '../chat/who-is-here';
import { planSend } from './composer-validation';
import { FormField } from './form-field';
import { NoteField } from '../notes/note-field';
import { MediaField } from './media-field';
import { ReplyBanner } from './reply-banner';
import { filledText } from './saved-replies';
import { sendErrorText, sendMessage } from './send-message';
import { TemplateField } from './template-field';
import { TextField } from './text-field';

export interface ComposerProps {
  conversationId: string;
  /** False once the customer's last message is older than 24 hours: only templates may be sent. */
  canSendFreeForm: boolean;
  replyTarget: Message | null;
  onCancelReply: () => void;
  onSent: (message: Message) => void;
  /** A send refused as a business rule (422, e.g. the window closed meanwhile): the caller refreshes. */
  onRefused?: () => void;
  /** Counts "Send a template" clicks (after WhatsApp refused a message outside the window): each opens the picker. */
  templateRequest?: number;
  /** The conversation's customer: fills `{{contact.name}}` in saved replies. */
  contact?: Contact;
  /** The Note mode (issue #21): whom a note can mention, and the note once saved. Without it, no Note mode. */
  notes?: { staff: NoteUser[]; onAdded: (note: Note) => void };
}

/** The type selector's choices, plus 'note': a private note for the staff, never sent (issue #21). */
type ChosenMode = Exclude<ComposerMode, 'template'> | 'note';

/** Type selector, the chosen type's fields, Send, and the 'Replying to' banner (docs/product-rules.md#composer, #validation). */
export function Composer({
  conversationId,
  canSendFreeForm,
  replyTarget,
  onCancelReply,
  onSent,
  onRefused,
  templateRequest = 0,
  contact,
  notes,
}: ComposerProps) {
  const t = useTexts(texts);
  const modes: Array<{ value: Exclude<ChosenMode, 'note'>; label: string }> = [
    { value: 'text', label: t('composer.text') },
    { value: 'media', label: t('composer.media') },
    { value: 'asset', label: t('composer.asset') },
    { value: 'form', label: t('composer.form') },
  ];
  const noteMode = { value: 'note' as const, label: t('composer.note') };
  const toast = useToast(TOAST_MS.screen);
  const profile = useStore($profile);
  const fillReply = useCallback((reply: SavedReply) => filledText(reply, contact, profile), [contact, profile]);
  const [chosenMode, setChosenMode] = useState<ChosenMode>('text');
  const [draft, setDraft] = useState<ComposerDraft>(emptyDraft('text'));
  // Colleagues with this conversation open see "… is typing…" (issue #21).
  useTypingSignal(conversationId, draft.text);
  const [sending, setSending] = useState(false);
  const [templateAsked, setTemplateAsked] = useState(false);
  useEffect(() => {
    if (templateRequest > 0) setTemplateAsked(true);
  }, [templateRequest]);
  const choosing = canSendFreeForm && !templateAsked;
  // Notes are for the staff, so the closed window does not stop them (a choice of Template or Note there).
  const writingNote = !templateAsked && chosenMode === 'note' && !!notes;
  const mode: ComposerMode = choosing ? (chosenMode === 'note' ? 'text' : chosenMode) : 'template';
  const current = { ...draft, mode };
  const plan = planSend(current);
  const update = (patch: Partial<ComposerDraft>) => setDraft((previous) => ({ ...previous, ...patch }));

  const submit = async () => {
    if (!plan || sending) return;
    setSending(true);
    try {
      const message = await sendMessage(conversationId, plan, replyTarget?.id);
      onSent(message);
      setDraft(emptyDraft(mode));
      setTemplateAsked(false);
      onCancelReply();
    } catch (error) {
      toast.error(sendErrorText(error));
      if (errorStatus(error) === 422) onRefused?.();
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="inbox-composer">
      {replyTarget && <ReplyBanner target={replyTarget} onCancel={onCancelReply} />}
      {canSendFreeForm && templateAsked ? (
        <Alert
          type="warning"
          showIcon
          title={t('composer.templateAsked')}
          action={
            <Button size="small" onClick={() => setTemplateAsked(false)}>
              {t('common.cancel')}
            </Button>
          }
        />
      ) : canSendFreeForm ? (
        <Segmented
          aria-label={t('composer.type')}
          size="small"
          value={chosenMode}
          options={notes ? [...modes, noteMode] : modes}
          onChange={(value) => setChosenMode(value)}
        />
      ) : (
        <>
          {/* The same text as the server's 422 (docs/product-rules.md#service-window). */}
          <Alert type="info" showIcon title={t('composer.windowClosed')} />
          {notes && (
            <Segmented
              aria-label={t('composer.type')}
              size="small"
              value={chosenMode === 'note' ? 'note' : 'template'}
              options={[{ value: 'template', label: t('composer.template') }, noteMode]}
              onChange={(value) => setChosenMode(value === 'note' ? 'note' : 'text')}
            />
          )}
        </>
      )}
      {writingNote ? (
        <NoteField conversationId={conversationId} staff={notes.staff} onAdded={notes.onAdded} />
      ) : (
        <div className="inbox-composer-row">
          <div style={{ flex: 1, minWidth: 0 }}>
            {mode === 'text' && (
              <TextField
                value={draft.text}
                onChange={(text) => update({ text })}
                onSubmit={submit}
                disabled={false}
                fillReply={fillReply}
              />
            )}
            {mode === 'media' && (
              <MediaField
                file={draft.file}
                caption={draft.caption}
                onFile={(file) => update({ file })}
                onCaption={(caption) => update({ caption })}
              />
            )}
            {mode === 'asset' && (
              <AssetField
                assetId={draft.assetId}
                caption={draft.caption}
                onAsset={(assetId) => update({ assetId })}
                onCaption={(caption) => update({ caption })}
              />
            )}
            {mode === 'form' && <FormField formId={draft.formId} onForm={(formId) => update({ formId })} />}
            {mode === 'template' && (
              <TemplateField
                key={templateRequest}
                autoOpen={templateRequest > 0}
                template={draft.template}
                onTemplate={(template) => update({ template, templateValues: {} })}
                values={draft.templateValues}
                onValues={(templateValues) => update({ templateValues })}
              />
            )}
          </div>
          <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={!plan} onClick={submit}>
            {t('composer.send')}
          </Button>
        </div>
      )}
    </div>
  );
}
