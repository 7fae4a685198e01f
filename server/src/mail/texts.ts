/**
 * The mails' texts in each language Parley ships (docs/decisions/0006-languages.md). Typed, so a language missing
 * a text fails the typecheck. Links are given ready to insert: plain in the text part, an anchor in the HTML part.
 */
import type { Language } from '@parley/contract';

export interface MailTexts {
  verification: { subject: string; intro: string };
  reset: { subject: string; intro: string };
  code: (code: string) => string;
  expiry: (link: string) => string;
  notYou: string;
  signUpAttempt: { subject: string; intro: string; advice: (login: string, reset: string) => string; ignore: string };
}

export const MAIL_TEXTS: Record<Language, MailTexts> = {
  en: {
    verification: {
      subject: 'Your Parley verification code',
      intro: 'Welcome to Parley! Confirm your email with this code.',
    },
    reset: { subject: 'Your Parley password reset code', intro: 'Use this code to choose a new Parley password.' },
    code: (code) => `Your code: ${code}`,
    expiry: (link) => `It expires in 15 minutes and works once. Continue at ${link}`,
    notYou: 'If you did not ask for it, ignore this mail.',
    signUpAttempt: {
      subject: 'Someone tried to sign up with your address',
      intro: 'Someone tried to sign up for Parley with your email address, which already has an account.',
      advice: (login, reset) => `If it was you, log in at ${login}, or choose a new password at ${reset}.`,
      ignore: 'If it was not you, ignore this mail: nothing was changed.',
    },
  },
  'pt-BR': {
    verification: {
      subject: 'Seu código de verificação do Parley',
      intro: 'Boas-vindas ao Parley! Confirme seu e-mail com este código.',
    },
    reset: {
      subject: 'Seu código para redefinir a senha do Parley',
      intro: 'Use este código para escolher uma nova senha do Parley.',
    },
    code: (code) => `Seu código: ${code}`,
    expiry: (link) => `Ele expira em 15 minutos e funciona uma só vez. Continue em ${link}`,
    notYou: 'Se você não pediu este código, ignore este e-mail.',
    signUpAttempt: {
      subject: 'Alguém tentou se cadastrar com seu endereço',
      intro: 'Alguém tentou se cadastrar no Parley com seu endereço de e-mail, que já tem uma conta.',
      advice: (login, reset) => `Se foi você, entre em ${login} ou escolha uma nova senha em ${reset}.`,
      ignore: 'Se não foi você, ignore este e-mail: nada foi alterado.',
    },
  },
  es: {
    verification: {
      subject: 'Tu código de verificación de Parley',
      intro: '¡Te damos la bienvenida a Parley! Confirma tu correo con este código.',
    },
    reset: {
      subject: 'Tu código para restablecer la contraseña de Parley',
      intro: 'Usa este código para elegir una nueva contraseña de Parley.',
    },
    code: (code) => `Tu código: ${code}`,
    expiry: (link) => `Caduca en 15 minutos y sirve una sola vez. Continúa en ${link}`,
    notYou: 'Si no lo pediste, ignora este correo.',
    signUpAttempt: {
      subject: 'Alguien intentó registrarse con tu dirección',
      intro: 'Alguien intentó registrarse en Parley con tu dirección de correo, que ya tiene una cuenta.',
      advice: (login, reset) => `Si fuiste tú, inicia sesión en ${login} o elige una nueva contraseña en ${reset}.`,
      ignore: 'Si no fuiste tú, ignora este correo: no se cambió nada.',
    },
  },
};
