import { z } from 'zod';

/** GET /metrics: the Prometheus text exposition format (src/server/plugins/metrics.ts writes it). */
export const metricsText = z.string().describe('text/plain; version=0.0.4');
