import {
  EnvironmentOutlined,
  FileOutlined,
  FormOutlined,
  NotificationOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTexts, type Message } from '@parley/shared';
import { Typography } from 'antd';
import { texts } from '../i18n';
import { messageView, referralView, type MessageView } from './message-view';

const mediaStyle = { display: 'block', maxWidth: '100%', maxHeight: 280, borderRadius: 6 } as const;

function Caption({ text }: { text?: string }) {
  return text ? <div className="inbox-text">{text}</div> : null;
}

function Missing({ label, unavailable }: { label: string; unavailable?: boolean }) {
  const t = useTexts(texts);
  // Incoming media is visible at once; its file appears when the server has downloaded it.
  return (
    <Typography.Text type="secondary">
      {label} ({unavailable ? t('message.fileNotAvailable') : t('message.fileNotAvailableYet')})
    </Typography.Text>
  );
}

function ViewBody({ view }: { view: MessageView }) {
  const t = useTexts(texts);
  switch (view.kind) {
    case 'text':
      return <div className="inbox-text">{view.text}</div>;
    case 'image':
      return (
        <>
          {view.url ? (
            <a href={view.url} target="_blank" rel="noreferrer">
              <img src={view.url} alt={view.caption ?? t('message.image')} loading="lazy" style={mediaStyle} />
            </a>
          ) : (
            <Missing label={t('message.image')} unavailable={view.unavailable} />
          )}
          <Caption text={view.caption} />
        </>
      );
    case 'video':
      return (
        <>
          {view.url ? (
            <video src={view.url} controls preload="metadata" style={mediaStyle} />
          ) : (
            <Missing label={t('message.video')} unavailable={view.unavailable} />
          )}
          <Caption text={view.caption} />
        </>
      );
    case 'audio':
      return view.url ? (
        <audio src={view.url} controls preload="none" style={{ maxWidth: '100%' }} />
      ) : (
        <Missing label={t('message.audio')} unavailable={view.unavailable} />
      );
    case 'sticker':
      return view.url ? (
        <img src={view.url} alt={t('message.sticker')} width={96} height={96} loading="lazy" />
      ) : (
        <Missing label={t('message.sticker')} unavailable={view.unavailable} />
      );
    case 'document':
      return (
        <>
          {view.url ? (
            <a href={view.url} target="_blank" rel="noreferrer">
              <FileOutlined /> {view.fileName}
            </a>
          ) : (
            <Missing label={view.fileName} unavailable={view.unavailable} />
          )}
          <Caption text={view.caption} />
        </>
      );
    case 'form':
      return (
        <span>
          <FormOutlined /> {view.name}
        </span>
      );
    case 'answers':
      return view.answers.length ? (
        <dl className="inbox-answers">
          {view.answers.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Typography.Text type="secondary">{t('message.formAnswer')}</Typography.Text>
      );
    case 'reaction':
      return <span>{view.emoji ? t('message.reacted', { emoji: view.emoji }) : t('message.removedReaction')}</span>;
    case 'location': {
      const hasPoint = view.latitude !== undefined && view.longitude !== undefined;
      return (
        <span>
          <EnvironmentOutlined /> {[view.name, view.address].filter(Boolean).join(', ') || t('message.location')}
          {hasPoint && (
            <>
              {' '}
              <a
                href={`https://www.openstreetmap.org/?mlat=${view.latitude}&mlon=${view.longitude}`}
                target="_blank"
                rel="noreferrer"
              >
                ({view.latitude}, {view.longitude})
              </a>
            </>
          )}
        </span>
      );
    }
    case 'contacts':
      return (
        <div>
          {view.contacts.map((contact, index) => (
            <div key={index}>
              <UserOutlined /> {contact.name}
              {contact.phones.length > 0 && ` · ${contact.phones.join(', ')}`}
            </div>
          ))}
        </div>
      );
    case 'template':
      return (
        <div>
          <div className="inbox-muted">{t('message.template', { name: view.name })}</div>
          {view.text && <div style={{ whiteSpace: 'pre-wrap' }}>{view.text}</div>}
        </div>
      );
    case 'order':
      return (
        <div className="inbox-order">
          <div>
            <ShoppingCartOutlined /> {t('message.order')}
          </div>
          <table>
            <tbody>
              {view.items.map((item, index) => (
                <tr key={index}>
                  <td>{item.product}</td>
                  <td>× {item.quantity}</td>
                  <td>{item.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {view.total && <div className="inbox-order-total">{t('message.total', { amount: view.total })}</div>}
          <Caption text={view.note} />
        </div>
      );
    case 'notice':
      return <span>{view.text}</span>;
    case 'unsupported':
      return <Typography.Text type="secondary">{t('message.unsupported')}</Typography.Text>;
  }
}

/** The ad a customer tapped to start writing (click-to-WhatsApp), shown above their message. */
export function ReferralBanner({ message }: { message: Message }) {
  const t = useTexts(texts);
  const referral = referralView(message);
  if (!referral) return null;
  return (
    <div className="inbox-referral">
      <div>
        <NotificationOutlined /> {t('message.fromAd')}
        {referral.headline ? ': ' : ''}
        {referral.headline && <strong>{referral.headline}</strong>}
      </div>
      {referral.body && <div className="inbox-muted">{referral.body}</div>}
      {referral.url && (
        <a href={referral.url} target="_blank" rel="noopener noreferrer">
          {referral.url}
        </a>
      )}
    </div>
  );
}

/** The body of one message, by type. */
export function MessageBody({ message }: { message: Message }) {
  return <ViewBody view={messageView(message)} />;
}
