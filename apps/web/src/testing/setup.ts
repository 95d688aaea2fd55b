import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadSanitizer } from '../lib/sanitizer';

// The app loads the sanitiser with the first page; tests render rich text at once.
await loadSanitizer();

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
