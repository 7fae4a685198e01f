import { newNumericId } from './ids';
import type { Business, PhoneNumber, SandboxFlow, SandboxState, SandboxTemplate } from './state';

export const seeded = {
  wabaId: '100000000000001',
  phoneNumberId: '100000000000002',
  displayPhoneNumber: '15550001000',
  businessId: '100000000000003',
  token: 'sandbox-token-demo',
  verifiedName: 'Parley Demo',
  flowIds: {
    bookAppointment: '100000000000101',
    feedbackSurvey: '100000000000102',
    leadCapture: '100000000000103',
    draftFlow: '100000000000104',
  },
} as const;

type FlowSeed = Omit<SandboxFlow, 'id' | 'wabaId'>;

const flowSeeds: FlowSeed[] = [
  {
    name: 'Book an appointment',
    status: 'PUBLISHED',
    categories: ['APPOINTMENT_BOOKING'],
    color: [37, 211, 102],
    fields: [
      { name: 'full_name', label: 'Full name', kind: 'text', required: true },
      {
        name: 'service',
        label: 'Service',
        kind: 'choice',
        options: ['Consultation', 'Follow-up', 'Check-up'],
        required: true,
      },
      { name: 'date', label: 'Date', kind: 'date', required: true },
      { name: 'time', label: 'Time', kind: 'choice', options: ['09:00', '11:00', '14:00', '16:00'], required: true },
      { name: 'notes', label: 'Notes', kind: 'text' },
    ],
  },
  {
    name: 'Customer feedback survey',
    status: 'PUBLISHED',
    categories: ['SURVEY'],
    color: [52, 120, 246],
    fields: [
      {
        name: 'rating',
        label: 'How did we do? (1-5)',
        kind: 'choice',
        options: ['1', '2', '3', '4', '5'],
        required: true,
      },
      {
        name: 'recommend',
        label: 'Would you recommend us?',
        kind: 'choice',
        options: ['Yes', 'No', 'Maybe'],
        required: true,
      },
      { name: 'comments', label: 'Comments', kind: 'text' },
    ],
  },
  {
    name: 'Lead capture',
    status: 'PUBLISHED',
    categories: ['LEAD_GENERATION'],
    color: [255, 149, 0],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'email', label: 'Email', kind: 'email', required: true },
      { name: 'company', label: 'Company', kind: 'text' },
      { name: 'interest', label: 'Interested in', kind: 'choice', options: ['Pricing', 'Demo', 'Partnership'] },
    ],
  },
  {
    name: 'Return request (draft)',
    status: 'DRAFT',
    categories: ['CUSTOMER_SUPPORT'],
    color: [142, 142, 147],
    fields: [
      { name: 'order_number', label: 'Order number', kind: 'text', required: true },
      { name: 'reason', label: 'Reason', kind: 'text', required: true },
    ],
  },
];

function templateSeeds(): SandboxTemplate[] {
  return [
    {
      id: newNumericId(),
      name: 'hello_world',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
        {
          type: 'BODY',
          text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
        },
        { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
      ],
    },
    {
      id: newNumericId(),
      name: 'follow_up',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'Hi! We noticed we have not heard from you in a while. Is there anything else we can help you with?',
        },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Yes, please' },
            { type: 'QUICK_REPLY', text: 'No, thanks' },
          ],
        },
      ],
    },
    {
      id: newNumericId(),
      name: 'appointment_reminder',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'Hi {{1}}, this is a reminder of your appointment on {{2}}. Reply to reschedule.',
          example: { body_text: [['Ana', 'Monday at 10:00']] },
        },
      ],
    },
    {
      id: newNumericId(),
      name: 'bienvenida',
      language: 'es',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: '¡Hola! Gracias por escribirnos. ¿En qué podemos ayudarte?' }],
    },
    {
      id: newNumericId(),
      name: 'summer_sale_promo',
      language: 'en_US',
      status: 'REJECTED',
      category: 'MARKETING',
      rejected_reason: 'INVALID_FORMAT',
      components: [{ type: 'BODY', text: 'HUGE SALE!!! Click now!!!' }],
    },
    {
      id: newNumericId(),
      name: 'order_shipped',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://example.com/parcel.png'] } },
        {
          type: 'BODY',
          text: 'Good news, {{1}}: your order is on its way.',
          example: { body_text: [['Ana']] },
        },
      ],
    },
  ];
}

/** Creates a business with one phone number, a copy of the sample flows and templates. */
export function addBusiness(
  state: SandboxState,
  ids: { wabaId: string; businessId: string; phoneNumberId: string; displayPhoneNumber: string; flowIds?: string[] },
  settings: { name: string; registered: boolean; subscribedAppIds: string[] },
): { business: Business; phone: PhoneNumber } {
  const business: Business = {
    wabaId: ids.wabaId,
    businessId: ids.businessId,
    name: settings.name,
    subscribedAppIds: new Set(settings.subscribedAppIds),
    flows: flowSeeds.map((seed, index) => ({
      ...seed,
      fields: [...seed.fields],
      id: ids.flowIds?.[index] ?? newNumericId(),
      wabaId: ids.wabaId,
    })),
    templates: templateSeeds(),
  };
  const phone: PhoneNumber = {
    id: ids.phoneNumberId,
    wabaId: ids.wabaId,
    displayPhoneNumber: ids.displayPhoneNumber,
    verifiedName: settings.name,
    registered: settings.registered,
  };
  state.businesses.set(business.wabaId, business);
  state.phoneNumbers.set(phone.id, phone);
  return { business, phone };
}

export function seedState(state: SandboxState, appId: string): void {
  const { flowIds } = seeded;
  addBusiness(
    state,
    {
      wabaId: seeded.wabaId,
      businessId: seeded.businessId,
      phoneNumberId: seeded.phoneNumberId,
      displayPhoneNumber: seeded.displayPhoneNumber,
      flowIds: [flowIds.bookAppointment, flowIds.feedbackSurvey, flowIds.leadCapture, flowIds.draftFlow],
    },
    { name: seeded.verifiedName, registered: true, subscribedAppIds: [appId] },
  );
  state.tokens.set(seeded.token, {
    token: seeded.token,
    wabaIds: new Set([seeded.wabaId]),
    label: 'seeded system user',
  });
  // The demo's customers who wrote recently (server/src/seed/demo-conversations.ts): Meta knows their
  // 24-hour window is open, so the demo can answer them.
  for (const customer of seededCustomers) {
    state.upsertCustomer(customer.waId, customer.name).lastInboundAt = Date.now() - customer.minutesAgo * 60_000;
  }
}

const seededCustomers = [
  { waId: '15550001', name: 'Maria Silva', minutesAgo: 40 },
  { waId: '15550002', name: 'Tom Becker', minutesAgo: 180 },
];
