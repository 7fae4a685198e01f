/**
 * WhatsApp's limits for the interactive message that carries a flow (header text 60, body 1024, footer 60
 * characters; button text at most 30 characters — 20 in older documents — and no emoji).
 */
export const FLOW_TEXT_LIMITS = { header: 60, body: 1024, footer: 60, ctaText: 30 } as const;

/** Pictographic characters and the joiners/variation selectors that build emoji sequences. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3/u;

export const hasEmoji = (text: string) => EMOJI.test(text);
