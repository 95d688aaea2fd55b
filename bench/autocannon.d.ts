// The few parts of the load generator's API the benchmarks use.
declare module 'autocannon' {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: 'GET' | 'POST' | 'PUT';
    headers?: Record<string, string>;
    body?: string;
    /** Called once per connection, e.g. to give each its own body. */
    setupClient?: (client: { setBody(body: string): void }) => void;
  };
  type Histogram = { average: number; p50: number; p99: number };
  type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
