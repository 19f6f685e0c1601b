/**
 * The monitoring files in deploy/ (docs/decisions/0088) name metrics the app really serves: every
 * metric in the Grafana dashboard's queries and in the alert rules is in what GET /metrics answers
 * (or is Prometheus's own `up`), so a renamed metric breaks this test, not an operator's night.
 * The rules' behaviour is tested by promtool (deploy/prometheus/test.sh).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

const deployFile = (p: string) => readFileSync(fileURLToPath(new URL(`../../../deploy/${p}`, import.meta.url)), 'utf8');

/** Series Prometheus makes itself for every target: not the app's to serve. */
const FROM_PROMETHEUS = new Set(['up']);
const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset', 'inf', 'nan']);

/** The metric names a PromQL expression reads (Grafana's $variables allowed): what is neither a function, a keyword, a label nor a number. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""') // strings
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ') // label lists
    .replace(/\boffset\s+\S+/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ') // Grafana variables
    .replace(/(?<![\w:])\d+(\.\d+)?(e[+-]?\d+)?/gi, ' '); // numbers
  const names: string[] = [];
  for (const m of bare.matchAll(/[a-zA-Z_:][\w:]*/g)) {
    const isFunction = bare
      .slice(m.index + m[0].length)
      .trimStart()
      .startsWith('(');
    if (!isFunction && !PROMQL_WORDS.has(m[0].toLowerCase())) names.push(m[0]);
  }
  return names;
}

/** The `expr:` of each rule in a rules file as we write it (one line, or a `|` block below). */
function ruleExprs(yaml: string): string[] {
  const lines = yaml.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)expr:\s*(.*)$/.exec(lines[i]!);
    if (!m) continue;
    if (m[2] !== '|' && m[2] !== '>') {
      out.push(m[2]!);
      continue;
    }
    const body: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1]!.trim() === '' || lines[i + 1]!.search(/\S/) > m[1]!.length)) body.push(lines[++i]!);
    out.push(body.join('\n'));
  }
  return out;
}

/** Every sample name the exposition text can have: its samples, and each histogram's or summary's series even before a first observation. */
function servedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\w+)$/.exec(line);
    if (type) {
      const [, name, kind] = type as unknown as [string, string, string];
      names.add(name);
      if (kind === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
      if (kind === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
      continue;
    }
    const sample = /^([a-zA-Z_:][\w:]*)[{ ]/.exec(line);
    if (sample) names.add(sample[1]!);
  }
  return names;
}

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { expr: string; refId: string }[];
}

describe('the PromQL reader', () => {
  it('finds the metrics of an expression and nothing else', () => {
    expect(
      metricNames('histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{job="$job", route!="/metrics"}[$__rate_interval])))'),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNames('sum(rate(a_total{status_code=~"5.."}[5m])) / sum(rate(b_total[5m])) > 0.05 and on (job) c > 1e3')).toEqual(['a_total', 'b_total', 'c']);
    expect(metricNames('max by (job) (delta(sf_mail_queue_depth{job="speed-friendship"}[15m])) > 0')).toEqual(['sf_mail_queue_depth']);
    expect(metricNames('up{job="$job"} == 0')).toEqual(['up']);
  });
});

describe('deploy/grafana and deploy/prometheus name what /metrics serves', () => {
  let t: TestContext;
  let served: Set<string>;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    served = servedNames(res.body);
  });
  afterAll(() => t?.close());

  const unknown = (names: string[]) => names.filter((n) => !served.has(n) && !FROM_PROMETHEUS.has(n));

  it('the app serves the figures the files are about (the reader of the exposition text reads it)', () => {
    for (const name of ['http_request_duration_seconds_bucket', 'sf_database_up', 'sf_mail_queue_depth', 'sf_build_info', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(served.has(name), name).toBe(true);
    }
  });

  it('the dashboard is valid JSON whose every query reads metrics the app serves', () => {
    const dashboard = JSON.parse(deployFile('grafana/speed-friendship.json')) as {
      uid: string;
      title: string;
      panels: Panel[];
      templating: { list: { name: string; type: string; query: string | { query: string } }[] };
    };
    expect(dashboard.uid).toBe('speed-friendship');
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    const exprs = panels.flatMap((p) => (p.targets ?? []).map((target) => ({ where: `${p.title} ${target.refId}`, expr: target.expr })));
    // Every figure of issue 38: requests and 5xx by route, latency, event-loop lag, mail queue, database up, instances up, build info.
    for (const name of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_p99_seconds',
      'sf_mail_queue_depth',
      'sf_mail_queue_oldest_age_seconds',
      'sf_database_up',
      'up',
      'sf_build_info',
    ]) {
      expect(
        exprs.some((e) => metricNames(e.expr).includes(name)),
        name,
      ).toBe(true);
    }
    for (const p of panels) {
      expect(p.datasource, p.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
    }
    for (const { where, expr } of exprs) {
      const names = metricNames(expr);
      expect(names.length, `${where}: ${expr}`).toBeGreaterThan(0);
      expect(unknown(names), `${where}: ${expr}`).toEqual([]);
    }
    // The instance picker's query: label_values(METRIC{...}, label).
    for (const v of dashboard.templating.list.filter((v) => v.type === 'query')) {
      const query = typeof v.query === 'string' ? v.query : v.query.query;
      const metric = /^label_values\(\s*([a-zA-Z_:][\w:]*)/.exec(query)?.[1];
      expect(metric, query).toBeDefined();
      expect(unknown([metric!]), query).toEqual([]);
    }
  });

  it('every alert rule reads metrics the app serves', () => {
    const rules = deployFile('prometheus/alerts.yml');
    const exprs = ruleExprs(rules);
    expect(exprs.length).toBe((rules.match(/^\s*- alert: /gm) ?? []).length);
    expect(exprs.length).toBeGreaterThanOrEqual(7);
    for (const expr of exprs) {
      const names = metricNames(expr);
      expect(names.length, expr).toBeGreaterThan(0);
      expect(unknown(names), expr).toEqual([]);
    }
  });

  it('the scrape example and the alert rules agree on the job name', () => {
    const job = /job_name:\s*(\S+)/.exec(deployFile('prometheus/prometheus.yml'))?.[1];
    expect(job).toBe('speed-friendship');
    for (const expr of ruleExprs(deployFile('prometheus/alerts.yml'))) expect(expr).toContain(`job="${job}"`);
  });
});
