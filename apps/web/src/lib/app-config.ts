/**
 * Client configuration, injected by the server into index.html as
 * `<meta name="club-config" content="{…json…}">` so one build serves every
 * deployment (spec 2 §9 "Configuration flags").
 */
export type AppConfig = {
  /** Production: a missing direct-access redirect URL raises no alert. */
  production: boolean;
  /** Whether client errors are posted to `/content/v1/log`. */
  errorLog: boolean;
  /** Where token, userId and cookiesAlertClosed are kept. */
  tokenStorage: 'local' | 'cookie';
  /** The public root domain, e.g. `localhost` or `club.example`; countries are its subdomains. */
  rootDomain: string;
};

const defaults: AppConfig = {
  production: false,
  errorLog: false,
  tokenStorage: 'local',
  rootDomain: 'localhost',
};

let cached: AppConfig | undefined;

export function appConfig(): AppConfig {
  if (cached) return cached;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="club-config"]');
  let injected: Partial<AppConfig>;
  try {
    injected = JSON.parse(meta?.content ?? '{}') as Partial<AppConfig>;
  } catch {
    injected = {};
  }
  cached = { ...defaults, ...injected };
  return cached;
}

/** For tests only. */
export function setAppConfigForTests(config: Partial<AppConfig>): void {
  cached = { ...defaults, ...config };
}
