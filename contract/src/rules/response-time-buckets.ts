/**
 * The Reports page's first-response buckets (GET /api/reports, docs/api.md#reports-owner): upper bounds in
 * seconds, the last bucket everything slower. `label` is the English name; screens name them in their language.
 */
export const RESPONSE_TIME_BUCKETS = [
  { label: 'Under 1 min', upToSeconds: 60 },
  { label: '1–5 min', upToSeconds: 300 },
  { label: '5–15 min', upToSeconds: 900 },
  { label: '15–60 min', upToSeconds: 3600 },
  { label: '1–4 h', upToSeconds: 14_400 },
  { label: '4–24 h', upToSeconds: 86_400 },
  { label: 'Over 24 h', upToSeconds: null },
] as const;
