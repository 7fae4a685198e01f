import fs from 'node:fs';
import path from 'node:path';

/** The newest 6-digit code mailed to `email` (the server writes mails to the outbox folder in tests). */
export async function latestCode(outboxDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = fs
      .readdirSync(outboxDir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .map(
        (name) =>
          JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8')) as {
            to: string;
            text: string;
            code?: string;
          },
      );
    const mail = mails.find((m) => m.to.toLowerCase() === email.toLowerCase());
    const code = mail?.code ?? mail?.text.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}
