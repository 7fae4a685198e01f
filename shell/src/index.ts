import { registerRemotesFromPointer } from './federation/register-remotes';

// Boot: learn where the remotes live from /remotes.json, register them, then cross the async boundary.
registerRemotesFromPointer()
  .catch((error: unknown) => {
    // Without the pointer no remote can load; the shell still starts and each outlet offers Retry.
    console.error('[parley] could not read /remotes.json', error);
  })
  // Named: the server preloads this group's chunks from index.html (route-preload.ts, chunk-groups.json).
  .then(() => import(/* webpackChunkName: "shell-app" */ './bootstrap'));
