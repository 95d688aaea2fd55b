import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { createAppNavigator } from './app/app-navigator';
import { lazyQueryClient } from './app/lazy-query-client';
import { createBrowserHistory } from './shared/navigation/page-history';
import { exchangeHandoverCode, takeHandoverCode } from './shared/user/session-handover';
import { startUserCheck } from './shared/user/user-check';
import { afterThisTask } from './lib/after-this-task';

// Start-up in short tasks after this script's evaluation: the user check,
// then the first page's calls, then its chunks (the page loader yields between
// them). Every request costs the main thread; one long task would block it.
// A member sent here from another country's site brings a handover code: it
// leaves the address before the router reads it, and becomes this site's
// session before the user check and the first page.
const handoverCode = takeHandoverCode();
const checkStarted = afterThisTask();
const sessionReady =
  handoverCode === null
    ? checkStarted
    : checkStarted.then(() => exchangeHandoverCode(handoverCode));
const userCheck = sessionReady.then(startUserCheck);
const appNavigator = createAppNavigator(
  createBrowserHistory(),
  lazyQueryClient(),
  userCheck,
  sessionReady.then(afterThisTask),
);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App navigator={appNavigator} userCheck={userCheck} />
  </StrictMode>,
);
