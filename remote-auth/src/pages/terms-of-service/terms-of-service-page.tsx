import type { PageProps } from '@parley/shared';
import { Typography } from 'antd';
import { TERMS_INTRO, TERMS_LAST_UPDATED, TERMS_SECTIONS, type TermsClause } from './terms-text';

function Clause({ clause }: { clause: TermsClause }) {
  return (
    <section aria-labelledby={`clause-${clause.number}`} style={{ marginBottom: 20 }}>
      <Typography.Title level={4} id={`clause-${clause.number}`} style={{ marginBottom: 8 }}>
        {clause.number} {clause.heading}
      </Typography.Title>
      <div
        className="terms-summary"
        style={{
          background: '#e8f5f3',
          borderLeft: '4px solid #128c7e',
          borderRadius: 4,
          padding: '8px 12px',
          marginBottom: 8,
        }}
      >
        <Typography.Text strong>In plain language: </Typography.Text>
        <Typography.Text>{clause.summary}</Typography.Text>
      </div>
      {clause.text.map((paragraph) => (
        <Typography.Paragraph key={paragraph.slice(0, 40)}>{paragraph}</Typography.Paragraph>
      ))}
    </section>
  );
}

/** Public page, opened in a new tab from links (spec section 2). */
export function TermsOfServicePage(_props: PageProps) {
  return (
    <div style={{ background: '#f0f2f5', minHeight: '100vh', padding: '32px 16px', boxSizing: 'border-box' }}>
      <article style={{ maxWidth: 860, margin: '0 auto', background: '#fff', borderRadius: 8, padding: '24px 32px' }}>
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          Terms of Service
        </Typography.Title>
        <Typography.Paragraph type="secondary">This page was last updated {TERMS_LAST_UPDATED}.</Typography.Paragraph>
        {TERMS_INTRO.map((paragraph) => (
          <Typography.Paragraph key={paragraph.slice(0, 40)}>{paragraph}</Typography.Paragraph>
        ))}
        {TERMS_SECTIONS.map((section) => (
          <section key={section.number} aria-labelledby={`section-${section.number}`}>
            <Typography.Title level={2} id={`section-${section.number}`}>
              {section.number}. {section.title}
            </Typography.Title>
            {section.clauses.map((clause) => (
              <Clause key={clause.number} clause={clause} />
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}
