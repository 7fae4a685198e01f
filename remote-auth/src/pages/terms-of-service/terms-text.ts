// The Terms of Service text. Each clause carries a plain-language summary shown above the legal wording
// (docs/product-rules.md#sign-in); the constants are those of docs/product-rules.md#constants.

export interface TermsClause {
  /** e.g. "8.2" */
  number: string;
  heading: string;
  /** Plain-language summary shown above the clause. */
  summary: string;
  text: string[];
}

export interface TermsSection {
  number: string;
  title: string;
  clauses: TermsClause[];
}

/** 1 September 2022 (shown in the user's locale: 9/1/2022 in en-US). */
export const TERMS_LAST_UPDATED = new Date(2022, 8, 1);

export const TERMS_INTRO = [
  'These Terms of Service (the “Terms”) govern access to and use of Parley, a shared inbox in which the staff of a business handle conversations with their customers over a business messaging channel (the “Service”). They form a contract between Parley (“Parley”, “we”, “us”) and the business or organisation that creates an account (the “Customer”, “you”).',
  'Each clause starts with a short summary in plain language. The summaries help you read the Terms; where a summary and the clause differ, the clause applies.',
];

export const TERMS_SECTIONS: TermsSection[] = [
  {
    number: '1',
    title: 'The Agreement',
    clauses: [
      {
        number: '1.1',
        heading: 'Acceptance',
        summary: 'By signing up or using Parley, your organisation agrees to these Terms.',
        text: [
          'By creating an account, ticking the box to agree to these Terms or using the Service, you accept these Terms on behalf of the Customer. If you do not agree, do not use the Service.',
        ],
      },
      {
        number: '1.2',
        heading: 'Authority',
        summary: 'The person who signs up must be allowed to bind the organisation.',
        text: [
          'The individual accepting these Terms confirms that they have the authority to bind the Customer. The account owner is responsible for every user the owner adds to the account.',
        ],
      },
    ],
  },
  {
    number: '2',
    title: 'Using the Service',
    clauses: [
      {
        number: '2.1',
        heading: 'Access',
        summary: 'You may use Parley for your business while these Terms are in force.',
        text: [
          'Subject to these Terms, we grant the Customer a non-exclusive, non-transferable right during the term to access and use the Service for its internal business purposes.',
        ],
      },
      {
        number: '2.2',
        heading: 'Accounts and Users',
        summary: 'Keep passwords secret and tell us quickly if an account is misused.',
        text: [
          'The Customer is responsible for the accuracy of account information, for keeping credentials confidential and for all activity under its account. The Customer will notify us promptly of any unauthorised use.',
        ],
      },
      {
        number: '2.3',
        heading: 'Messaging Channel',
        summary: 'The messaging channel belongs to a third party, and its own rules apply too.',
        text: [
          'The Service connects to a business messaging platform operated by a third party. The Customer must hold its own business account with that platform and comply with the platform’s terms and policies, including rules on customer consent, message templates and the customer service window. We are not responsible for the availability or decisions of that platform.',
        ],
      },
      {
        number: '2.4',
        heading: 'Acceptable Use',
        summary: 'No spam, nothing unlawful, and no attacks on the Service.',
        text: [
          'The Customer will not use the Service to send unsolicited or unlawful messages, to infringe the rights of others, to transmit malicious code, or to probe, overload or circumvent the security of the Service.',
        ],
      },
    ],
  },
  {
    number: '3',
    title: 'Customer Data',
    clauses: [
      {
        number: '3.1',
        heading: 'Ownership',
        summary: 'Your conversations, contacts and files remain yours.',
        text: [
          'As between the parties, the Customer owns all data it or its customers submit to the Service (“Customer Data”). The Customer grants us the right to host, process and transmit Customer Data only as needed to provide and support the Service.',
        ],
      },
      {
        number: '3.2',
        heading: 'Security and Privacy',
        summary: 'We protect your data and handle personal data as the law requires.',
        text: [
          'We maintain appropriate technical and organisational measures to protect Customer Data. Where we process personal data on the Customer’s behalf, we do so as a processor, on the Customer’s documented instructions and in line with applicable data protection law.',
        ],
      },
    ],
  },
  {
    number: '4',
    title: 'Confidentiality',
    clauses: [
      {
        number: '4.1',
        heading: 'Confidential Information',
        summary: 'Each side keeps the other side’s private information private.',
        text: [
          'Each party will use the other party’s confidential information only to perform under these Terms and will protect it with at least reasonable care. This does not apply to information that is public through no fault of the receiving party, was already known to it, or is independently developed.',
        ],
      },
    ],
  },
  {
    number: '5',
    title: 'Fees and Payment',
    clauses: [
      {
        number: '5.1',
        heading: 'Invoices',
        summary: 'Pay each invoice within 30 days.',
        text: [
          'Fees are set out in the Customer’s order or plan. Unless the order says otherwise, invoices are due within 30 days of the invoice date. Fees exclude taxes, which the Customer pays except for taxes on our income.',
        ],
      },
      {
        number: '5.2',
        heading: 'Late Payment',
        summary: 'If you pay late, we remind you first; after 15 more days we may charge a late fee or suspend.',
        text: [
          'If an undisputed amount is overdue, we will send the Customer a late notice. If the amount remains unpaid 15 days after that notice, we may suspend the Service until payment is received and charge a late fee on the overdue amount of the lesser of 1.5% per month or the maximum rate permitted by law.',
        ],
      },
      {
        number: '5.3',
        heading: 'Payment Disputes',
        summary: 'Tell us within 60 days if you think an invoice is wrong.',
        text: [
          'The Customer must raise any good-faith dispute about an invoice in writing within 60 days of the invoice date, after which the invoice is treated as accepted. We will not charge late fees or suspend the Service for an amount disputed in good faith while the parties work to resolve it.',
        ],
      },
    ],
  },
  {
    number: '6',
    title: 'Changes',
    clauses: [
      {
        number: '6.1',
        heading: 'Changes to the Service',
        summary: 'Parley will improve over time, without taking away what you rely on.',
        text: [
          'We may update the Service from time to time. We will not make a change that materially reduces the core functionality of the Service during a paid term.',
        ],
      },
      {
        number: '6.2',
        heading: 'API Changes',
        summary: 'We give 60 days’ notice before changing our API in a way that breaks your integration.',
        text: [
          'We will give the Customer at least 60 days’ notice before making a backwards-incompatible change to a documented API, unless a shorter period is required by law, for security reasons or by a change of the third-party messaging platform.',
        ],
      },
      {
        number: '6.3',
        heading: 'Changes to these Terms',
        summary: 'We give 30 days’ notice before new Terms apply to you.',
        text: [
          'We may change these Terms by giving the Customer at least 30 days’ notice. The changed Terms apply from the date stated in the notice. If the Customer does not agree, it may end the agreement before that date under clause 8.2.',
        ],
      },
    ],
  },
  {
    number: '7',
    title: 'Warranties and Liability',
    clauses: [
      {
        number: '7.1',
        heading: 'Warranties and Disclaimer',
        summary: 'We provide Parley with care, but we cannot promise it will never fail.',
        text: [
          'We will provide the Service with reasonable skill and care. Except as expressly stated in these Terms, the Service is provided “as is” and each party disclaims all other warranties, express or implied, to the extent permitted by law.',
        ],
      },
      {
        number: '7.2',
        heading: 'Limitation of Liability',
        summary: 'Neither side pays for indirect losses, and total liability is capped at 12 months of fees.',
        text: [
          'Neither party is liable for indirect, incidental, special or consequential damages, or for lost profits or revenue. Each party’s total liability arising out of these Terms is limited to the fees paid or payable by the Customer in the 12 months before the event giving rise to the liability. These limits do not apply to the Customer’s payment obligations or where the law does not allow them.',
        ],
      },
    ],
  },
  {
    number: '8',
    title: 'Term, Termination and Survival',
    clauses: [
      {
        number: '8.1',
        heading: 'Term',
        summary: 'The agreement runs from sign-up until either side ends it.',
        text: [
          'These Terms start when the Customer first accepts them and continue until terminated as set out in this section.',
        ],
      },
      {
        number: '8.2',
        heading: 'Termination for Convenience',
        summary: 'Either side may end the agreement with 30 days’ notice.',
        text: [
          'Either party may terminate these Terms for any reason by giving the other party at least 30 days’ written notice.',
        ],
      },
      {
        number: '8.3',
        heading: 'Termination for Breach',
        summary:
          'If one side seriously breaks the Terms and does not fix it within 15 days, the other may end the agreement.',
        text: [
          'Either party may terminate these Terms by written notice if the other party materially breaches them and does not cure the breach within 15 days after receiving notice describing it.',
        ],
      },
      {
        number: '8.4',
        heading: 'Insolvency',
        summary: 'Either side may end the agreement at once if the other goes bankrupt.',
        text: [
          'Either party may terminate these Terms immediately by written notice if the other party becomes insolvent, makes a general assignment for the benefit of creditors, has a receiver, administrator or similar officer appointed, or becomes the subject of bankruptcy or liquidation proceedings that are not dismissed.',
        ],
      },
      {
        number: '8.5',
        heading: 'Effect of Termination',
        summary: 'When the agreement ends, access stops; you can take your data out before then.',
        text: [
          'On termination, the Customer’s right to use the Service ends and the Customer pays all fees accrued up to the termination date. Until termination takes effect the Customer may export its Customer Data; afterwards we will delete it in line with our data retention practices, unless the law requires us to keep it.',
        ],
      },
      {
        number: '8.6',
        heading: 'Survival',
        summary: 'Some promises, such as payment, confidentiality and liability limits, continue after the end.',
        text: [
          'Sections 3 (Customer Data), 4 (Confidentiality), 5 (for amounts owed), 7 (Warranties and Liability), 8.5 (Effect of Termination), 8.6 (Survival) and 9 (General), and any other provision that by its nature should survive, survive termination of these Terms.',
        ],
      },
    ],
  },
  {
    number: '9',
    title: 'General',
    clauses: [
      {
        number: '9.1',
        heading: 'Affiliates',
        summary: 'Your related companies may use your account, and you answer for them.',
        text: [
          'The Customer may allow its affiliates to use the Service under the Customer’s account. The Customer remains responsible for its affiliates’ compliance with these Terms. We may use our affiliates to provide parts of the Service and remain responsible for them.',
        ],
      },
      {
        number: '9.2',
        heading: 'Assignment',
        summary: 'Neither side may hand the agreement to someone else without consent, except in a merger or sale.',
        text: [
          'Neither party may assign or transfer these Terms without the other party’s prior written consent, which will not be unreasonably withheld, except that either party may assign them without consent to an affiliate or to a successor in a merger, acquisition or sale of all or substantially all of its assets or business. Any other attempted assignment is void.',
        ],
      },
      {
        number: '9.3',
        heading: 'Relationship of the Parties',
        summary: 'We are independent businesses, not partners or employees.',
        text: [
          'The parties are independent contractors. Nothing in these Terms creates a partnership, franchise, joint venture, agency, fiduciary or employment relationship between the parties.',
        ],
      },
      {
        number: '9.4',
        heading: 'No Third-Party Beneficiaries',
        summary: 'Only Parley and you can enforce these Terms.',
        text: [
          'These Terms are for the sole benefit of the parties and their permitted successors and assigns. Nothing in them gives any other person, including the Customer’s own customers, any right or remedy.',
        ],
      },
      {
        number: '9.5',
        heading: 'Notices',
        summary: 'Formal notices are sent in writing, usually by email.',
        text: [
          'Notices under these Terms must be in writing. We send notices to the email address of the account owner; the Customer sends notices to the address we publish for legal notices. A notice is received when delivered, or for email on the next business day after it is sent without a delivery failure.',
        ],
      },
      {
        number: '9.6',
        heading: 'Governing Law',
        summary: 'Florida law applies, and the courts are in Miami, Florida.',
        text: [
          'These Terms are governed by the laws of the State of Florida and the federal laws of the United States that apply there, without regard to conflict-of-laws rules. Subject to clause 9.7, the state and federal courts located in Miami, Florida have exclusive jurisdiction, and each party consents to their jurisdiction.',
        ],
      },
      {
        number: '9.7',
        heading: 'Dispute Resolution and Arbitration',
        summary: 'We first try to settle a dispute between managers for 30 days; if that fails, an arbitrator decides.',
        text: [
          'A party raising a dispute will give written notice, and senior representatives of both parties will try in good faith to resolve it. If the dispute is not resolved within 30 days of that notice, it will be finally settled by binding arbitration before a single arbitrator, seated in Miami, Florida and conducted in English. Either party may seek urgent injunctive relief from a competent court at any time.',
        ],
      },
      {
        number: '9.8',
        heading: 'Force Majeure',
        summary: 'Neither side is to blame for delays caused by events outside its control.',
        text: [
          'Neither party is liable for a failure or delay in performance (other than payment obligations) caused by events beyond its reasonable control, such as natural disasters, war, terrorism, labour disputes, government action, or failures of the internet, utilities or third-party platforms.',
        ],
      },
      {
        number: '9.9',
        heading: 'Waiver and Order of Precedence',
        summary:
          'Not enforcing a right once does not give it up, and a signed order beats these Terms if they conflict.',
        text: [
          'A failure or delay in exercising a right is not a waiver of it; a waiver must be in writing. If documents conflict, they apply in this order: a signed order form, then these Terms (including section 10), then any other document referred to in them.',
        ],
      },
      {
        number: '9.10',
        heading: 'Severability',
        summary: 'If one part is invalid, the rest still applies.',
        text: [
          'If any provision of these Terms is held invalid or unenforceable, it will be enforced to the maximum extent permissible and the remaining provisions remain in full force and effect.',
        ],
      },
      {
        number: '9.11',
        heading: 'Entire Agreement',
        summary: 'These Terms and your order are the whole deal between us.',
        text: [
          'These Terms, together with any order form, are the entire agreement between the parties about the Service and replace all prior or contemporaneous agreements, proposals and representations on that subject. Terms in a Customer purchase order do not apply.',
        ],
      },
    ],
  },
  {
    number: '10',
    title: 'Additional Terms',
    clauses: [
      {
        number: '10.1',
        heading: 'United States Government Bodies',
        summary:
          'Public bodies in the United States get the terms the law requires of them, including 15 days’ notice before late-payment action.',
        text: [
          'If the Customer is an agency or other body of the United States federal, state or local government, these Terms apply only to the extent permitted by the laws that bind it. Provisions the Customer cannot accept by law, such as indemnities, automatic renewals or a choice of law or forum, do not apply to it, and the law governing the Customer applies where it must.',
          'Before charging any late fee or suspending the Service for non-payment, we will send the Customer a written late-payment notice and allow 15 days from that notice for payment. Late fees are charged only where and to the extent the law permits.',
        ],
      },
      {
        number: '10.2',
        heading: 'Small Organisations in the EEA and the United Kingdom',
        summary: 'Small organisations in Europe and the UK keep the protections their local law gives them.',
        text: [
          'If the Customer is established in the European Economic Area or the United Kingdom and is a micro or small enterprise under the law that applies to it, these Terms do not limit any right it has under mandatory local law. In particular, the Customer may end these Terms without charge before changed Terms take effect under clause 6.3, our liability for death or personal injury caused by negligence, fraud or wilful misconduct is not limited, and personal data is processed under the General Data Protection Regulation or the UK GDPR as applicable.',
          'Nothing in clause 9.6 or 9.7 deprives such a Customer of the protection of the mandatory rules of the country where it is established, or of its right to bring a claim before the courts of that country.',
        ],
      },
      {
        number: '10.3',
        heading: 'Entities in Brazil',
        summary: 'Organisations in Brazil are covered by Brazil’s data protection law and tax rules.',
        text: [
          'If the Customer is an entity organised in Brazil, personal data is processed in accordance with Brazil’s General Data Protection Law (Lei Geral de Proteção de Dados, Law No. 13,709/2018), and each party is responsible for the obligations that law places on it. Fees are stated without Brazilian taxes; where the law requires the Customer to withhold tax, the Customer will provide the official receipts.',
          'The parties agree that these Terms are written in English and that any translation is for convenience only, except where Brazilian law requires otherwise.',
        ],
      },
    ],
  },
];
