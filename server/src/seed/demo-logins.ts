/** The demo's sign-ins, in one place: the seed creates them; README and `npm start` print them. */
export const DEMO_ACCOUNT_NAME = 'Parley Demo';

export const DEMO_LOGINS = {
  owner: { fullName: 'Olivia Owner', title: 'Founder', email: 'owner@parley.test', password: 'parley-owner' },
  agent: { fullName: 'Adam Agent', title: 'Support agent', email: 'agent@parley.test', password: 'parley-agent' },
} as const;
