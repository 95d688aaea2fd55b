/** URL of a path on a country's subdomain of the test server (Chromium resolves `*.localhost` itself). */
export function countryUrl(countryCode: string, path = '/'): string {
  const port = process.env.E2E_PORT ?? '3100';
  return `http://${countryCode}.localhost:${port}${path}`;
}
