/**
 * What a newly synced flow starts with: Meta gives only a name and categories, so the description and the
 * message texts come from the category until an owner customises them.
 */
const CATEGORY_TEXTS: Record<string, { description: string; cta: string }> = {
  SIGN_UP: { description: 'Sign-up form', cta: 'Sign up' },
  SIGN_IN: { description: 'Sign-in form', cta: 'Sign in' },
  APPOINTMENT_BOOKING: { description: 'Appointment booking form', cta: 'Book now' },
  LEAD_GENERATION: { description: 'Lead capture form', cta: 'Get in touch' },
  CONTACT_US: { description: 'Contact form', cta: 'Contact us' },
  CUSTOMER_SUPPORT: { description: 'Customer support form', cta: 'Get help' },
  SURVEY: { description: 'Survey', cta: 'Start survey' },
  SHOPPING: { description: 'Shopping form', cta: 'Shop now' },
  OTHER: { description: 'Form', cta: 'Open form' },
};

export function defaultFormTexts(name: string, categories: string[]) {
  const texts = CATEGORY_TEXTS[categories[0] ?? 'OTHER'] ?? CATEGORY_TEXTS.OTHER;
  return {
    description: texts.description,
    header: name.slice(0, 60),
    body: 'Please tap the button below to fill in the form.',
    footer: null,
    ctaText: texts.cta,
  };
}
