import { formatDateWith, useLanguage, useTexts, type PageProps } from '@parley/shared';
import { Typography } from 'antd';
import { InternalLink } from '../../components/internal-link';
import { texts } from '../../i18n';
import { TERMS_INTRO, TERMS_LAST_UPDATED, TERMS_SECTIONS, type TermsClause } from './terms-text';

function Clause({ clause }: { clause: TermsClause }) {
  const t = useTexts(texts);
  return (
    <section aria-labelledby={`clause-${clause.number}`} style={{ marginBottom: 20 }}>
      <Typography.Title level={4} id={`clause-${clause.number}`} style={{ marginBottom: 8 }}>
        {clause.number} {clause.heading}
      </Typography.Title>
      <div
        className="terms-summary"
        style={{
          background: 'color-mix(in srgb, var(--ant-color-primary) 10%, var(--ant-color-bg-container))',
          borderLeft: '4px solid var(--ant-color-primary)',
          borderRadius: 4,
          padding: '8px 12px',
          marginBottom: 8,
        }}
      >
        <Typography.Text strong>{t('terms.plainLanguage')}</Typography.Text>
        <Typography.Text>{clause.summary}</Typography.Text>
      </div>
      {clause.text.map((paragraph) => (
        <Typography.Paragraph key={paragraph.slice(0, 40)}>{paragraph}</Typography.Paragraph>
      ))}
    </section>
  );
}

/** Public page, opened in a new tab from links (docs/product-rules.md#routes). */
export function TermsOfServicePage({ navigate }: PageProps) {
  const t = useTexts(texts);
  const language = useLanguage();
  const updated = formatDateWith(TERMS_LAST_UPDATED, { year: 'numeric', month: 'numeric', day: 'numeric' });
  return (
    <div
      style={{
        background: 'var(--ant-color-bg-layout)',
        minHeight: '100vh',
        padding: '32px 16px',
        boxSizing: 'border-box',
      }}
    >
      <article
        style={{
          maxWidth: 860,
          margin: '0 auto',
          background: 'var(--ant-color-bg-container)',
          borderRadius: 8,
          padding: '24px 32px',
        }}
      >
        {/* Opened in a new tab, it has no history to go back to: a way into the app (login when signed out). */}
        <InternalLink to="/main" navigate={navigate}>
          {t('terms.back')}
        </InternalLink>
        <Typography.Title level={1} style={{ marginTop: 8 }}>
          {t('terms.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('terms.lastUpdated', { date: updated })}</Typography.Paragraph>
        {/* The legal text is English only (a translation would need a legal review). */}
        {language !== 'en' && <Typography.Paragraph strong>{t('terms.englishOnly')}</Typography.Paragraph>}
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
