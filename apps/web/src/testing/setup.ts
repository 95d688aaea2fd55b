import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A lazy screen's first import can take seconds on a loaded 2-core machine
// (CI runs the suites side by side): the find queries wait up to 5 s, not 1.
configure({ asyncUtilTimeout: 5_000 });
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
