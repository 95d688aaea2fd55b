import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { createAppNavigator } from './app/app-navigator';
import { lazyQueryClient } from './app/lazy-query-client';
import { createBrowserHistory } from './app/navigation/page-history';
import { startUserCheck } from './app/user/user-check';
import { afterThisTask } from './lib/after-this-task';

// The user check and the first page's calls start together, in the task right
// after this script's evaluation: two shorter tasks instead of one long one.
const started = afterThisTask();
const userCheck = started.then(startUserCheck);
const appNavigator = createAppNavigator(
  createBrowserHistory(),
  lazyQueryClient(),
  userCheck,
  started,
);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App navigator={appNavigator} userCheck={userCheck} />
  </StrictMode>,
);
