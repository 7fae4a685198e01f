/** Texts of the mails Parley sends. */
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function codeMail(to: string, subject: string, intro: string, code: string, link: string): MailMessage {
  const text = `${intro}\n\nYour code: ${code}\n\nIt expires in 15 minutes and works once. Continue at ${link}\n\nIf you did not ask for it, ignore this mail.`;
  const html = `<p>${escapeHtml(intro)}</p><p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p><p>It expires in 15 minutes and works once. Continue at <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>.</p><p>If you did not ask for it, ignore this mail.</p>`;
  return { to, subject, text, html, code };
}

export const verificationMail = (to: string, code: string, publicUrl: string) =>
  codeMail(
    to,
    'Your Parley verification code',
    'Welcome to Parley! Confirm your email with this code.',
    code,
    `${publicUrl}/verify`,
  );

export const passwordResetMail = (to: string, code: string, publicUrl: string) =>
  codeMail(
    to,
    'Your Parley password reset code',
    'Use this code to choose a new Parley password.',
    code,
    `${publicUrl}/forgot-password`,
  );

/** Sign-up with an address that already has an account: its owner learns of it; the sign-up answer says nothing. */
export function signUpAttemptMail(to: string, publicUrl: string): MailMessage {
  const intro = 'Someone tried to sign up for Parley with your email address, which already has an account.';
  const advice = `If it was you, log in at ${publicUrl}/login, or choose a new password at ${publicUrl}/forgot-password.`;
  const ignore = 'If it was not you, ignore this mail: nothing was changed.';
  return {
    to,
    subject: 'Someone tried to sign up with your address',
    text: `${intro}\n\n${advice}\n\n${ignore}`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(advice)}</p><p>${escapeHtml(ignore)}</p>`,
  };
}
