import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format'

/** An instance's /metrics, as Prometheus reads it, with the text it parsed. */
export async function scrapeMetrics(serverUrl: string): Promise<{ metrics: MetricFamily[]; text: string; response: Response }> {
  const response = await fetch(`${serverUrl}/metrics`)
  const text = await response.text()
  return { metrics: response.ok ? parsePrometheusTextFormat(text) : [], text, response }
}

export const metricFamily = (metrics: MetricFamily[], name: string) => metrics.find((metric) => metric.name === name)

/** The value of a metric's sample that has the given labels (its first sample without). */
export function metricValue(metrics: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
  const samples = metricFamily(metrics, name)?.metrics ?? []
  const sample = samples.find((candidate) => Object.entries(labels).every(([label, value]) => candidate.labels?.[label] === value))
  return Number(sample?.value)
}
