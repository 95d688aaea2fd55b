// The few parts of the load generator's API the benchmarks use.
declare module 'autocannon' {
  type Options = { url: string; connections?: number; duration?: number; pipelining?: number };
  type Histogram = { average: number; p99: number };
  type Result = { requests: Histogram & { total: number }; latency: Histogram; non2xx: number; errors: number };
  export default function autocannon(options: Options): Promise<Result>;
}
