import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A lazy screen's first import can take seconds on a loaded 2-core machine
// (CI runs the suites side by side): the find queries wait up to 5 s, not 1.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // A test in the node environment (the architecture's lint cases) has no page.
  globalThis.sessionStorage?.clear();
});
