import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  code?: string;
  sentAt: string;
}

/** Reads the mails the Parley server wrote as JSON files, newest first. A missing folder is an empty outbox. */
export async function readOutbox(directory: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(directory, name);
      try {
        const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<OutboxMail>;
        const sentAt = parsed.sentAt ?? (await stat(file)).mtime.toISOString();
        return {
          file: name,
          to: String(parsed.to ?? ''),
          subject: String(parsed.subject ?? ''),
          text: String(parsed.text ?? ''),
          ...(parsed.html ? { html: String(parsed.html) } : {}),
          ...(parsed.code ? { code: String(parsed.code) } : {}),
          sentAt: String(sentAt),
        };
      } catch {
        return undefined;
      }
    }),
  );
  return mails
    .filter((mail): mail is OutboxMail => mail !== undefined)
    .sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt));
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function outboxHtml(mails: OutboxMail[], directory: string): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escape(mail.subject)}</h2>
  <p class="meta">To <strong>${escape(mail.to)}</strong> · ${escape(new Date(mail.sentAt).toLocaleString('en-GB'))}</p>
  ${mail.code ? `<p>Code: <code class="code">${escape(mail.code)}</code></p>` : ''}
  <pre>${escape(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>Parley sandbox — outbox</title>
<style>body{font:14px system-ui,sans-serif;max-width:800px;margin:auto;padding:16px;background:#f0f2f5}article{background:#fff;border-radius:8px;padding:12px 16px;margin:12px 0}
.meta{color:#667781}.code{font-size:22px;letter-spacing:4px;background:#d9fdd3;padding:2px 8px;border-radius:4px}pre{white-space:pre-wrap}</style></head>
<body><h1>Outbox</h1><p class="meta">Mails the Parley server wrote to ${escape(directory)} (newest first, refreshes every 5 s). <a href="/">Customers</a></p>
${items || '<p>No mails yet.</p>'}
</body></html>`;
}
