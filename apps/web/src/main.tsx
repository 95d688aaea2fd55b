import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { createAppNavigator } from './app/app-navigator';
import { lazyQueryClient } from './app/lazy-query-client';
import { createBrowserHistory } from './app/navigation/page-history';
import { startUserCheck } from './app/user/user-check';

// The user check starts with the first script, beside the first page's calls,
// which the navigator starts at once.
const userCheck = startUserCheck();
const appNavigator = createAppNavigator(createBrowserHistory(), lazyQueryClient(), userCheck);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App navigator={appNavigator} userCheck={userCheck} />
  </StrictMode>,
);
