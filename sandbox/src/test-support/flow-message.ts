/** The body a business POSTs to /{phone}/messages to send a flow (an interactive message of type `flow`). */
export const flowMessage = (to: string, flowId: string, cta: string, flowToken: string, mode?: string) => ({
  messaging_product: 'whatsapp',
  to,
  type: 'interactive',
  interactive: {
    type: 'flow',
    body: { text: 'Book' },
    action: {
      name: 'flow',
      parameters: {
        flow_message_version: '3',
        flow_id: flowId,
        flow_cta: cta,
        flow_token: flowToken,
        ...(mode ? { mode } : {}),
      },
    },
  },
});
