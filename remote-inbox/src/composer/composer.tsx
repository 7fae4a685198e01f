import { SendOutlined } from '@ant-design/icons';
import { errorStatus, TOAST_MS, useToast, type Message } from '@parley/shared';
import { Alert, Button, Segmented } from 'antd';
import { useState } from 'react';
import { AssetField } from './asset-field';
import { emptyDraft, MODE_LABELS, type ComposerDraft, type ComposerMode } from './composer-draft';
import { planSend } from './composer-validation';
import { FormField } from './form-field';
import { MediaField } from './media-field';
import { ReplyBanner } from './reply-banner';
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
}

export const WINDOW_CLOSED_TEXT =
  'The 24-hour window is closed: the customer has not written in the last 24 hours, so WhatsApp only allows a template until they write again.';

/** Type selector, the chosen type's fields, Send, and the 'Replying to' banner (spec sections 2 and 5). */
export function Composer({
  conversationId,
  canSendFreeForm,
  replyTarget,
  onCancelReply,
  onSent,
  onRefused,
}: ComposerProps) {
  const toast = useToast(TOAST_MS.screen);
  const [chosenMode, setChosenMode] = useState<Exclude<ComposerMode, 'template'>>('text');
  const [draft, setDraft] = useState<ComposerDraft>(emptyDraft('text'));
  const [sending, setSending] = useState(false);
  const mode: ComposerMode = canSendFreeForm ? chosenMode : 'template';
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
      {canSendFreeForm ? (
        <Segmented
          aria-label="Message type"
          size="small"
          value={chosenMode}
          options={MODE_LABELS}
          onChange={(value) => setChosenMode(value)}
        />
      ) : (
        <Alert type="info" showIcon title={WINDOW_CLOSED_TEXT} />
      )}
      <div className="inbox-composer-row">
        <div style={{ flex: 1, minWidth: 0 }}>
          {mode === 'text' && (
            <TextField value={draft.text} onChange={(text) => update({ text })} onSubmit={submit} disabled={false} />
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
            <TemplateField template={draft.template} onTemplate={(template) => update({ template })} />
          )}
        </div>
        <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={!plan} onClick={submit}>
          Send
        </Button>
      </div>
    </div>
  );
}
