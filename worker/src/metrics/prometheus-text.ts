/**
 * A few counters and gauges written in Prometheus's text format (version 0.0.4), enough for the
 * worker's `/metrics` without a dependency: each metric has a name, a help line, a type and
 * samples by label set. Label values are the worker's own words (operation ids, statuses, kinds),
 * never anything a user sent.
 */
export type Labels = Readonly<Record<string, string>>;

export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

export interface MetricsRegistry {
  counter(name: string, help: string): Counter;
  /** A gauge read when the metrics are written (`read` may ask the store). */
  gauge(name: string, help: string, read: () => Promise<readonly Sample[]> | readonly Sample[]): void;
  /** Every metric as Prometheus text; a gauge whose reading fails is left out (its error to `onError`). */
  write(onError?: (name: string, error: unknown) => void): Promise<string>;
}

export interface Sample {
  labels?: Labels;
  value: number;
}

interface Metric {
  name: string;
  help: string;
  type: 'counter' | 'gauge';
  samples(): Promise<readonly Sample[]>;
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function createMetricsRegistry(): MetricsRegistry {
  const metrics: Metric[] = [];
  return {
    counter(name, help) {
      const values = new Map<string, { labels: Labels; value: number }>();
      metrics.push({ name, help, type: 'counter', samples: async () => [...values.values()] });
      return {
        inc(labels = {}, by = 1) {
          const key = JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
          const sample = values.get(key) ?? { labels, value: 0 };
          sample.value += by;
          values.set(key, sample);
        },
      };
    },
    gauge(name, help, read) {
      metrics.push({ name, help, type: 'gauge', samples: async () => read() });
    },
    async write(onError) {
      const parts: string[] = [];
      for (const metric of metrics) {
        let samples: readonly Sample[];
        try {
          samples = await metric.samples();
        } catch (error) {
          onError?.(metric.name, error);
          continue;
        }
        parts.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
        for (const sample of samples)
          parts.push(`${metric.name}${labelText(sample.labels)} ${number(sample.value)}`);
      }
      return `${parts.join('\n')}\n`;
    },
  };
}

function labelText(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  return `{${entries.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

/** Whole numbers as they are; fractions (credits) to the thousandth, as the ledger keeps them. */
function number(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
}
