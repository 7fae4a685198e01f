import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { customerPageHtml } from './customer-page';
import { outboxHtml, readOutbox } from './outbox';
import { flowPreviewPng, samplePng } from './png';
import { relayHtml, sdkScript } from './sdk-script';

/** Human-facing pages: customers, fake Facebook SDK, outbox, flow previews. */
export function registerPageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const previews = new Map<string, Buffer>();

  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(customerPageHtml));
  app.get('/sdk.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(sdkScript),
  );
  app.get('/en_US/sdk.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(sdkScript),
  );
  app.get('/sdk/relay.html', async (_request, reply) => reply.type('text/html; charset=utf-8').send(relayHtml));
  app.options('/_sandbox/*', async (_request, reply) => reply.code(204).send());

  app.get('/outbox', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(outboxHtml(await readOutbox(ctx.options.outboxDir), ctx.options.outboxDir)),
  );
  app.get('/outbox.json', async () => readOutbox(ctx.options.outboxDir));

  app.get<{ Params: { id: string } }>('/flows/:id/preview.png', async (request, reply) => {
    const flow = ctx.state.findFlow(request.params.id);
    if (!flow) return reply.code(404).send({ message: 'No such flow.' });
    let png = previews.get(flow.id);
    if (!png) {
      png = flowPreviewPng(flow);
      previews.set(flow.id, png);
    }
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=3600')
      .header('access-control-allow-origin', '*')
      .send(png);
  });
  app.get('/samples/photo.png', async (_request, reply) => reply.type('image/png').send(samplePng()));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());
}
