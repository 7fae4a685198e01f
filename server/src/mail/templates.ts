/** The mails Parley sends, in the recipient's language (texts.ts). */
import type { Language } from '@parley/contract';
import type { MailMessage } from './mailer';
import { MAIL_TEXTS } from './texts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const anchor = (link: string) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;

/** A sentence with links in it, as HTML: the sentence escaped, each link an anchor. */
function withAnchors(sentence: (...links: string[]) => string, links: string[]): string {
  const marks = links.map((_, index) => `{{${index}}}`);
  return escapeHtml(sentence(...marks)).replace(/\{\{(\d+)\}\}/g, (_, index: string) => anchor(links[+index]));
}

function codeMail(to: string, language: Language, kind: 'verification' | 'reset', code: string, link: string) {
  const texts = MAIL_TEXTS[language];
  const { subject, intro } = texts[kind];
  const text = `${intro}\n\n${texts.code(code)}\n\n${texts.expiry(link)}\n\n${texts.notYou}`;
  const html = `<p>${escapeHtml(intro)}</p><p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p><p>${withAnchors(texts.expiry, [link])}.</p><p>${escapeHtml(texts.notYou)}</p>`;
  return { to, subject, text, html, code } satisfies MailMessage;
}

export const verificationMail = (to: string, code: string, publicUrl: string, language: Language) =>
  codeMail(to, language, 'verification', code, `${publicUrl}/verify`);

export const passwordResetMail = (to: string, code: string, publicUrl: string, language: Language) =>
  codeMail(to, language, 'reset', code, `${publicUrl}/forgot-password`);

/** Sign-up with an address that already has an account: its owner learns of it; the sign-up answer says nothing. */
export function signUpAttemptMail(to: string, publicUrl: string, language: Language): MailMessage {
  const { subject, intro, advice, ignore } = MAIL_TEXTS[language].signUpAttempt;
  const links = [`${publicUrl}/login`, `${publicUrl}/forgot-password`];
  return {
    to,
    subject,
    text: `${intro}\n\n${advice(links[0], links[1])}\n\n${ignore}`,
    html: `<p>${escapeHtml(intro)}</p><p>${withAnchors(advice, links)}</p><p>${escapeHtml(ignore)}</p>`,
  };
}
