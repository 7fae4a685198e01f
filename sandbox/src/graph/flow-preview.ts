import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import type { SandboxFlow } from '../state';

/**
 * The flow's `preview.preview_url` (Meta's Flows API, "Preview a flow"): a web page showing the flow, like
 * business.facebook.com/wa/manage/flows/<id>/preview/?token=…, not an image. Its link expires (`expires_at`).
 */
export function flowPreviewUrl(ctx: SandboxContext, flow: SandboxFlow): string {
  return `${ctx.options.publicUrl}/wa/manage/flows/${flow.id}/preview/?token=${randomBytes(16).toString('base64url')}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function previewPage(flow: SandboxFlow): string {
  const fields = flow.fields
    .map((field) => {
      const label = `<label>${escapeHtml(field.label)}${field.required ? ' *' : ''}</label>`;
      const input =
        field.kind === 'choice'
          ? `<select disabled>${(field.options ?? []).map((option) => `<option>${escapeHtml(option)}</option>`).join('')}</select>`
          : `<input disabled type="${field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}">`;
      return `<p>${label}<br>${input}</p>`;
    })
    .join('');
  const [r, g, b] = flow.color;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(flow.name)} – preview</title>
<style>body{font-family:sans-serif;margin:0}header{background:rgb(${r},${g},${b});color:#fff;padding:12px 16px}
main{padding:8px 16px}input,select{width:100%;padding:6px}</style></head>
<body><header>${escapeHtml(flow.name)}</header><main>${fields}<button disabled>Submit</button></main></body></html>`;
}

export function registerFlowPreviewPage(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { id: string } }>('/wa/manage/flows/:id/preview/', async (request, reply) => {
    const flow = ctx.state.findFlow(request.params.id);
    if (!flow) return reply.code(404).type('text/html; charset=utf-8').send('<h1>Flow not found</h1>');
    return reply.type('text/html; charset=utf-8').send(previewPage(flow));
  });
}
