import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import './styles/global.css';
import { App } from './app/app';
import { lazyQueryClient } from './app/lazy-query-client';
import { createAppRoutes } from './app/routes';
import { startUserCheck } from './app/user/user-check';

// The user check starts with the first script, beside the first page's calls.
const userCheck = startUserCheck();
const router = createBrowserRouter(createAppRoutes(lazyQueryClient(), userCheck));
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App router={router} userCheck={userCheck} />
  </StrictMode>,
);
