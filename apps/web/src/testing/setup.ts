import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadSanitizer } from '../lib/sanitizer';
import { headerBanner } from '../app/shell/header-banner-module';

// Tests in the node environment (the lint test of src/architecture) have no page to set up.
if (typeof window !== 'undefined') {
  // The app loads the sanitiser with the first page; tests render rich text at once.
  await loadSanitizer();
  await headerBanner.load();

  afterEach(() => {
    cleanup();
    localStorage.clear();
    document.cookie.split(';').forEach((cookie) => {
      const name = cookie.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    });
  });
}
