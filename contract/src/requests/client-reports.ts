/** POST /api/client-reports: the shell reports a remote that failed to load, fell back, or crashed (docs/operations.md). */
import { z } from 'zod';

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
const NAME = /^[a-z][a-z0-9_-]{0,63}$/;
const MODULE = /^[a-z][a-z0-9_-]{0,63}\/[A-Za-z0-9_./-]{1,80}$/;

/** Which remote, which versions, which page module and a short error text: never user data. */
export const clientReportBody = z.object({
  kind: z.enum(['load-failed', 'fallback', 'crash']),
  remote: z.string().regex(NAME, 'remote must be a remote name'),
  version: z.string().regex(VERSION, 'version must be a version'),
  /** The version used instead (kind 'fallback'). */
  fallbackVersion: z.string().regex(VERSION, 'fallbackVersion must be a version').optional(),
  module: z.string().regex(MODULE, 'module must be a federation module id').optional(),
  /** The error's own text, cut short by the shell; never page content or user input. */
  error: z.string().max(300, 'error must be at most 300 characters').optional(),
});

export type ClientReport = z.infer<typeof clientReportBody>;
